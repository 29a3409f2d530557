"""The seed's audio classifier, done right: a streaming tf.data pipeline and a model that fits the GPU.

    python make_data.py --out data
    python train.py --data data --epochs 5 --batch-size 16 [--precision mixed_float16] [--out runs/audio]

Nothing is loaded eagerly: file names are listed per class, and each file is read, decoded and
turned into a spectrogram inside Dataset.map, cached to a file, shuffled with a bounded buffer,
batched and prefetched. Before training it prints oomdoctor's estimate for the seed's original
model and for this one; it trains with oomdoctor.keras.MemoryMonitor, writes the history (loss,
accuracy, peak memory per epoch) to CSV, evaluates on a held-out split and saves the model.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

os.environ.setdefault("KERAS_BACKEND", "tensorflow")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import oomdoctor  # noqa: E402  (configure GPU memory before TensorFlow starts)

FRAME, STEP = 512, 256


def spectrogram(path, label):
    import tensorflow as tf

    audio, _ = tf.audio.decode_wav(tf.io.read_file(path), desired_channels=1)
    stft = tf.signal.stft(tf.squeeze(audio, -1), frame_length=FRAME, frame_step=STEP)
    return tf.math.log(tf.abs(stft) + 1e-3)[..., None], label


def pipeline(files, labels, batch_size: int, cache: Path, training: bool, shuffle_buffer: int = 256,
             parallel_calls: int | None = None, prefetch: int | None = None):
    """``parallel_calls`` and ``prefetch`` default to AUTOTUNE, which picks them while training: fastest, but
    how many spectrograms are in flight (and so the peak) then changes from epoch to epoch and machine to machine."""
    import tensorflow as tf

    ds = tf.data.Dataset.from_tensor_slices((files, labels))  # file names only, not audio
    if training:
        ds = ds.shuffle(len(files), reshuffle_each_iteration=True)  # names are tiny; the audio is not read yet
    ds = ds.map(spectrogram, num_parallel_calls=parallel_calls or tf.data.AUTOTUNE).cache(str(cache))
    if training:
        ds = ds.shuffle(shuffle_buffer)  # a bounded buffer of spectrograms
    return ds.batch(batch_size).prefetch(prefetch or tf.data.AUTOTUNE)


def split(data: Path, held_out: float, seed: int):
    import numpy as np
    import tensorflow as tf

    files, labels = [], []
    for label, name in ((1.0, "positive"), (0.0, "negative")):
        if not tf.io.gfile.glob(str(data / name / "*.wav")):
            continue
        listed = tf.data.Dataset.list_files(str(data / name / "*.wav"), shuffle=False)  # names only
        names = sorted(path.decode() for path in listed.as_numpy_iterator())
        files += names
        labels += [label] * len(names)
    if not files:
        raise SystemExit(f"no .wav files under {data}/positive and {data}/negative: run make_data.py first")
    order = np.random.default_rng(seed).permutation(len(files))
    files, labels = np.array(files)[order], np.array(labels, dtype="float32")[order]
    cut = max(1, int(len(files) * held_out))
    return (files[cut:], labels[cut:]), (files[:cut], labels[:cut])


def build_model(input_shape):
    import keras
    from keras import layers

    return keras.Sequential([
        keras.Input(input_shape),
        layers.BatchNormalization(),  # log-spectrogram values span ~20 units; centre them
        layers.Conv2D(16, 3, activation="relu"),
        layers.MaxPooling2D(4),
        layers.Conv2D(32, 3, activation="relu"),
        layers.GlobalAveragePooling2D(),  # pool before the head: the seed's Flatten held 770 M weights
        layers.Dense(64, activation="relu"),
        layers.Dense(1),
        layers.Activation("sigmoid", dtype="float32"),  # float32 output under a mixed policy
    ], name="audio_classifier")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--precision", default="float32", choices=["float32", "mixed_float16", "mixed_bfloat16"])
    parser.add_argument("--out", type=Path, default=Path("runs/audio"))
    parser.add_argument("--held-out", type=float, default=0.2)
    parser.add_argument("--gpu", default="12GiB", help="GPU name or size for the estimates")
    parser.add_argument("--shuffle-buffer", type=int, default=256, help="spectrograms held for shuffling")
    parser.add_argument("--parallel-calls", type=int, default=None,
                        help="files decoded at once (default: tf.data's AUTOTUNE); fix it for a reproducible peak")
    parser.add_argument("--prefetch", type=int, default=None,
                        help="batches prepared ahead (default: tf.data's AUTOTUNE); fix it for a reproducible peak")
    args = parser.parse_args()

    print(oomdoctor.configure_gpu_memory(framework="tensorflow"))  # growth, not preallocation
    import keras
    import tensorflow as tf

    keras.mixed_precision.set_global_policy(args.precision)  # before any layer is built
    args.out.mkdir(parents=True, exist_ok=True)
    (train_files, train_labels), (test_files, test_labels) = split(args.data, args.held_out, seed=0)
    example, _ = spectrogram(tf.constant(train_files[0]), 0.0)
    input_shape = tuple(example.shape)

    from seed_model import seed_model  # the question's original model, kept apart for comparison

    estimates = {}
    candidates = (("seed model on the question's 1491x257 input", seed_model, (1491, 257, 1)),
                  ("seed model (Flatten -> Dense)", seed_model, input_shape),
                  ("this model (pooled)", build_model, input_shape))
    for name, builder, shape in candidates:
        with keras.StatelessScope(initialize_variables=False):
            candidate = builder(shape)
        est = oomdoctor.estimate(candidate, args.batch_size, optimizer="adam", backend="tensorflow",
                                 precision=args.precision, gpu=args.gpu)
        estimates[name] = {"params": est.params, "peak_bytes": est.peak_bytes, "fits": est.fits,
                           "input": "x".join(str(d) for d in shape)}
        print(f"oomdoctor estimate, {name}: {est.params:,} parameters, peak "
              f"{est.peak_bytes / 2**30:.2f} GiB, fits {args.gpu}: {est.fits}")

    train = pipeline(train_files, train_labels, args.batch_size, args.out / "train_cache", training=True,
                     shuffle_buffer=args.shuffle_buffer, parallel_calls=args.parallel_calls, prefetch=args.prefetch)
    test = pipeline(test_files, test_labels, args.batch_size, args.out / "test_cache", training=False,
                    parallel_calls=args.parallel_calls, prefetch=args.prefetch)
    model = build_model(input_shape)
    model.compile(optimizer=keras.optimizers.Adam(3e-3), loss="binary_crossentropy", metrics=["accuracy"])
    from oomdoctor.keras import MemoryMonitor

    model.fit(train, epochs=args.epochs, verbose=2,
              callbacks=[MemoryMonitor(batch_size=args.batch_size), keras.callbacks.CSVLogger(args.out / "history.csv")])
    loss, accuracy = model.evaluate(test, verbose=0)
    model.save(args.out / "audio_classifier.keras")
    summary = {"held_out_accuracy": accuracy, "held_out_loss": loss, "estimates": estimates,
               "train_files": len(train_files), "test_files": len(test_files)}
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2))
    (args.out / "report.md").write_text(_report(summary, args, args.out / "history.csv"))
    print(f"held-out accuracy {accuracy:.3f} on {len(test_files)} files; history in {args.out / 'history.csv'}")


def _report(summary: dict, args, history_path: Path) -> str:
    """The README's "From the seed's OOM to a model that fits" table, from this run."""
    import csv

    import keras
    import tensorflow as tf

    gib = 2**30
    lines = [f"Estimates (TensorFlow backend, Adam, batch {args.batch_size}, {args.precision}, a {args.gpu} GPU; "
             "allocator peak of one training step):", "",
             "| model | input | parameters | estimated peak | fits |", "|---|---|---|---|---|"]
    for name, est in summary["estimates"].items():
        lines.append(f"| {name} | {est['input']} | {est['params']:,} | {est['peak_bytes'] / gib:.2f} GiB | "
                     f"{'yes' if est['fits'] else 'no'} |")
    rows = list(csv.DictReader(history_path.open()))
    device = "GPU" if tf.config.list_physical_devices("GPU") else "CPU (TensorFlow's BFC allocator)"
    peaks = ", ".join(f"{float(r['peak_memory_bytes']) / 2**20:.0f} MiB" for r in rows if r.get("peak_memory_bytes"))
    lines += ["", f"Measured while training on the {device}, allocator peak per epoch: {peaks}.",
              f"Held-out accuracy after {len(rows)} epochs on {summary['train_files']} training files: "
              f"{summary['held_out_accuracy']:.3f} ({summary['test_files']} held-out files). "
              f"keras {keras.__version__}, tensorflow {tf.__version__}."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
