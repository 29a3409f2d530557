# LibriPhone frame-level phone classifier (ML2022 spring course, homework 2)
import os
import random
from turtle import forward
import pandas as pd
import torch
from tqdm import tqdm

def read_pt_features(pt_path):
    frame_feat = torch.load(pt_path) # a .pt file holds one tensor
    return frame_feat

def roll_edge(x, offset):
    if offset < 0:
        head_part = x[0].repeat(-offset, 1)
        tail_part = x[:offset]
    elif offset > 0:
        tail_part = x[-1].repeat(offset, 1)
        head_part = x[offset:]
    else:
        return x

    return torch.cat((head_part, tail_part), dim=0)

def stack_neighbor_frames(x, n_ctx):
    assert n_ctx % 2 == 1 # the window is centred, so odd
    if n_ctx < 2:
        return x
    n_frames_seq, feat_width = x.size(0), x.size(1)
    x = x.repeat(1, n_ctx)
    x = x.view(n_frames_seq, n_ctx, feat_width).permute(1, 0, 2) # -> (n_ctx, n_frames_seq, feat_width)
    centre = (n_ctx // 2)
    for k_off in range(1, centre+1):
        x[centre + k_off, :] = roll_edge(x[centre + k_off], k_off)
        x[centre - k_off, :] = roll_edge(x[centre - k_off], -k_off)
    return x.permute(1, 0, 2).view(n_frames_seq, n_ctx * feat_width)

def build_split_data(part_name, feat_root_dir, labels_root_path, ctx_frames, train_frac=0.8, split_seed=1337):
    n_phone_classes = 41 # fixed by the label set
    subset = 'train' if (part_name == 'train' or part_name == 'val') else 'test'

    labels_by_utt = {}
    if subset != 'test':
      label_lines = open(os.path.join(labels_root_path, f'{subset}_labels.txt')).readlines()
      for row in label_lines:
          row = row.strip('\n').split(' ')
          labels_by_utt[row[0]] = [int(tok) for tok in row[1:]]

    if part_name == 'train' or part_name == 'val':
        # shuffle the utterance list, then cut it into train / val parts
        utt_list = open(os.path.join(labels_root_path, 'train_split.txt')).readlines()
        random.seed(split_seed)
        random.shuffle(utt_list)
        cut_at = int(len(utt_list) * train_frac)
        utt_list = utt_list[:cut_at] if part_name == 'train' else utt_list[cut_at:]
    elif part_name == 'test':
        utt_list = open(os.path.join(labels_root_path, 'test_split.txt')).readlines()
    else:
        raise ValueError('part_name must be train, val or test')
    utt_list = [row.strip('\n') for row in utt_list]
    print('phone classes: ' + str(n_phone_classes) + '; utterances in ' + part_name + ': ' + str(len(utt_list)))

    row_cap = 3000000
    X = torch.empty(row_cap, 39 * ctx_frames)
    if subset != 'test':
      y = torch.empty(row_cap, dtype=torch.long)

    write_pos = 0
    for i, utt_id in tqdm(enumerate(utt_list)):
        frame_feat = read_pt_features(os.path.join(feat_root_dir, subset, f'{utt_id}.pt'))
        n_rows = len(frame_feat)
        frame_feat = stack_neighbor_frames(frame_feat, ctx_frames)
        if subset != 'test':
          label_t = torch.LongTensor(labels_by_utt[utt_id])

        X[write_pos: write_pos + n_rows, :] = frame_feat
        if subset != 'test':
          y[write_pos: write_pos + n_rows] = label_t

        write_pos += n_rows
    X = X[:write_pos, :]
    if subset != 'test':
      y = y[:write_pos]

    print(X.shape)
    if subset != 'test':
      print(y.shape)
      return X, y
    else:
      return X

from torch.utils.data import Dataset
from torch.utils.data import DataLoader

class PhoneFrameDataset(Dataset):
    def __init__(self, X, y=None):
        self.data_frames = X
        if y is not None:
            self.label_vec = torch.LongTensor(y)
        else:
            self.label_vec = None

    def __getitem__(self, item_i):
        if self.label_vec is not None:
            return self.data_frames[item_i], self.label_vec[item_i]
        else:
            return self.data_frames[item_i]

    def __len__(self):
        return len(self.data_frames)

import torch.nn as nn
import torch.nn.functional as F

class DenseUnit(nn.Module):
    def __init__(self, in_width, out_width):
        super(DenseUnit, self).__init__()
        self.seq_layers = nn.Sequential(
            ## as in the course baseline
            nn.BatchNorm1d(in_width),
            nn.Linear(in_width, out_width),
            nn.ReLU(),
            nn.Dropout(p=0.25)
        )
    def forward(self, x):
        x = self.seq_layers(x)
        return x

class PhoneMLP(nn.Module):
    def __init__(self, in_width, out_width=41, n_hidden_layers=1, hidden_width=256):
        super(PhoneMLP, self).__init__()

        self.mlp_stack = nn.Sequential(
            DenseUnit(in_width, hidden_width),
            *[DenseUnit(hidden_width, hidden_width) for _ in range(n_hidden_layers)],
            nn.Linear(hidden_width, out_width)
        )

    def forward(self, x):
        x = self.mlp_stack(x)
        return x

# data settings
ctx_frames = 19             # neighbouring frames stacked per sample (odd: 2k+1); the baseline used 1
train_frac = 0.8               # share of utterances kept for training, the rest validates

# optimisation settings
rng_seed = 0                        # rng seed
batch_n = 1024               # baseline: 512
epoch_count = 40                  # passes over the data; baseline: 5
lr_value = 0.0001          # step size
ckpt_path = './model.ckpt'     # where the best weights go

# network size
in_width = 39 * ctx_frames # follows from ctx_frames, leave as is
n_hidden_layers = 10              # baseline: 1
hidden_width = 1700               # baseline: 256

import gc

train_feats_X, train_labels_y = build_split_data(part_name='train', feat_root_dir='./libriphone/feat', labels_root_path='./libriphone', ctx_frames=ctx_frames, train_frac=train_frac)
val_feats_X, val_labels_y = build_split_data(part_name='val', feat_root_dir='./libriphone/feat', labels_root_path='./libriphone', ctx_frames=ctx_frames, train_frac=train_frac)

train_dataset = PhoneFrameDataset(train_feats_X, train_labels_y)
val_dataset = PhoneFrameDataset(val_feats_X, val_labels_y)

# free the raw tensors once the datasets hold them
del train_feats_X, train_labels_y, val_feats_X, val_labels_y
gc.collect() # and collect them now

loader_train = DataLoader(train_dataset, batch_size=batch_n, shuffle=True)
loader_val = DataLoader(val_dataset, batch_size=batch_n, shuffle=False)

run_device = 'cuda:0' if torch.cuda.is_available() else 'cpu'

import numpy as np

# network, loss and optimiser
phone_model = PhoneMLP(in_width=in_width, n_hidden_layers=n_hidden_layers, hidden_width=hidden_width).to(run_device)
ce_loss_fn = nn.CrossEntropyLoss()
adamw_optimizer = torch.optim.AdamW(phone_model.parameters(), lr=lr_value)  # amsgrad did not help

best_val_hits = 0.0
for epoch_i in range(epoch_count):
    train_hits = 0.0
    train_loss_total = 0.0
    val_hits = 0.0
    val_loss_total = 0.0

    # one pass over the train split
    phone_model.train() # dropout/batchnorm in train mode
    for i, batch_pair in enumerate(tqdm(loader_train)):
        features_b, labels_b = batch_pair
        features_b = features_b.to(run_device)
        labels_b = labels_b.to(run_device)

        adamw_optimizer.zero_grad()
        logits = phone_model(features_b)
        batch_loss = ce_loss_fn(logits, labels_b)
        batch_loss.backward()
        adamw_optimizer.step()

        _, train_pred_cls = torch.max(logits, 1) # arg-max class
        train_hits += (train_pred_cls.detach() == labels_b.detach()).sum().item()
        train_loss_total += batch_loss.item()

    # score on the val split
    if len(val_dataset) > 0:
        phone_model.eval() # inference mode for dropout/batchnorm
        with torch.no_grad():
            for i, batch_pair in enumerate(tqdm(loader_val)):
                features_b, labels_b = batch_pair
                features_b = features_b.to(run_device)
                labels_b = labels_b.to(run_device)
                logits = phone_model(features_b)
                batch_loss = ce_loss_fn(logits, labels_b)
                _, val_pred_cls = torch.max(logits, 1)
                val_hits += (val_pred_cls.cpu() == labels_b.cpu()).sum().item() # count matches
                val_loss_total += batch_loss.item()

            print('epoch {:03d} of {:03d}: train acc {:3.6f}, train loss {:3.6f}; val acc {:3.6f}, val loss {:3.6f}'.format(
                epoch_i + 1, epoch_count, train_hits/len(train_dataset), train_loss_total/len(loader_train), val_hits/len(val_dataset), val_loss_total/len(loader_val)
            ))

            # keep the weights whenever val accuracy improves
            if val_hits > best_val_hits:
                best_val_hits = val_hits
                torch.save(phone_model.state_dict(), ckpt_path)
                print('new best val accuracy {:.3f}, weights saved'.format(best_val_hits/len(val_dataset)))

del loader_train, loader_val
gc.collect()
test_feats_X = build_split_data(part_name='test', feat_root_dir='./libriphone/feat', labels_root_path='./libriphone', ctx_frames=ctx_frames)
test_dataset = PhoneFrameDataset(test_feats_X, None)
loader_test = DataLoader(test_dataset, batch_size=batch_n, shuffle=False)

phone_model = PhoneMLP(in_width=in_width, n_hidden_layers=n_hidden_layers, hidden_width=hidden_width).to(run_device)
phone_model.load_state_dict(torch.load(ckpt_path))

pred_all = np.array([], dtype=np.int32)

phone_model.eval()
with torch.no_grad():
    for i, batch_pair in enumerate(tqdm(loader_test)):
        features_b = batch_pair
        features_b = features_b.to(run_device)
        logits = phone_model(features_b)
        _, test_pred_cls = torch.max(logits, 1) # arg-max class
        pred_all = np.concatenate((pred_all, test_pred_cls.cpu().numpy()), axis=0)
