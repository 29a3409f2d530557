import torch.utils.data as data

import os
import os.path
import torch

import librosa
import numpy as np

WAV_SUFFIXES = [
    '.wav', '.WAV',
]


def has_wav_suffix(fname_in):
    return any(fname_in.endswith(suffix) for suffix in WAV_SUFFIXES)


def list_word_classes(root_dir):
    word_names = [word_dir for word_dir in os.listdir(root_dir) if os.path.isdir(os.path.join(root_dir, word_dir))]
    word_names.sort()
    word_to_label = {word_names[k]: k for k in range(len(word_names))}
    return word_names, word_to_label


def collect_wav_paths(root_dir, word_to_label):
    wav_items = []
    root_dir = os.path.expanduser(root_dir)
    for label_name in sorted(os.listdir(root_dir)):
        word_dir = os.path.join(root_dir, label_name)
        if not os.path.isdir(word_dir):
            continue

        for base, _dirs, file_names in sorted(os.walk(word_dir)):
            for file_name in sorted(file_names):
                if has_wav_suffix(file_name):
                    wav_path = os.path.join(base, file_name)
                    pair = (wav_path, word_to_label[label_name])
                    wav_items.append(pair)
    return wav_items


def wav_to_spect(wav_path, win_sec, hop_sec, win_name, zscore):
    signal, rate = librosa.load(wav_path, sr=None)
    # a fixed 4096-point FFT was used before
    fft_len = int(rate * win_sec)
    win_len = fft_len
    hop_len = int(rate * hop_sec)

    # short-time Fourier transform
    stft_mat = librosa.stft(signal, n_fft=fft_len, hop_length=hop_len,
                     win_length=win_len, window=win_name)
    spect_t, _phase = librosa.magphase(stft_mat)

    # log1p compression of the magnitude
    spect_t = np.log1p(spect_t)
    if spect_t.shape[1] < 101:  # pad short clips to 101 frames
        pad_cols = np.zeros((spect_t.shape[0], 101 - spect_t.shape[1]))
        spect_t = np.hstack((spect_t, pad_cols))
    spect_t = np.resize(spect_t, (1, spect_t.shape[0], spect_t.shape[1]))
    spect_t = torch.FloatTensor(spect_t)

    # standardise per clip
    if zscore:
        mu = spect_t.mean()
        sd = spect_t.std()
        spect_t.add_(-mu)
        spect_t.div_(sd)

    return spect_t


class SpeechCommandsDataset(data.Dataset):
    """Speech Commands reader; one sub-folder per spoken word, e.g.
        root/yes/0a7c2a8d_nohash_0.wav
        root/no/0b09edd3_nohash_0.wav
        ...
    Each item is a log-magnitude STFT of one clip plus its word index.

    Parameters
        root: folder holding the word sub-folders
        transform: optional callable applied to the spectrogram

        target_transform: optional callable applied to the label

        window_size: STFT window length in seconds (0.02)
        window_stride: STFT hop in seconds (0.01)
        window_type: scipy window name passed to librosa
        normalize: z-score each spectrogram when true

    Stored
        classes: sorted word names
        class_to_idx: word name to label index
        spects: (wav path, label index) pairs
        plus the STFT settings above
    """

    def __init__(self, base, spec_transform=None, label_transform=None, win_sec=.02,
                 hop_sec=.01, win_kind='hamming', zscore=True):
        word_names, word_to_label = list_word_classes(base)
        wav_items = collect_wav_paths(base, word_to_label)
        if len(wav_items) == 0:
            raise (RuntimeError("no wav clips found below " + base + "\n"
                                                                                  "accepted suffixes: " + ",".join(
                WAV_SUFFIXES)))

        self.base = base
        self.wav_items = wav_items
        self.word_names = word_names
        self.word_to_label = word_to_label
        self.spec_transform = spec_transform
        self.label_transform = label_transform
        self.read_fn = wav_to_spect
        self.win_sec = win_sec
        self.hop_sec = hop_sec
        self.win_kind = win_kind
        self.zscore = zscore

    def __getitem__(self, idx):
        """
        Load clip number index and compute its spectrogram.

        Gives (spectrogram, label index).

        """
        wav_path, label_name = self.wav_items[idx]
        spect_t = self.read_fn(wav_path, self.win_sec, self.hop_sec, self.win_kind, self.zscore)
        if self.spec_transform is not None:
            spect_t = self.spec_transform(spect_t)
        if self.label_transform is not None:
            label_name = self.label_transform(label_name)

        return spect_t, label_name

    def __len__(self):
        return len(self.wav_items)
