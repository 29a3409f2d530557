# source: https://github.com/ReNginx/FR-SRGAN/blob/07947ca812b67b8e7d05a82a19f82d888e6ba075/FRSRGAN_train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import argparse
import os
from math import log10

import pandas as pd
import torch.optim as optim
import torch.utils.data
import torchvision.utils as utils
from torch.autograd import Variable
from torch.utils.data import DataLoader
from tqdm import tqdm
import Dataset_OnlyHR
from FRVSR_models import FRVSR

from SRGAN.data_utils import TrainDatasetFromFolder, ValDatasetFromFolder, display_transform
from FRVSR_models import GeneratorLoss
from SRGAN.model import Generator, Discriminator
import SRGAN.pytorch_ssim as pts

ap = argparse.ArgumentParser(description='recurrent video super-resolution, adversarial training')
ap.add_argument('--num_epochs', type=int, default=25, help='passes over the training clips')
ap.add_argument('--width', type=int, default=112, help='width of the low-resolution frames')
ap.add_argument('--height', type=int, default=64, help='height of the low-resolution frames')
ap.add_argument('--dataset_size', type=int, default=0, help='clips to use; 0 means every clip')
ap.add_argument('--batch_size', type=int, default=4, help='clips per batch')
cli = ap.parse_args()

SCALE = 4
EPOCHS = cli.num_epochs
LR_W = cli.width
LR_H = cli.height
n_clips = cli.batch_size
subset_size = cli.dataset_size

train_loader, valid_loader = Dataset_OnlyHR.get_data_loaders(n_clips, validation_split=0.2, dataset_size=subset_size)
n_train_steps = len(train_loader)
n_valid_steps = len(valid_loader)

gen_net = FRVSR.FRVSR(n_clips, lr_height=LR_H, lr_width=LR_W)
disc_net = Discriminator()
print('parameters: generator', sum(p.numel() for p in gen_net.parameters()),
      'discriminator', sum(p.numel() for p in disc_net.parameters()))

g_criterion = GeneratorLoss()

if torch.cuda.is_available():
    gen_net.cuda()
    disc_net.cuda()
    g_criterion.cuda()

opt_g = optim.Adam(gen_net.parameters())
opt_d = optim.Adam(disc_net.parameters())

history = {'loss_d': [], 'loss_g': [], 'score_d': [], 'score_g': [], 'psnr': [], 'ssim': []}
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

for ep in range(1, EPOCHS + 1):
    progress = tqdm(train_loader)
    running = {'n': 0, 'loss_d': 0, 'loss_g': 0, 'score_d': 0, 'score_g': 0}

    gen_net.train()
    disc_net.train()
    for data_lr, target_hr in progress:
        g_first = True
        n_clips = data_lr.size(0)
        running['n'] += n_clips

        # discriminator: one term per frame of the clip, the generator's hidden state carried between frames
        sr_frames = []
        lr_estimates = []
        fake_scores = []
        real_scores = []
        loss_d = 0
        disc_net.zero_grad()
        gen_net.init_hidden(dev)

        for frame_lr, frame_hr in zip(data_lr, target_hr):
            if torch.cuda.is_available():
                frame_hr = frame_hr.cuda()
            if torch.cuda.is_available():
                frame_lr = frame_lr.cuda()

            sr_frame, lr_estimate = gen_net(frame_lr)

            score_real = disc_net(frame_hr).mean()
            score_fake = disc_net(sr_frame).mean()

            sr_frames.append(sr_frame)
            lr_estimates.append(lr_estimate)
            fake_scores.append(score_fake)
            real_scores.append(score_real)

            loss_d += 1 - score_real + score_fake

        loss_d /= len(data_lr)
        loss_d.backward(retain_graph=True)
        opt_d.step()

        # generator: adversarial, perceptual, pixel and flow terms summed over the frames
        loss_g = 0
        gen_net.zero_grad()
        for sr_frame, lr_estimate, score_fake, frame_hr, frame_lr in zip(
                sr_frames, lr_estimates, fake_scores, target_hr, data_lr):
            loss_g += g_criterion(score_fake, sr_frame, frame_hr, lr_estimate, frame_lr)

        loss_g /= len(data_lr)
        loss_g.backward()
        opt_g.step()

        score_real = torch.Tensor(real_scores).mean()
        score_fake = torch.Tensor(fake_scores).mean()
        running['loss_g'] += loss_g.data[0] * n_clips
        running['loss_d'] += loss_d.data[0] * n_clips
        running['score_d'] += score_real.data[0] * n_clips
        running['score_g'] += score_fake.data[0] * n_clips

        seen = running['n']
        progress.set_description(
            desc=f"epoch {ep}/{EPOCHS}  D {running['loss_d'] / seen:.4f}  G {running['loss_g'] / seen:.4f}  "
                 f"D(real) {running['score_d'] / seen:.4f}  D(fake) {running['score_g'] / seen:.4f}")

    gen_net.eval()
    valid_bar = tqdm(valid_loader)
    valid_stats = {'mse': 0, 'ssim_sum': 0, 'psnr': 0, 'ssim': 0, 'n': 0}
    valid_images = []
    for lr_valid, hr_valid in valid_bar:
        n_clips = lr_valid.size(0)
        valid_stats['n'] += n_clips

        gen_net.init_hidden(dev)
        for frame_lr, frame_hr in zip(lr_valid, hr_valid):
            frame_lr = Variable(lr_valid)
            frame_hr = Variable(hr_valid)
            if torch.cuda.is_available():
                frame_lr = frame_lr.cuda()
                frame_hr = frame_hr.cuda()
            sr_est, lr_back = gen_net(frame_lr)

        mse_now = ((sr_est - frame_hr) ** 2).data.mean()
        valid_stats['mse'] += mse_now * n_clips
        ssim_now = pts.ssim(sr_est, frame_hr).data[0]
        valid_stats['ssim_sum'] += ssim_now * n_clips
        valid_stats['psnr'] = 10 * log10(1 / (valid_stats['mse'] / valid_stats['n']))
        valid_stats['ssim'] = valid_stats['ssim_sum'] / valid_stats['n']
        valid_bar.set_description(desc=f"validating: PSNR {valid_stats['psnr']:.4f} dB, SSIM {valid_stats['ssim']:.4f}")

    torch.save(gen_net.state_dict(), f'weights/frvsr_x{SCALE}_e{ep}.pth')
    torch.save(disc_net.state_dict(), f'weights/disc_x{SCALE}_e{ep}.pth')
    for key in ('loss_d', 'loss_g', 'score_d', 'score_g'):
        history[key].append(running[key] / running['n'])
    history['psnr'].append(valid_stats['psnr'])
    history['ssim'].append(valid_stats['ssim'])

    if ep % 10 == 0 and ep != 0:
        stats_dir = 'stats/'
        table = pd.DataFrame(data=dict(history), index=range(1, ep + 1))
        table.to_csv(stats_dir + 'frvsr_x' + str(SCALE) + '_history.csv', index_label='epoch')
