# -*- coding: utf-8 -*-
"""
GAN for synthetic ECG beats: LSTM generator, 2-layer 1-D CNN discriminator
with optional minibatch discrimination, evaluated each epoch with an MMD
two-sample statistic against the MIT-BIH test beats.

Dataset class, the two networks and the MMD helpers are all in this file.
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
today = date.today()

import random
import json as js
import pickle
import os

device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

if device == 'cuda:0':
    print('Using GPU : ')
    print(torch.cuda.get_device_name(device))
else:
    print('Using CPU')

# ---------------------------------------------------------------------------
# data
# ---------------------------------------------------------------------------
class ECGData(Dataset):
    """Beats of one class from the MIT-BIH csv (187 samples + label column)."""

    def __init__(self, source_file, class_id, transform=None):
        self.source_file = source_file
        table = pd.read_csv(source_file, header=None)
        one_class = table[table[187] == class_id]
        self.data = one_class.drop(one_class.iloc[:, 187], axis=1)
        self.transform = transform
        self.class_id = class_id

    def __len__(self):
        return self.data.shape[0]

    def __getitem__(self, idx):
        row = self.data.iloc[idx]
        if self.transform:
            row = self.transform(row)
        return row

class PD_to_Tensor(object):
    """pandas row(s) -> tensor on the training device."""
    def __call__(self, sample):
        return torch.tensor(sample.values).to(device)

# ---------------------------------------------------------------------------
# networks
# ---------------------------------------------------------------------------
class MinibatchDiscrimination(nn.Module):
    """Minibatch discrimination (https://arxiv.org/pdf/1606.03498.pdf) against mode collapse."""
    def __init__(self, input_features, output_features, minibatch_normal_init, hidden_features=16):
        super(MinibatchDiscrimination, self).__init__()
        self.input_features = input_features
        self.output_features = output_features
        self.hidden_features = hidden_features
        self.T = nn.Parameter(torch.randn(self.input_features, self.output_features, self.hidden_features))
        if minibatch_normal_init == True:
            nn.init.normal(self.T, 0, 1)

    def forward(self, x):
        M = torch.mm(x, self.T.view(self.input_features, -1))
        M = M.view(-1, self.output_features, self.hidden_features).unsqueeze(0)
        M_t = M.permute(1, 0, 2, 3)
        out = torch.sum(torch.exp(-(torch.abs(M - M_t).sum(3))), dim=0) - 1
        return torch.cat([x, out], 1)

class Discriminator(nn.Module):
    """One or two Conv1d+MaxPool stages, optional minibatch layer, sigmoid output."""
    def __init__(self, seq_length, batch_size, minibatch_normal_init, n_features=1, num_cv=1, minibatch=0,
                 cv1_out=10, cv1_k=3, cv1_s=4, p1_k=3, p1_s=3, cv2_out=10, cv2_k=3, cv2_s=3, p2_k=3, p2_s=3):
        super(Discriminator, self).__init__()
        self.n_features = n_features
        self.seq_length = seq_length
        self.batch_size = batch_size
        self.num_cv = num_cv
        self.minibatch = minibatch
        self.cv1_dims = int((((((seq_length - cv1_k) / cv1_s) + 1) - p1_k) / p1_s) + 1)
        self.cv2_dims = int((((((self.cv1_dims - cv2_k) / cv2_s) + 1) - p2_k) / p2_s) + 1)
        self.cv1_out = cv1_out
        self.cv2_out = cv2_out
        self.CV1 = nn.Sequential(
            nn.Conv1d(in_channels=self.n_features, out_channels=int(cv1_out), kernel_size=int(cv1_k), stride=int(cv1_s)),
            nn.ReLU(),
            nn.MaxPool1d(kernel_size=int(p1_k), stride=int(p1_s)))
        if self.num_cv > 1:
            self.CV2 = nn.Sequential(
                nn.Conv1d(in_channels=int(cv1_out), out_channels=int(cv2_out), kernel_size=int(cv2_k), stride=int(cv2_s)),
                nn.ReLU(),
                nn.MaxPool1d(kernel_size=int(p2_k), stride=int(p2_s)))
            if self.minibatch > 0:
                self.mb1 = MinibatchDiscrimination(self.cv2_dims * cv2_out, self.minibatch, minibatch_normal_init)
                self.out = nn.Sequential(nn.Linear(int(self.cv2_dims * cv2_out) + self.minibatch, 1), nn.Sigmoid())
            else:
                self.out = nn.Sequential(nn.Linear(int(self.cv2_dims * cv2_out), 1), nn.Sigmoid())
        else:
            if self.minibatch > 0:
                self.mb1 = MinibatchDiscrimination(int(self.cv1_dims * cv1_out), self.minibatch, minibatch_normal_init)
                self.out = nn.Sequential(nn.Linear(int(self.cv1_dims * cv1_out) + self.minibatch, 1), nn.Dropout(0.2), nn.Sigmoid())
            else:
                self.out = nn.Sequential(nn.Linear(int(self.cv1_dims * cv1_out), 1), nn.Sigmoid())

    def forward(self, x):
        x = self.CV1(x.view(self.batch_size, 1, self.seq_length))
        if self.num_cv > 1:
            x = self.CV2(x)
            x = x.view(self.batch_size, -1)
            if self.minibatch > 0:
                x = self.mb1(x.squeeze())
                x = self.out(x.squeeze())
            else:
                x = self.out(x.squeeze())
        else:
            x = x.view(self.batch_size, -1)
            if self.minibatch > 0:
                x = self.mb1(x)
                x = self.out(x)
            else:
                x = self.out(x)
        return x

class Generator(nn.Module):
    """Two stacked LSTM layers and a linear read-out per time step."""
    def __init__(self, seq_length, batch_size, n_features=1, hidden_dim=50, num_layers=2, tanh_output=False):
        super(Generator, self).__init__()
        self.n_features = n_features
        self.hidden_dim = hidden_dim
        self.num_layers = num_layers
        self.seq_length = seq_length
        self.batch_size = batch_size
        self.tanh_output = tanh_output
        self.layer1 = nn.LSTM(input_size=self.n_features, hidden_size=self.hidden_dim,
                              num_layers=self.num_layers, batch_first=True)
        if self.tanh_output == True:
            self.out = nn.Sequential(nn.Linear(self.hidden_dim, 1), nn.Tanh())
        else:
            self.out = nn.Linear(self.hidden_dim, 1)

    def init_hidden(self):
        weight = next(self.parameters()).data
        hidden = (weight.new(self.num_layers, self.batch_size, self.hidden_dim).zero_().to(device),
                  weight.new(self.num_layers, self.batch_size, self.hidden_dim).zero_().to(device))
        return hidden

    def forward(self, x, hidden):
        x, hidden = self.layer1(x.view(self.batch_size, self.seq_length, 1), hidden)
        x = self.out(x)
        return x

# ---------------------------------------------------------------------------
# MMD two-sample statistic (after torch-two-sample)
# ---------------------------------------------------------------------------
def pdist(sample_1, sample_2, norm=2, eps=1e-5):
    """All pairwise distances between the rows of sample_1 (n_1, d) and sample_2 (n_2, d)."""
    n_1, n_2 = sample_1.size(0), sample_2.size(0)
    norm = float(norm)
    if norm == 2.:
        norms_1 = torch.sum(sample_1 ** 2, dim=1, keepdim=True)
        norms_2 = torch.sum(sample_2 ** 2, dim=1, keepdim=True)
        norms = (norms_1.expand(n_1, n_2) + norms_2.transpose(0, 1).expand(n_1, n_2))
        distances_squared = norms - 2 * sample_1.mm(sample_2.t())
        return torch.sqrt(eps + torch.abs(distances_squared))
    else:
        dim = sample_1.size(1)
        expanded_1 = sample_1.unsqueeze(1).expand(n_1, n_2, dim)
        expanded_2 = sample_2.unsqueeze(0).expand(n_1, n_2, dim)
        differences = torch.abs(expanded_1 - expanded_2) ** norm
        inner = torch.sum(differences, dim=2, keepdim=False)
        return (eps + inner) ** (1. / norm)

class MMDStatistic:
    """Unbiased MMD with a sum of Gaussian kernels exp(-alpha * ||x - x'||^2)."""

    def __init__(self, n_1, n_2):
        self.n_1 = n_1
        self.n_2 = n_2
        self.a00 = 1. / (n_1 * (n_1 - 1))
        self.a11 = 1. / (n_2 * (n_2 - 1))
        self.a01 = - 1. / (n_1 * n_2)

    def __call__(self, sample_1, sample_2, alphas, ret_matrix=False):
        sample_12 = torch.cat((sample_1, sample_2), 0)
        distances = pdist(sample_12, sample_12, norm=2)
        kernels = None
        for alpha in alphas:
            kernels_a = torch.exp(- alpha * distances ** 2)
            if kernels is None:
                kernels = kernels_a
            else:
                kernels = kernels + kernels_a
        k_1 = kernels[:self.n_1, :self.n_1]
        k_2 = kernels[self.n_1:, self.n_1:]
        k_12 = kernels[:self.n_1, self.n_1:]
        mmd = (2 * self.a01 * k_12.sum() +
               self.a00 * (k_1.sum() - torch.trace(k_1)) +
               self.a11 * (k_2.sum() - torch.trace(k_2)))
        if ret_matrix:
            return mmd, kernels
        else:
            return mmd

def pairwisedistances(X, Y, norm=2):
    """Median pairwise distance, used as the kernel bandwidth."""
    dist = pdist(X, Y, norm)
    return np.median(dist.numpy())

def GetECGData(source_file, class_id):
    compose = transforms.Compose([PD_to_Tensor()])
    return ECGData(source_file, class_id=class_id, transform=compose)

# ---------------------------------------------------------------------------
# data loaders (normal beats only)
# ---------------------------------------------------------------------------
source_filename = './mitbih_train.csv'
ecg_data = GetECGData(source_file=source_filename, class_id=0)

sample_size = 119  # batch size for the loader and the noise
data_loader = torch.utils.data.DataLoader(ecg_data, batch_size=sample_size, shuffle=True)
num_batches = len(data_loader)
print(num_batches)

test_filename = './mitbih_test.csv'
ecg_data_test = GetECGData(source_file=test_filename, class_id=0)
data_loader_test = torch.utils.data.DataLoader(ecg_data_test[:18088], batch_size=sample_size, shuffle=True)

def noise(batch_size, features):
    return torch.randn(batch_size, features).to(device)

# ---------------------------------------------------------------------------
# hyper-parameters
# ---------------------------------------------------------------------------
seq_length = ecg_data[0].size()[0]

hidden_nodes_g = 50
layers = 2
tanh_layer = False

D_rounds = 3
G_rounds = 1
num_epoch = 35
learning_rate = 0.0002

minibatch_layer = 0
minibatch_normal_init_ = True
num_cvs = 2
cv1_out, cv1_k, cv1_s, p1_k, p1_s = 10, 3, 1, 3, 2
cv2_out, cv2_k, cv2_s, p2_k, p2_s = 10, 3, 1, 3, 2

# ---------------------------------------------------------------------------
# one full training run per minibatch-discrimination width
# ---------------------------------------------------------------------------
minibatch_out = [0, 3, 5, 8, 10]
for minibatch_layer in minibatch_out:
    path = ".../your_path/Run_" + str(today.strftime("%d_%m_%Y")) + "_" + str(datetime.datetime.now().time()).split('.')[0]
    os.mkdir(path)
    settings = {'data': source_filename, 'sample_size': sample_size, 'seq_length': seq_length,
                'num_layers': layers, 'tanh_layer': tanh_layer, 'hidden_dims_generator': hidden_nodes_g,
                'minibatch_layer': minibatch_layer, 'minibatch_normal_init_': minibatch_normal_init_,
                'num_cvs': num_cvs, 'cv1_out': cv1_out, 'cv1_k': cv1_k, 'cv1_s': cv1_s, 'p1_k': p1_k,
                'p1_s': p1_s, 'cv2_out': cv2_out, 'cv2_k': cv2_k, 'cv2_s': cv2_s, 'p2_k': p2_k,
                'p2_s': p2_s, 'num_epoch': num_epoch, 'D_rounds': D_rounds, 'G_rounds': G_rounds,
                'learning_rate': learning_rate}
    fh = open(path + "/settings.json", "w")
    fh.write(js.dumps(settings))
    fh.close()
    gen = Generator(seq_length, sample_size, hidden_dim=hidden_nodes_g, tanh_output=tanh_layer).to(device)
    disc = Discriminator(seq_length, sample_size, minibatch_normal_init=minibatch_normal_init_,
                         minibatch=minibatch_layer, num_cv=num_cvs, cv1_out=cv1_out, cv1_k=cv1_k,
                         cv1_s=cv1_s, p1_k=p1_k, p1_s=p1_s, cv2_out=cv2_out, cv2_k=cv2_k,
                         cv2_s=cv2_s, p2_k=p2_k, p2_s=p2_s).to(device)
    bce = torch.nn.BCELoss()
    gen.train()
    disc.train()
    d_opt = torch.optim.Adam(disc.parameters(), lr=learning_rate)
    g_opt = torch.optim.Adam(gen.parameters(), lr=learning_rate)
    G_losses = []
    D_losses = []
    mmd_list = []
    series_list = np.zeros((1, seq_length))
    for n in tqdm(range(num_epoch)):
        for n_batch, sample_data in enumerate(data_loader):
            # discriminator: fake then real
            for d in range(D_rounds):
                disc.zero_grad()
                h_g = gen.init_hidden()
                z = Variable(noise(len(sample_data), seq_length))
                fake = gen.forward(z, h_g).detach()
                p_fake = disc(fake)
                loss_fake = bce(p_fake, torch.zeros([len(sample_data), 1]).to(device))
                loss_fake.backward()
                real = Variable(sample_data.float()).to(device)
                p_real = disc.forward(real)
                loss_real = bce(p_real, torch.ones([len(sample_data), 1]).to(device))
                loss_real.backward()
                d_opt.step()
            # generator
            for g in range(G_rounds):
                gen.zero_grad()
                h_g = gen.init_hidden()
                z = Variable(noise(len(sample_data), seq_length))
                fake = gen.forward(z, h_g)
                p_gen = disc(fake)
                error_gen = bce(p_gen, torch.ones([len(sample_data), 1]).to(device))
                error_gen.backward()
                g_opt.step()
        if n_batch == (num_batches - 1):
            G_losses.append(error_gen.item())
            D_losses.append((loss_real + loss_fake).item())
            torch.save(gen.state_dict(), path + '/generator_state_' + str(n) + '.pt')
            torch.save(disc.state_dict(), path + '/discriminator_state_' + str(n) + '.pt')
            # epoch-end evaluation: MMD between generated and real test beats
            with torch.no_grad():
                h_g = gen.init_hidden()
                fake = gen(noise(len(sample_data), seq_length), h_g).detach().cpu()
                generated_sample = torch.zeros(1, seq_length).to(device)
                for it in range(0, int(len(ecg_data_test[:18088]) / sample_size)):
                    z_test = noise(sample_size, seq_length)
                    h_g = gen.init_hidden()
                    gen_batch = gen.forward(z_test, h_g).detach().squeeze()
                    generated_sample = torch.cat((generated_sample, gen_batch), dim=0)
                generated_sample = generated_sample[1:][:]
                sigma = [pairwisedistances(ecg_data_test[:18088].type(torch.DoubleTensor),
                                           generated_sample.type(torch.DoubleTensor).squeeze())]
                mmd = MMDStatistic(len(ecg_data_test[:18088]), generated_sample.size(0))
                mmd_eval = mmd(ecg_data_test[:18088].type(torch.DoubleTensor),
                               generated_sample.type(torch.DoubleTensor).squeeze(), sigma, ret_matrix=False)
                mmd_list.append(mmd_eval.item())
                series_list = np.append(series_list, fake[0].numpy().reshape((1, seq_length)), axis=0)
    # losses and MMD history
    with open(path + '/generator_losses.txt', 'wb') as fp:
        pickle.dump(G_losses, fp)
    with open(path + '/discriminator_losses.txt', 'wb') as fp:
        pickle.dump(D_losses, fp)
    with open(path + '/mmd_list.txt', 'wb') as fp:
        pickle.dump(mmd_list, fp)
    plt.plot(G_losses, '-r', label='Generator Error')
    plt.plot(D_losses, '-b', label='Discriminator Error')
    plt.title('GAN Errors in Training')
    plt.legend()
    plt.savefig(path + '/GAN_errors.png')
    plt.close()
    # sample curves, three epochs per figure
    i = 0
    while i < num_epoch:
        if i % 3 == 0:
            fig, ax = plt.subplots(3, 1, constrained_layout=True)
            fig.suptitle("Generated fake data")
        for j in range(0, 3):
            ax[j].plot(series_list[i][:])
            ax[j].set_title('Epoch ' + str(i) + ', MMD: %.4f' % (mmd_list[i]))
            i = i + 1
        plt.savefig(path + '/Training_Epoch_Samples_MMD_' + str(i) + '.png')
        plt.close(fig)
    # a few generated beats for a diversity check
    gen.eval()
    h_g = gen.init_hidden()
    z_check = noise(sample_size, seq_length)
    gen_data = gen.forward(z_check, h_g).detach()
    plt.title("Generated ECG Waves")
    plt.plot(gen_data[random.randint(0, sample_size - 1)].tolist(), '-b')
    plt.plot(gen_data[random.randint(0, sample_size - 1)].tolist(), '-r')
    plt.plot(gen_data[random.randint(0, sample_size - 1)].tolist(), '-g')
    plt.plot(gen_data[random.randint(0, sample_size - 1)].tolist(), '-', color='orange')
    plt.savefig(path + '/Generated_Data_Sample1.png')
    plt.close()
