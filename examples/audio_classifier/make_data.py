"""Write a small, learnable synthetic data set of WAV files: calls (frequency sweeps) vs noise and tones.

    python make_data.py --out data --per-class 200 [--seconds 2] [--seed 0]

Creates data/positive/*.wav (an upward sweep, like a call, buried in noise) and data/negative/*.wav
(noise, sometimes with steady tones). 16 kHz, 16-bit mono. Needs only numpy and the standard library.
"""

from __future__ import annotations

import argparse
import wave
from pathlib import Path

import numpy as np

RATE = 16_000


def _write(path: Path, signal: np.ndarray) -> None:
    pcm = (np.clip(signal, -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def positive(rng: np.random.Generator, seconds: float) -> np.ndarray:
    t = np.arange(int(RATE * seconds)) / RATE
    start = rng.uniform(0.1, seconds / 2)
    length = rng.uniform(0.4, seconds / 2)
    f0, f1 = rng.uniform(400, 900), rng.uniform(2500, 4500)
    inside = (t >= start) & (t < start + length)
    tau = np.clip(t - start, 0, length)
    phase = 2 * np.pi * (f0 * tau + (f1 - f0) * tau**2 / (2 * length))
    envelope = np.sin(np.pi * tau / length)  # fades in and out
    call = np.where(inside, np.sin(phase) * envelope, 0.0)
    return 0.5 * call + rng.normal(0, 0.05, len(t))


def negative(rng: np.random.Generator, seconds: float) -> np.ndarray:
    t = np.arange(int(RATE * seconds)) / RATE
    noise = rng.normal(0, 0.05, len(t))
    if rng.random() < 0.5:
        for _ in range(rng.integers(1, 3)):
            noise += 0.2 * np.sin(2 * np.pi * rng.uniform(300, 5000) * t)
    return noise


def make(out: Path, per_class: int, seconds: float = 2.0, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    for name, maker in (("positive", positive), ("negative", negative)):
        folder = out / name
        folder.mkdir(parents=True, exist_ok=True)
        for i in range(per_class):
            _write(folder / f"{name}_{i:05d}.wav", maker(rng, seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("data"))
    parser.add_argument("--per-class", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    make(args.out, args.per_class, args.seconds, args.seed)
    print(f"wrote {2 * args.per_class} files under {args.out}")


if __name__ == "__main__":
    main()
