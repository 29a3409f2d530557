# -*- coding: utf-8 -*-
"""
Adversarial training of a heartbeat generator (two-layer LSTM) against a small
1-D convolutional critic that may use a minibatch-similarity layer; after
every epoch the fakes are scored against real MIT-BIH test beats with MMD.

Data set, both models and the kernel-MMD code live here in one file.
"""
from __future__ import division

import torch
import torch.nn as nn
from torch.utils.data import Dataset
from tqdm import tqdm
import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
import seaborn as sns

from torchvision import transforms
from torch.autograd.variable import Variable
sns.set(rc={'figure.figsize': (11, 4)})

import datetime
from datetime import date
run_day = date.today()

import random
import json as js
import pickle
import os

run_device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

if run_device == 'cuda:0':
    print('running on GPU:')
    print(torch.cuda.get_device_name(run_device))
else:
    print('no GPU found, running on CPU')

# ---------------------------------------------------------------------------
# beat data set
# ---------------------------------------------------------------------------
class HeartbeatData(Dataset):
    """Rows of one beat class from the MIT-BIH csv (187 values, then the class)."""

    def __init__(self, csv_path, beat_class, row_fn=None):
        self.csv_path = csv_path
        csv_rows = pd.read_csv(csv_path, header=None)
        class_rows = csv_rows[csv_rows[187] == beat_class]
        self.beat_data = class_rows.drop(class_rows.iloc[:, 187], axis=1)
        self.row_fn = row_fn
        self.beat_class = beat_class

    def __len__(self):
        return self.beat_data.shape[0]

    def __getitem__(self, index_):
        beat = self.beat_data.iloc[index_]
        if self.row_fn:
            beat = self.row_fn(beat)
        return beat

class FrameToTensor(object):
    """Turn a pandas row or frame into a tensor placed on the run device."""
    def __call__(self, rows):
        return torch.tensor(rows.values).to(run_device)

# ---------------------------------------------------------------------------
# models
# ---------------------------------------------------------------------------
class BatchSimilarityLayer(nn.Module):
    """Batch-similarity features (Salimans et al. 2016) appended to discourage collapse."""
    def __init__(self, feat_in, feat_out, gauss_init, feat_hidden=16):
        super(BatchSimilarityLayer, self).__init__()
        self.feat_in = feat_in
        self.feat_out = feat_out
        self.feat_hidden = feat_hidden
        self.mix_w = nn.Parameter(torch.randn(self.feat_in, self.feat_out, self.feat_hidden))
        if gauss_init == True:
            nn.init.normal(self.mix_w, 0, 1)

    def forward(self, x):
        proj = torch.mm(x, self.mix_w.view(self.feat_in, -1))
        proj = proj.view(-1, self.feat_out, self.feat_hidden).unsqueeze(0)
        proj_t = proj.permute(1, 0, 2, 3)
        sim = torch.sum(torch.exp(-(torch.abs(proj - proj_t).sum(3))), dim=0) - 1
        return torch.cat([x, sim], 1)

class BeatCritic(nn.Module):
    """Conv1d + max-pool once or twice, an optional similarity layer, then a sigmoid score."""
    def __init__(self, beat_len, batch_n, gauss_init, n_feats=1, conv_stages=1, mb_width=0,
                 c1_ch=10, c1_kern=3, c1_step=4, pool1_kern=3, pool1_step=3, c2_ch=10, c2_kern=3, c2_step=3, pool2_kern=3, pool2_step=3):
        super(BeatCritic, self).__init__()
        self.n_feats = n_feats
        self.beat_len = beat_len
        self.batch_n = batch_n
        self.conv_stages = conv_stages
        self.mb_width = mb_width
        self.c1_len = int((((((beat_len - c1_kern) / c1_step) + 1) - pool1_kern) / pool1_step) + 1)
        self.c2_len = int((((((self.c1_len - c2_kern) / c2_step) + 1) - pool2_kern) / pool2_step) + 1)
        self.c1_ch = c1_ch
        self.c2_ch = c2_ch
        self.conv1 = nn.Sequential(
            nn.Conv1d(in_channels=self.n_feats, out_channels=int(c1_ch), kernel_size=int(c1_kern), stride=int(c1_step)),
            nn.ReLU(),
            nn.MaxPool1d(kernel_size=int(pool1_kern), stride=int(pool1_step)))
        if self.conv_stages > 1:
            self.conv2 = nn.Sequential(
                nn.Conv1d(in_channels=int(c1_ch), out_channels=int(c2_ch), kernel_size=int(c2_kern), stride=int(c2_step)),
                nn.ReLU(),
                nn.MaxPool1d(kernel_size=int(pool2_kern), stride=int(pool2_step)))
            if self.mb_width > 0:
                self.mb_layer = BatchSimilarityLayer(self.c2_len * c2_ch, self.mb_width, gauss_init)
                self.head = nn.Sequential(nn.Linear(int(self.c2_len * c2_ch) + self.mb_width, 1), nn.Sigmoid())
            else:
                self.head = nn.Sequential(nn.Linear(int(self.c2_len * c2_ch), 1), nn.Sigmoid())
        else:
            if self.mb_width > 0:
                self.mb_layer = BatchSimilarityLayer(int(self.c1_len * c1_ch), self.mb_width, gauss_init)
                self.head = nn.Sequential(nn.Linear(int(self.c1_len * c1_ch) + self.mb_width, 1), nn.Dropout(0.2), nn.Sigmoid())
            else:
                self.head = nn.Sequential(nn.Linear(int(self.c1_len * c1_ch), 1), nn.Sigmoid())

    def forward(self, x):
        x = self.conv1(x.view(self.batch_n, 1, self.beat_len))
        if self.conv_stages > 1:
            x = self.conv2(x)
            x = x.view(self.batch_n, -1)
            if self.mb_width > 0:
                x = self.mb_layer(x.squeeze())
                x = self.head(x.squeeze())
            else:
                x = self.head(x.squeeze())
        else:
            x = x.view(self.batch_n, -1)
            if self.mb_width > 0:
                x = self.mb_layer(x)
                x = self.head(x)
            else:
                x = self.head(x)
        return x

