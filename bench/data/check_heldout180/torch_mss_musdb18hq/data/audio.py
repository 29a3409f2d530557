import random
from typing import Optional

import librosa
import numpy as np
import torch
import torchaudio


def load(
    path: str,
    sr: int,
    offset: float = 0.,
    duration: Optional[float] = None,
    mono: bool = False
) -> np.ndarray:
    """Read a (possibly cropped) segment of an audio file, resampled, as (channels, samples)."""


    orig_sr = librosa.get_samplerate(path)

    start_sample = round(offset * orig_sr)

    if duration:
        samples = round(duration * orig_sr)
    else:
        samples = -1


    audio, fs = torchaudio.load(
        path,
        frame_offset=start_sample,
        num_frames=samples
    )



    audio = torchaudio.functional.resample(
        waveform=audio,
        orig_freq=orig_sr,
        new_freq=sr
    ).numpy()


    if duration:
        new_samples = round(duration * sr)
        audio = librosa.util.fix_length(data=audio, size=new_samples, axis=-1)

    if mono:
        audio = np.mean(audio, axis=0, keepdims=True)

    return audio