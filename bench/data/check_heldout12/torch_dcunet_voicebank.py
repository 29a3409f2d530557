import argparse
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import ExponentialLR

from scipy.io import wavfile
import librosa
from tqdm import tqdm

import utils
from models.unet import Unet
from models.layers.istft import ISTFT
from torch.utils import data
from torch.utils.data import DataLoader
import os, csv


# data helpers
# list noisy/clean file pairs of one split
def list_wav_pairs(root_folder='./dataset', split_name='train'):
    assert(split_name in ['train', 'val'])

    wav_dataset = {}
    split_dir = root_folder + '/' + split_name + 'set'

    print("listing wav files")
    wav_dataset['innames'] = []
    wav_dataset['outnames'] = []
    wav_dataset['shortnames'] = []

    wav_files = os.listdir("%s_noisy"%(split_dir))
    wav_files = [fn for fn in wav_files if fn.endswith(".wav")]
    for i in tqdm(wav_files):
        wav_dataset['innames'].append("%s_noisy/%s"%(split_dir,i))
        wav_dataset['outnames'].append("%s_clean/%s"%(split_dir,i))
        wav_dataset['shortnames'].append("%s"%(i))

    return wav_dataset

# read every listed wav pair into memory
def read_wav_data(wav_dataset):

    wav_dataset['inaudio']  = [None]*len(wav_dataset['innames'])
    wav_dataset['outaudio'] = [None]*len(wav_dataset['outnames'])

    for k in tqdm(range(len(wav_dataset['innames']))):

        if wav_dataset['inaudio'][k] is None:
            noisy_data, sr_val = librosa.load(wav_dataset['innames'][k], sr=None)
            clean_data, sr_val = librosa.load(wav_dataset['outnames'][k], sr=None)

            shp = np.shape(noisy_data)

            wav_dataset['inaudio'][k]  = np.float32(noisy_data)
            wav_dataset['outaudio'][k] = np.float32(clean_data)

    return wav_dataset

class NoisyCleanDataset(data.Dataset):
    """
    Noisy/clean waveform pairs held in RAM.
    """

    def __init__(self, split_kind):
        wav_dataset = list_wav_pairs(split_name=split_kind)
        self.wav_dataset = read_wav_data(wav_dataset)

        self.noisy_files = wav_dataset['innames']

    def __getitem__(self, index_i):
        noisy_wave = torch.from_numpy(self.wav_dataset['inaudio'][index_i]).type(torch.FloatTensor)
        clean_wave = torch.from_numpy(self.wav_dataset['outaudio'][index_i]).type(torch.FloatTensor)

        return noisy_wave, clean_wave

    def __len__(self):
        return len(self.noisy_files)

    def pad_stack(self, items):
        longest = max(wave.shape[0] for wave in items)
        shp = (len(items), longest)
        padded = np.zeros(shp, dtype=np.float32)
        for row, wave in enumerate(items):
            padded[row, :wave.shape[0]] = wave
        return padded

    def collate_batch(self, items):
        noisy_list, clean_list = zip(*items)
        lengths = torch.IntTensor([i.shape[0] for i in noisy_list])

        x_pad = torch.FloatTensor(self.pad_stack(noisy_list))
        y_pad = torch.FloatTensor(self.pad_stack(clean_list))

        batch_list = [x_pad, y_pad, lengths]
        return batch_list


cli = argparse.ArgumentParser()
cli.add_argument('--model_dir', default='experiments/base_model', help="folder with params.json")
cli.add_argument('--restore_file', default=None, help="optional weights file inside --model_dir to resume from")
cli.add_argument('--batch_size', default=32, type=int, help='rows per training batch')
cli.add_argument('--num_epochs', default=100, type=int, help='training passes')
opts = cli.parse_args()

fft_len, hop_len = 400, 160
hann_win = torch.hann_window(fft_len).cuda()
stft_fn = lambda x_pad: torch.stft(x_pad, fft_len, hop_len, window=hann_win)
istft_mod = ISTFT(fft_len, hop_len, window='hanning').cuda()