class BeatGenerator(nn.Module):
    """Stacked LSTM followed by a per-step linear head."""
    def __init__(self, beat_len, batch_n, n_feats=1, state_width=50, lstm_depth=2, squash_out=False):
        super(BeatGenerator, self).__init__()
        self.n_feats = n_feats
        self.state_width = state_width
        self.lstm_depth = lstm_depth
        self.beat_len = beat_len
        self.batch_n = batch_n
        self.squash_out = squash_out
        self.lstm = nn.LSTM(input_size=self.n_feats, hidden_size=self.state_width,
                              num_layers=self.lstm_depth, batch_first=True)
        if self.squash_out == True:
            self.head = nn.Sequential(nn.Linear(self.state_width, 1), nn.Tanh())
        else:
            self.head = nn.Linear(self.state_width, 1)

    def init_hidden(self):
        w_ref = next(self.parameters()).data
        state = (w_ref.new(self.lstm_depth, self.batch_n, self.state_width).zero_().to(run_device),
                  w_ref.new(self.lstm_depth, self.batch_n, self.state_width).zero_().to(run_device))
        return state

    def forward(self, x, state):
        x, state = self.lstm(x.view(self.batch_n, self.beat_len, 1), state)
        x = self.head(x)
        return x

# ---------------------------------------------------------------------------
# kernel two-sample test (adapted from torch-two-sample)
# ---------------------------------------------------------------------------
def pair_dist(first_x, second_x, p_norm=2, tiny=1e-5):
    """Distance between every row of first_x (na, d) and every row of second_x (nb, d)."""
    na, nb = first_x.size(0), second_x.size(0)
    p_norm = float(p_norm)
    if p_norm == 2.:
        sq_a = torch.sum(first_x ** 2, dim=1, keepdim=True)
        sq_b = torch.sum(second_x ** 2, dim=1, keepdim=True)
        sq_sum = (sq_a.expand(na, nb) + sq_b.transpose(0, 1).expand(na, nb))
        d2 = sq_sum - 2 * first_x.mm(second_x.t())
        return torch.sqrt(tiny + torch.abs(d2))
    else:
        width_d = first_x.size(1)
        ea = first_x.unsqueeze(1).expand(na, nb, width_d)
        eb = second_x.unsqueeze(0).expand(na, nb, width_d)
        diffs = torch.abs(ea - eb) ** p_norm
        summed = torch.sum(diffs, dim=2, keepdim=False)
        return (tiny + summed) ** (1. / p_norm)

class KernelMMD:
    """Unbiased MMD estimate using a sum of RBF kernels with the given bandwidths."""

    def __init__(self, na, nb):
        self.na = na
        self.nb = nb
        self.w_aa = 1. / (na * (na - 1))
        self.w_bb = 1. / (nb * (nb - 1))
        self.w_ab = - 1. / (na * nb)

    def __call__(self, first_x, second_x, bandwidths, give_kernels=False):
        both_x = torch.cat((first_x, second_x), 0)
        dmat = pair_dist(both_x, both_x, p_norm=2)
        kmat = None
        for bw in bandwidths:
            kmat_bw = torch.exp(- bw * dmat ** 2)
            if kmat is None:
                kmat = kmat_bw
            else:
                kmat = kmat + kmat_bw
        kaa = kmat[:self.na, :self.na]
        kbb = kmat[self.na:, self.na:]
        kab = kmat[:self.na, self.na:]
        mmd_fn = (2 * self.w_ab * kab.sum() +
               self.w_aa * (kaa.sum() - torch.trace(kaa)) +
               self.w_bb * (kbb.sum() - torch.trace(kbb)))
        if give_kernels:
            return mmd_fn, kmat
        else:
            return mmd_fn

