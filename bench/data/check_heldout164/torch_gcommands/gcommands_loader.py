# coding=utf-8
# Original file: Apache License 2.0, (c) 2018 jose.fonollosa@upc.edu

"""Speech Commands Dataset that reads Kaldi-style folders (text, wav.scp, segments)."""

from __future__ import print_function, division

import os.path
import subprocess
import struct
import wave

import numpy as np
from mfsc import mfsc
import torch
import torch.utils.data as data

# the 35 v0.02 words and an extra silence class
CLASSES = ['backward', 'bed', 'bird', 'cat', 'dog', 'down', 'eight', 'five', 'follow', 'forward', 'four', 
           'go', 'happy', 'house', 'learn', 'left', 'marvin', 'nine', 'no', 'off', 'on', 'one', 'right', 
           'seven', 'sheila', 'six', 'stop', 'three', 'tree', 'two', 'up', 'visual', 'wow', 'yes', 'zero',
           'silence']

print("Number of labels:", len(CLASSES))

# pylint: disable=ungrouped-imports
try:
    from subprocess import DEVNULL # py3 name
except ImportError:
    DEVNULL = open(os.devnull, 'wb')


def wav_read(pipe):
    if pipe[-1] == '|':
        tpipe = subprocess.Popen(pipe[:-1], shell=True, stderr=DEVNULL, stdout=subprocess.PIPE)
        audio = tpipe.stdout
    else:
        tpipe = None
        audio = pipe
    try:
        wav = wave.open(audio, 'r')
    except EOFError:
        print('EOFError:', pipe)
        exit(-1)
    sfreq = wav.getframerate()
    assert wav.getsampwidth() == 2
    wav_bytes = wav.readframes(-1)
    npts = len(wav_bytes) // wav.getsampwidth()
    wav.close()
    # int16 bytes -> floats
    wav_array = np.array(struct.unpack("%ih" % npts, wav_bytes), dtype=float) / (1 << 15)
    return wav_array, sfreq


def get_classes():
    classes = CLASSES
    weight = None
    class_to_id = {label: i for i, label in enumerate(classes)}
    return classes, weight, class_to_id


def get_segment(wav, seg_ini, seg_end):
    nwav = None
    if float(seg_end) > float(seg_ini):
        if wav[-1] == '|':
            nwav = wav + ' sox -t wav - -t wav - trim {} ={} |'.format(seg_ini, seg_end)
        else:
            nwav = 'sox {} -t wav - trim {} ={} |'.format(wav, seg_ini, seg_end)
    return nwav


def make_dataset(kaldi_path, class_to_id):
    text_path = os.path.join(kaldi_path, 'text')
    wav_path = os.path.join(kaldi_path, 'wav.scp')
    segments_path = os.path.join(kaldi_path, 'segments')

    with open(text_path, 'rt') as text:
        key_to_word = dict()
        for line in text:
            key, word = line.strip().split(' ', 1)
            key_to_word[key] = word

    with open(wav_path, 'rt') as wav_scp:
        key_to_wav = dict()
        for line in wav_scp:
            key, wav = line.strip().split(' ', 1)
            key_to_wav[key] = wav

    wavs = []
    if os.path.isfile(segments_path):
        with open(segments_path, 'rt') as segments:
            for line in segments:
                key, wav_key, seg_ini, seg_end = line.strip().split()
                wav_command = key_to_wav[wav_key]
                word = key_to_word[key]
                word_id = class_to_id[word]
                wav_item = [key, get_segment(wav_command, seg_ini, seg_end), word_id]
                wavs.append(wav_item)
    else:
        for key, wav_command in key_to_wav.items():
            word = key_to_word[key]
            word_id = class_to_id[word]
            wav_item = [key, wav_command, word_id]
            wavs.append(wav_item)

    return wavs


def param_loader(path, window_size, window_stride, window, normalize, max_len):
    y, sfr = wav_read(path)

    param = mfsc(y, sfr, window_size=window_size, window_stride=window_stride, window=window, normalize=normalize, log=False, n_mels=40, preemCoef=0, melfloor=1.0)

    # left-pad short inputs with zeros up to max_len frames
    if param.shape[1] < max_len:
        pad = np.zeros((param.shape[0], max_len - param.shape[1]))
        param = np.hstack((pad, param))

    # long inputs keep their last max_len frames
    elif param.shape[1] > max_len:
        param = param[:, -max_len:]

    param = torch.FloatTensor(param)

    return param


class Loader(data.Dataset):
    """Lazy Speech Commands dataset: keeps (key, wav command, label) entries and
    computes a 40-band log-mel matrix of max_len frames per item on access.
    """

    def __init__(self, root, transform=None, target_transform=None, window_size=.02,
                 window_stride=.01, window_type='hamming', normalize=True, max_len=99):
        classes, weight, class_to_id = get_classes()
        wavs = make_dataset(root, class_to_id)
        if not wavs:
            raise RuntimeError("Found 0 segments in '" + root + "'. Folder should be in standard Kaldi format")  # pylint: disable=line-too-long

        self.root = root
        self.wavs = wavs
        self.classes = classes
        self.weight = torch.FloatTensor(weight) if weight is not None else None
        self.class_to_idx = class_to_id
        self.transform = transform
        self.target_transform = target_transform
        self.loader = param_loader
        self.window_size = window_size
        self.window_stride = window_stride
        self.window_type = window_type
        self.normalize = normalize
        self.max_len = max_len

    def __getitem__(self, index):
        """Return (key, features, class index) for one utterance."""
        key, path, target = self.wavs[index]
        params = self.loader(path, self.window_size, self.window_stride, self.window_type, self.normalize, self.max_len)  # pylint: disable=line-too-long
        if self.transform is not None:
            params = self.transform(params)
        if self.target_transform is not None:
            target = self.target_transform(target)

        return key, params, target

    def __len__(self):
        return len(self.wavs)
