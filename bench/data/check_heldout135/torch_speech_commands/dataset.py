"""Kaggle TF speech challenge: folder-per-word audio sets."""
__note__ = "re-expressed for a memory check set"

import os
import numpy as np

import librosa

from torch.utils.items import Dataset

__all__ = [ 'WORDS', 'WordClipSet', 'NoiseClipSet' ]

WORDS = 'unknown, silence, yes, no, up, down, left, right, on, off, stop, go'.split(', ')

class WordClipSet(Dataset):
    """Index of the word clips: a list of (wav path, class id) pairs.
    Ten command words get their own id, every other word folder maps to 'unknown',
    and a share of empty paths stands for 'silence'.
    Files are decoded later, one item at a time, by the transform chain.
    """

    def __init__(self, folder, transform=None, classes=WORDS, silence_ratio=0.1):
        subdirs = [d for d in os.listdir(folder) if os.path.isdir(os.path.join(folder, d)) and not d.startswith('_')]
        # every known word should have its own folder
        # (not enforced)

        word_to_id = {classes[i]: i for i in range(len(classes))}
        for word in subdirs:
            if word not in word_to_id:
                word_to_id[word] = 0

        items = []
        for word in subdirs:
            word_dir = os.path.join(folder, word)
            target = word_to_id[word]
            for wav in os.listdir(word_dir):
                path = os.path.join(word_dir, wav)
                items.append((path, target))

        # pad with empty "silence" entries
        target = word_to_id['silence']
        items += [('', target)] * int(len(items) * silence_ratio)

        self.classes = classes
        self.items = items
        self.transform = transform

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        path, target = self.items[index]
        items = {'path': path, 'target': target}

        if self.transform is not None:
            items = self.transform(items)

        return items

    def balanced_sample_weights(self):
        """one weight per item, inverse to its class frequency (for a weighted sampler)"""

        nclasses = len(self.classes)
        count = np.zeros(nclasses)
        for item in self.items:
            count[item[1]] += 1

        N = float(sum(count))
        inv_freq = N / count
        weight = np.zeros(len(self))
        for idx, item in enumerate(self.items):
            weight[idx] = inv_freq[item[1]]
        return weight

class NoiseClipSet(Dataset):
    """One-second slices cut from the long background-noise recordings."""

    def __init__(self, folder, transform=None, sample_rate=16000, sample_length=1):
        wav_names = [d for d in os.listdir(folder) if os.path.isfile(os.path.join(folder, d)) and d.endswith('.wav')]
        chunks = []
        for wav in wav_names:
            path = os.path.join(folder, wav)
            pcm, rate = librosa.load(path, sample_rate)
            chunks.append(pcm)

        chunks = np.hstack(chunks)
        width = int(sample_rate * sample_length)
        n_rows = len(chunks) // width
        self.chunks = chunks[:n_rows*width].reshape(-1, width)
        self.sample_rate = sample_rate
        self.classes = WORDS
        self.transform = transform
        self.path = folder

    def __len__(self):
        return len(self.chunks)

    def __getitem__(self, index):
        items = {'samples': self.chunks[index], 'sample_rate': self.sample_rate, 'target': 1, 'path': self.path}

        if self.transform is not None:
            items = self.transform(items)

        return items