def median_bandwidth(a_x, b_x, p_norm=2):
    """Bandwidth heuristic: the median of all pairwise distances."""
    dmat = pair_dist(a_x, b_x, p_norm)
    return np.median(dmat.numpy())

def make_beat_dataset(csv_path, beat_class):
    to_tensor_fn = transforms.Compose([FrameToTensor()])
    return HeartbeatData(csv_path, beat_class=beat_class, row_fn=to_tensor_fn)

# ---------------------------------------------------------------------------
# loaders over the normal-class beats
# ---------------------------------------------------------------------------
train_csv_path = './mitbih_train.csv'
train_data = make_beat_dataset(csv_path=train_csv_path, beat_class=0)

batch_rows = 119  # rows per loader batch and per noise draw
train_loader = torch.utils.data.DataLoader(train_data, batch_size=batch_rows, shuffle=True)
n_train_batches = len(train_loader)
print(n_train_batches)

test_csv_path = './mitbih_test.csv'
test_data = make_beat_dataset(csv_path=test_csv_path, beat_class=0)
test_loader = torch.utils.data.DataLoader(test_data[:18088], batch_size=batch_rows, shuffle=True)

def draw_noise(batch_n, feat_dim):
    return torch.randn(batch_n, feat_dim).to(run_device)

# ---------------------------------------------------------------------------
# settings
# ---------------------------------------------------------------------------
beat_len = train_data[0].size()[0]

gen_width = 50
gen_depth = 2
gen_tanh = False

critic_steps = 3
gen_steps = 1
epoch_total = 35
lr_value = 0.0002

mb_size = 0
gauss_init_flag = True
conv_count = 2
c1_ch, c1_kern, c1_step, pool1_kern, pool1_step = 10, 3, 1, 3, 2
c2_ch, c2_kern, c2_step, pool2_kern, pool2_step = 10, 3, 1, 3, 2

