import torch
from torch.utils.data import Dataset

import glob
import librosa
import os
import numpy as np

data_root = 'speech_commands_v0.01'
test_list = 'testing_list.txt'
val_list = 'validation_list.txt'

def list_words(folder):
    def usable(d):
        return os.path.isdir(os.path.join(folder, d)) and not d.startswith('_')
    words = [d for d in os.listdir(folder) if usable(d)]
    words.sort()
    word_ids = { words[i]: i for i in range(len(words)) }
    return words, word_ids

def split_paths(words):
    print('Collecting file lists, please wait ...')
    val_paths, test_paths, train_paths = [],[],[]
    with open(os.path.join(data_root, val_list)) as fh:
        val_paths = [os.path.join(data_root, p) for p in fh.read().strip().split('\n')]
    with open(os.path.join(data_root, test_list)) as fh:
        test_paths = [os.path.join(data_root, p) for p in fh.read().strip().split('\n')]
    for w in words:
        train_paths.extend([p for p in glob.glob(os.path.join(data_root, w, '*.wav'))
            if p not in val_paths and p not in test_paths])
    print('Split sizes:')
    print('train [{}]'.format(len(train_paths)))
    print('val [{}]'.format(len(val_paths)))
    print('test [{}]'.format(len(test_paths)))
    return train_paths, val_paths, test_paths


class WaveClips(Dataset):
    def __init__(self, paths, words, word_ids):
        self.paths = paths
        self.words = words
        self.word_ids = word_ids

    def __getitem__(self, index):
        wav, sr = librosa.load(self.paths[index])
        if len(wav) < 22050:
            wav = np.pad(wav, (0, 22050 - len(wav)), 'constant')
        wav = torch.from_numpy(wav)
        wav = wav.view(1,-1)
        lab = self.word_ids[self.paths[index].split('/')[1]]
        lab = torch.LongTensor([lab])
        return wav,lab

    def __len__(self):
        return len(self.paths)

words, word_ids = list_words(data_root)
train_paths, val_paths, test_paths = split_paths(words)

train_data = WaveClips(train_paths, words, word_ids)
validate_data = WaveClips(val_paths, words, word_ids)
test_data = WaveClips(test_paths, words, word_ids)