def weighted_sdr_loss(noisy_wave, clean_wave, clean_pred, eps_v=2e-7):
    # time-domain loss, so the inverse STFT must be differentiable;
    # inputs are batches of shape (N, T)
    row_sum = lambda x_pad: torch.sum(x_pad, dim=1) # sum per row
    def neg_cosine(ref, pred_w):
        # negative cosine similarity between reference and estimate,
        # i.e. a normalised SDR variant
        #  (high correlation, low output energy)
        corr = row_sum(ref * pred_w)
        norm_prod = torch.norm(ref, p=2, dim=1) * torch.norm(pred_w, p=2, dim=1)
        return -(corr / (norm_prod + eps_v))

    noise_w = noisy_wave - clean_wave
    noise_pred = noisy_wave - clean_pred

    w_mix = row_sum(clean_wave**2) / (row_sum(clean_wave**2) + row_sum(noise_w**2) + eps_v)
    sdr_mix = w_mix * neg_cosine(clean_wave, clean_pred) + (1 - w_mix) * neg_cosine(noise_w, noise_pred)
    return torch.mean(sdr_mix)

# ideas not done yet:
# - tempo / volume perturbation of the clean input
# - a switch between those
# - added noise as a second input
# - added reverb as a second input
# - a switch between those

def run_main():
    params_path = os.path.join(opts.model_dir)
    hparams = utils.Params(params_path)

    unet_model = Unet(hparams.model).cuda()
    # (resume from a checkpoint: disabled)
    #
    #

    train_audio_dataset = NoisyCleanDataset(split_kind='train')
    test_audio_dataset = NoisyCleanDataset(split_kind='val')
    train_audio_loader = DataLoader(dataset=train_audio_dataset, batch_size=opts.batch_size,
            collate_fn=train_audio_dataset.collate_batch, shuffle=True, num_workers=4)
    test_audio_loader = DataLoader(dataset=test_audio_dataset, batch_size=opts.batch_size,
            collate_fn=test_audio_dataset.collate_batch, shuffle=False, num_workers=4)

    torch.set_printoptions(precision=10, profile="full")

    # optimiser
    adam_optimizer = optim.Adam(unet_model.parameters(), lr=1e-3)
    # decay the learning rate each epoch
    lr_sched = ExponentialLR(adam_optimizer, 0.95)

    for epoch_i in range(opts.num_epochs):
        pbar = tqdm(train_audio_loader)
        for batch_in in pbar:
            train_noisy, train_target_clean, lens_b = map(lambda x_pad: x_pad.cuda(), batch_in)
            noisy_wave = stft_fn(train_noisy).unsqueeze(dim=1)
            re_part, im_part = noisy_wave[..., 0], noisy_wave[..., 1]
            pred_re, pred_im = unet_model(re_part, im_part)
            pred_re, pred_im = torch.squeeze(pred_re, 1), torch.squeeze(pred_im, 1)
            pred_audio = istft_mod(pred_re, pred_im, train_noisy.size(1))
            pred_audio = torch.squeeze(pred_audio, dim=1)
            for i, n_valid in enumerate(lens_b):
                pred_audio[i, n_valid:] = 0
            librosa.output.write_wav('mixed.wav', train_noisy[0].cpu().data.numpy()[:lens_b[0].cpu().data.numpy()], 16000)
            librosa.output.write_wav('clean.wav', train_target_clean[0].cpu().data.numpy()[:lens_b[0].cpu().data.numpy()], 16000)
            librosa.output.write_wav('out.wav', pred_audio[0].cpu().data.numpy()[:lens_b[0].cpu().data.numpy()], 16000)
            sdr_loss = weighted_sdr_loss(train_noisy, train_target_clean, pred_audio)
            print(epoch_i, sdr_loss)
            adam_optimizer.zero_grad()
            sdr_loss.backward()

            adam_optimizer.step()
        lr_sched.step()
    torch.save(unet_model.state_dict(), './final.pth.tar')

if __name__ == '__main__':
    run_main()