# ---------------------------------------------------------------------------
# a complete training run for each similarity-layer width
# ---------------------------------------------------------------------------
mb_sizes = [0, 3, 5, 8, 10]
for mb_size in mb_sizes:
    run_path = ".../your_path/Run_" + str(run_day.strftime("%d_%m_%Y")) + "_" + str(datetime.datetime.now().time()).split('.')[0]
    os.mkdir(run_path)
    run_config = {'data': train_csv_path, 'sample_size': batch_rows, 'seq_length': beat_len,
                'num_layers': gen_depth, 'tanh_layer': gen_tanh, 'hidden_dims_generator': gen_width,
                'minibatch_layer': mb_size, 'minibatch_normal_init_': gauss_init_flag,
                'num_cvs': conv_count, 'cv1_out': c1_ch, 'cv1_k': c1_kern, 'cv1_s': c1_step, 'p1_k': pool1_kern,
                'p1_s': pool1_step, 'cv2_out': c2_ch, 'cv2_k': c2_kern, 'cv2_s': c2_step, 'p2_k': pool2_kern,
                'p2_s': pool2_step, 'num_epoch': epoch_total, 'D_rounds': critic_steps, 'G_rounds': gen_steps,
                'learning_rate': lr_value}
    cfg_file = open(run_path + "/settings.json", "w")
    cfg_file.write(js.dumps(run_config))
    cfg_file.close()
    g_model = BeatGenerator(beat_len, batch_rows, state_width=gen_width, squash_out=gen_tanh).to(run_device)
    d_model = BeatCritic(beat_len, batch_rows, gauss_init=gauss_init_flag,
                         mb_width=mb_size, conv_stages=conv_count, c1_ch=c1_ch, c1_kern=c1_kern,
                         c1_step=c1_step, pool1_kern=pool1_kern, pool1_step=pool1_step, c2_ch=c2_ch, c2_kern=c2_kern,
                         c2_step=c2_step, pool2_kern=pool2_kern, pool2_step=pool2_step).to(run_device)
    bce_loss = torch.nn.BCELoss()
    g_model.train()
    d_model.train()
    d_optimizer = torch.optim.Adam(d_model.parameters(), lr=lr_value)
    g_optimizer = torch.optim.Adam(g_model.parameters(), lr=lr_value)
    g_loss_log = []
    d_loss_log = []
    mmd_history = []
    sample_curves = np.zeros((1, beat_len))
    for epoch in tqdm(range(epoch_total)):
        for batch_i, real_batch in enumerate(train_loader):
            # critic update on generated, then on real beats
            for k_d in range(critic_steps):
                d_model.zero_grad()
                g_state = g_model.zero_state()
                noise_in = Variable(draw_noise(len(real_batch), beat_len))
                fake_beats = g_model.forward(noise_in, g_state).detach()
                d_on_fake = d_model(fake_beats)
                fake_loss = bce_loss(d_on_fake, torch.zeros([len(real_batch), 1]).to(run_device))
                fake_loss.backward()
                real_beats = Variable(real_batch.float()).to(run_device)
                d_on_real = d_model.forward(real_beats)
                real_loss = bce_loss(d_on_real, torch.ones([len(real_batch), 1]).to(run_device))
                real_loss.backward()
                d_optimizer.step()
            # generator update
            for k_g in range(gen_steps):
                g_model.zero_grad()
                g_state = g_model.zero_state()
                noise_in = Variable(draw_noise(len(real_batch), beat_len))
                fake_beats = g_model.forward(noise_in, g_state)
                d_on_gen = d_model(fake_beats)
                gen_loss = bce_loss(d_on_gen, torch.ones([len(real_batch), 1]).to(run_device))
                gen_loss.backward()
                g_optimizer.step()
        if batch_i == (n_train_batches - 1):
            g_loss_log.append(gen_loss.item())
            d_loss_log.append((real_loss + fake_loss).item())
            torch.save(g_model.state_dict(), run_path + '/generator_state_' + str(epoch) + '.pt')
            torch.save(d_model.state_dict(), run_path + '/discriminator_state_' + str(epoch) + '.pt')
            # end of epoch: score generated beats against the real test beats with MMD
            with torch.no_grad():
                g_state = g_model.zero_state()
                fake_beats = g_model(draw_noise(len(real_batch), beat_len), g_state).detach().cpu()
                gen_pool = torch.zeros(1, beat_len).to(run_device)
                for step in range(0, int(len(test_data[:18088]) / batch_rows)):
                    test_noise = draw_noise(batch_rows, beat_len)
                    g_state = g_model.zero_state()
                    gen_chunk = g_model.forward(test_noise, g_state).detach().squeeze()
                    gen_pool = torch.cat((gen_pool, gen_chunk), dim=0)
                gen_pool = gen_pool[1:][:]
                bandwidth = [median_bandwidth(test_data[:18088].type(torch.DoubleTensor),
                                           gen_pool.type(torch.DoubleTensor).squeeze())]
                mmd_fn = KernelMMD(len(test_data[:18088]), gen_pool.size(0))
                mmd_score = mmd_fn(test_data[:18088].type(torch.DoubleTensor),
                               gen_pool.type(torch.DoubleTensor).squeeze(), bandwidth, give_kernels=False)
                mmd_history.append(mmd_score.item())
                sample_curves = np.append(sample_curves, fake_beats[0].numpy().reshape((1, beat_len)), axis=0)
    # save the loss and MMD curves
    with open(run_path + '/generator_losses.txt', 'wb') as out_f:
        pickle.dump(g_loss_log, out_f)
    with open(run_path + '/discriminator_losses.txt', 'wb') as out_f:
        pickle.dump(d_loss_log, out_f)
    with open(run_path + '/mmd_list.txt', 'wb') as out_f:
        pickle.dump(mmd_history, out_f)
    plt.plot(g_loss_log, '-r', label='generator loss')
    plt.plot(d_loss_log, '-b', label='critic loss')
    plt.title('training losses')
    plt.legend()
    plt.savefig(run_path + '/GAN_errors.png')
    plt.close()
    # plot sample curves, three epochs to a figure
    i = 0
    while i < epoch_total:
        if i % 3 == 0:
            figure, axes_ = plt.subplots(3, 1, constrained_layout=True)
            figure.suptitle("generator output")
        for j in range(0, 3):
            axes_[j].plot(sample_curves[i][:])
            axes_[j].set_title('epoch ' + str(i) + ' | mmd %.4f' % (mmd_history[i]))
            i = i + 1
        plt.savefig(run_path + '/Training_Epoch_Samples_MMD_' + str(i) + '.png')
        plt.close(figure)
    # draw a handful of beats to eyeball variety
    g_model.eval()
    g_state = g_model.zero_state()
    probe_noise = draw_noise(batch_rows, beat_len)
    probe_beats = g_model.forward(probe_noise, g_state).detach()
    plt.title("sampled beats")
    plt.plot(probe_beats[random.randint(0, batch_rows - 1)].tolist(), '-b')
    plt.plot(probe_beats[random.randint(0, batch_rows - 1)].tolist(), '-r')
    plt.plot(probe_beats[random.randint(0, batch_rows - 1)].tolist(), '-g')
    plt.plot(probe_beats[random.randint(0, batch_rows - 1)].tolist(), '-', color='orange')
    plt.savefig(run_path + '/Generated_Data_Sample1.png')
    plt.close()
