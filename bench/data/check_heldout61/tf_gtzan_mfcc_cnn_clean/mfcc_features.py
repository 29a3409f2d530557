import librosa
import numpy as np
import os

def collect_mfccs(root_dir, style_names, n_frames=130):
    coeffs = []
    tags = []

    for style in style_names:
        style_dir = os.path.join(root_dir, style)
        for fname in os.listdir(style_dir):
            wav_path = os.path.join(style_dir, fname)
            signal, rate = librosa.load(wav_path, duration=30)
            m = librosa.feature.mfcc(y=signal, sr=rate, n_mfcc=40)
            if m.shape[1] < n_frames:
                extra = n_frames - m.shape[1]
                m = np.pad(m, ((0, 0), (0, extra)), mode='constant')
            else:
                m = m[:, :n_frames]
            coeffs.append(m)
            tags.append(style_names.index(style))

    return np.array(coeffs), np.array(tags)
