# source: https://github.com/leftthomas/SRGAN/blob/008dc8222db76ca491876d89cc8752adef452342/train.py
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

import pytorch_ssim
from data_utils import TrainDatasetFromFolder, ValDatasetFromFolder, display_transform
from loss import GeneratorLoss
from model import Generator, Discriminator

ap = argparse.ArgumentParser(description='adversarial super-resolution training')
ap.add_argument('--crop_size', type=int, default=88, help='side of the random training crops')
ap.add_argument('--upscale_factor', type=int, default=4, choices=[2, 4, 8], help='output / input size ratio')
ap.add_argument('--num_epochs', type=int, default=100, help='passes over the training images')


if __name__ == '__main__':
    cli = ap.parse_args()

    CROP = cli.crop_size
    SCALE = cli.upscale_factor
    EPOCHS = cli.num_epochs

    train_set = TrainDatasetFromFolder('images/hr_train', upscale_factor=SCALE, crop_size=CROP)
    valid_set = ValDatasetFromFolder('images/hr_valid', upscale_factor=SCALE)
    train_loader = DataLoader(dataset=train_set, batch_size=64, shuffle=True, num_workers=4)
    valid_loader = DataLoader(dataset=valid_set, batch_size=1, shuffle=False, num_workers=4)

    gen_net = Generator(SCALE)
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

    for ep in range(1, EPOCHS + 1):
        progress = tqdm(train_loader)
        running = {'n': 0, 'loss_d': 0, 'loss_g': 0, 'score_d': 0, 'score_g': 0}

        gen_net.train()
        disc_net.train()
        for data_lr, target_hr in progress:
            g_first = True
            n = data_lr.size(0)
            running['n'] += n

            # discriminator step: push D(real) up and D(fake) down
            hr_real = Variable(target_hr)
            if torch.cuda.is_available():
                hr_real = hr_real.cuda()
            z = Variable(data_lr)
            if torch.cuda.is_available():
                z = z.cuda()
            hr_fake = gen_net(z)

            disc_net.zero_grad()
            score_real = disc_net(hr_real).mean()
            score_fake = disc_net(hr_fake).mean()
            loss_d_adv = 1 - score_real + score_fake
            loss_d_adv.backward(retain_graph=True)
            opt_d.step()

            # generator step: adversarial + perceptual + pixel + total-variation terms
            gen_net.zero_grad()
            # recompute the fake images so that the generator's graph is a fresh one
            hr_fake = gen_net(z)
            score_fake = disc_net(hr_fake).mean()
            loss_g_total = g_criterion(score_fake, hr_fake, hr_real)
            loss_g_total.backward()

            hr_fake = gen_net(z)
            score_fake = disc_net(hr_fake).mean()

            opt_g.step()

            running['loss_g'] += loss_g_total.item() * n
            running['loss_d'] += loss_d_adv.item() * n
            running['score_d'] += score_real.item() * n
            running['score_g'] += score_fake.item() * n

            seen = running['n']
            progress.set_description(
                desc=f"ep {ep}/{EPOCHS}  D {running['loss_d'] / seen:.4f}  G {running['loss_g'] / seen:.4f}  "
                     f"D(real) {running['score_d'] / seen:.4f}  D(fake) {running['score_g'] / seen:.4f}")

        gen_net.eval()
        out_dir = 'sr_outputs/x' + str(SCALE) + '/'
        os.makedirs(out_dir, exist_ok=True)

        with torch.no_grad():
            valid_bar = tqdm(valid_loader)
            valid_stats = {'mse': 0, 'ssim_sum': 0, 'psnr': 0, 'ssim': 0, 'n': 0}
            valid_images = []
            for lr_valid, hr_bicubic_valid, hr_valid in valid_bar:
                n = lr_valid.size(0)
                valid_stats['n'] += n
                lowres = lr_valid
                highres = hr_valid
                if torch.cuda.is_available():
                    lowres = lowres.cuda()
                    highres = highres.cuda()
                upscaled = gen_net(lowres)

                mse_now = ((upscaled - highres) ** 2).data.mean()
                valid_stats['mse'] += mse_now * n
                ssim_now = pytorch_ssim.ssim(upscaled, highres).item()
                valid_stats['ssim_sum'] += ssim_now * n
                valid_stats['psnr'] = 10 * log10((highres.max() ** 2) / (valid_stats['mse'] / valid_stats['n']))
                valid_stats['ssim'] = valid_stats['ssim_sum'] / valid_stats['n']
                valid_bar.set_description(desc=f"validating: PSNR {valid_stats['psnr']:.4f} dB, SSIM {valid_stats['ssim']:.4f}")

                valid_images.extend(
                    [display_transform()(hr_bicubic_valid.squeeze(0)), display_transform()(highres.data.cpu().squeeze(0)),
                     display_transform()(upscaled.data.cpu().squeeze(0))])
            valid_images = torch.stack(valid_images)
            valid_images = torch.chunk(valid_images, valid_images.size(0) // 15)
            save_bar = tqdm(valid_images, desc='writing comparison grids')
            k = 1
            for grid in save_bar:
                grid = utils.make_grid(grid, nrow=3, padding=5)
                utils.save_image(grid, out_dir + f'e{ep}_grid{k}.png', padding=5)
                k += 1

        torch.save(gen_net.state_dict(), f'weights/gen_x{SCALE}_e{ep}.pth')
        torch.save(disc_net.state_dict(), f'weights/disc_x{SCALE}_e{ep}.pth')
        for key in ('loss_d', 'loss_g', 'score_d', 'score_g'):
            history[key].append(running[key] / running['n'])
        history['psnr'].append(valid_stats['psnr'])
        history['ssim'].append(valid_stats['ssim'])

        if ep % 10 == 0 and ep != 0:
            stats_dir = 'stats/'
            table = pd.DataFrame(data=dict(history), index=range(1, ep + 1))
            table.to_csv(stats_dir + 'x' + str(SCALE) + '_history.csv', index_label='ep')
