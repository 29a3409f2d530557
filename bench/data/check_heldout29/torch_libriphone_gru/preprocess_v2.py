#!/usr/bin/env python
# coding: utf-8

import os
import torch
import random
import numpy as np
from tqdm import tqdm
torch.cuda.empty_cache()

# feature loading helpers
def read_feat_file(feat_path):
    utt_feat = torch.load(feat_path)
    return utt_feat

def shift_frames(frames, offset):
    if offset < 0:
        head_part = frames[0].repeat(-offset, 1)
        tail_part = frames[:offset]

    elif offset > 0:
        tail_part = frames[-1].repeat(offset, 1)
        head_part = frames[offset:]
    else:
        return frames

    return torch.cat((head_part, tail_part), dim=0)

def load_phone_split(subset, feat_root_dir, phone_dir, train_frac=0.8, shuffle_seed=1124):
    
    label_list = []
    feat_list = []
    
    n_phone_classes = 41 # fixed by the label set
    if subset == 'train' or subset == 'val':
        split_mode = 'train'
    elif subset == 'test':
        split_mode = 'test'
    else:
        raise ValueError('subset must be train, val or test')

    utt_to_labels = {}
    
    if split_mode == 'train':
        for text_line in open(os.path.join(phone_dir, f'{split_mode}_labels.txt')).readlines():
            text_line = text_line.strip('\n').split(' ')
            utt_to_labels[text_line[0]] = [int(p) for p in text_line[1:]]

        # shuffle the utterance list and cut it into train / val
        utt_ids = open(os.path.join(phone_dir, 'train_split.txt')).readlines()
        random.seed(shuffle_seed)
        random.shuffle(utt_ids)
        n_train_utts = int(len(utt_ids) * train_frac)
        utt_ids = utt_ids[:n_train_utts] if subset == 'train' else utt_ids[n_train_utts:]
    
    elif split_mode == 'test':
        utt_ids = open(os.path.join(phone_dir, 'test_split.txt')).readlines()

    utt_ids = [text_line.strip('\n') for text_line in utt_ids]
    print('[data] ' + str(n_phone_classes) + ' phone classes, ' + str(len(utt_ids)) + ' utterances in ' + subset)

    total_frames = 0
    for k, utt_id in tqdm(enumerate(utt_ids)):
        utt_feat = read_feat_file(os.path.join(feat_root_dir, split_mode, f'{utt_id}.pt'))
        utt_frames = len(utt_feat)
        feat_list.append(utt_feat)
        total_frames += utt_frames
        
        if split_mode == 'train':
          utt_labels = torch.LongTensor(utt_to_labels[utt_id])
          label_list.append(utt_labels)
    print(f'[data] {subset} split loaded')
    if split_mode == 'train':
        return feat_list,label_list,total_frames
    else:
        return feat_list,total_frames
