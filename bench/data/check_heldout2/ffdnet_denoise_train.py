# source: https://github.com/Aoi-hosizora/FFDNet_pytorch/blob/80b23129a2316139a9550c1b85f6546528b531f6/ffdnet.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import argparse
import os
import time

import cv2
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable
from torch.utils.data import DataLoader

from model import FFDNet
import utils


def read_picture(path, gray):
    if gray:
        pic = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
        pic = np.expand_dims(pic.T, 0)
    else:
        pic = cv2.imread(path)
        pic = (cv2.cvtColor(pic, cv2.COLOR_BGR2RGB)).transpose(2, 1, 0)
    return utils.normalize(pic)


def read_folder(train_split, gray, root):
    sub = ('gray/' if gray else 'rgb/') + ('train/' if train_split else 'val/')
    folder = root.replace('\'', '').replace('"', '') + sub
    pictures = []
    for name in next(os.walk(folder))[2]:
        pic = read_picture(folder + name, gray)
        pictures.append(pic)
    return pictures


def cut_patches(pictures, size):
    chunks = []
    for pic in pictures:
        tiles = utils.image_to_patches(pic, patch_size=size)
        if len(tiles) != 0:
            chunks.append(tiles)
    del pictures
    return np.vstack(chunks)


def train(opt):
    train_set = read_folder(train_split=True, gray=opt.is_gray, root=opt.train_path)
    val_set = read_folder(train_split=False, gray=opt.is_gray, root=opt.train_path)
    train_set = cut_patches(train_set, size=opt.patch_size)
    val_set = cut_patches(val_set, size=opt.patch_size)

    train_loader = DataLoader(train_set, batch_size=opt.batch_size, shuffle=True, num_workers=6)
    val_loader = DataLoader(val_set, batch_size=opt.batch_size, shuffle=False, num_workers=6)

    train_levels = list(range(opt.train_noise_interval[0], opt.train_noise_interval[1], opt.train_noise_interval[2]))
    val_levels = list(range(opt.val_noise_interval[0], opt.val_noise_interval[1], opt.val_noise_interval[2]))

    net = FFDNet(is_gray=opt.is_gray)
    net.apply(utils.weights_init_kaiming)
    if opt.cuda:
        net = net.cuda()
    mse = nn.MSELoss(reduction='sum')
    optimizer = optim.Adam(net.parameters(), lr=opt.learning_rate)

    for epoch in range(opt.epoches):
        n_steps = 0
        epoch_train_loss = 0
        net.train()
        for step, clean in enumerate(train_loader):
            for level in train_levels:
                sigma = level / 255
                noisy = utils.add_batch_noise(clean, sigma)
                sigma_map = torch.FloatTensor(np.array([sigma for _ in range(noisy.shape[0])]))
                noisy = Variable(noisy)
                sigma_map = Variable(sigma_map)
                if opt.cuda:
                    noisy = noisy.cuda()
                    sigma_map = sigma_map.cuda()

                denoised = net(noisy, sigma_map)
                step_loss = mse(denoised, clean.to(denoised.device))
                epoch_train_loss += step_loss
                n_steps += 1

                optimizer.zero_grad()
                step_loss.backward()
                optimizer.step()
        epoch_train_loss /= n_steps

        n_steps = 0
        epoch_val_loss = 0
        if (epoch + 1) % opt.val_epoch != 0:
            continue
        net.eval()
        for step, clean in enumerate(val_loader):
            for level in val_levels:
                sigma = level / 255
                noisy = utils.add_batch_noise(clean, sigma)
                sigma_map = torch.FloatTensor(np.array([sigma for _ in range(noisy.shape[0])]))
                noisy = Variable(noisy)
                sigma_map = Variable(sigma_map)
                if opt.cuda:
                    noisy = noisy.cuda()
                    sigma_map = sigma_map.cuda()

                denoised = net(noisy, sigma_map)
                step_loss = mse(denoised, clean.to(denoised.device))
                epoch_val_loss += step_loss
                n_steps += 1
        epoch_val_loss /= n_steps

        if (epoch + 1) % opt.save_checkpoints == 0:
            ckpt = opt.model_path + ('net_gray_checkpoint.pth' if opt.is_gray else 'net_rgb_checkpoint.pth')
            torch.save(net.state_dict(), ckpt)

    net.eval()
    final = opt.model_path + ('net_gray.pth' if opt.is_gray else 'net_rgb.pth')
    torch.save(net.state_dict(), final)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--train_path", type=str, default='./train_data/')
    p.add_argument("--is_gray", action='store_true')
    p.add_argument("--patch_size", type=int, default=32)
    p.add_argument("--train_noise_interval", nargs=3, type=int, default=[0, 75, 15])
    p.add_argument("--val_noise_interval", nargs=3, type=int, default=[0, 60, 30])
    p.add_argument("--batch_size", type=int, default=256)
    p.add_argument("--epoches", type=int, default=80)
    p.add_argument("--val_epoch", type=int, default=5)
    p.add_argument("--learning_rate", type=float, default=1e-3)
    p.add_argument("--save_checkpoints", type=int, default=5)
    p.add_argument("--model_path", type=str, default='./models/')
    p.add_argument("--use_gpu", action='store_true')
    opt = p.parse_args()
    opt.cuda = opt.use_gpu and torch.cuda.is_available()
    opt.train_noise_interval[1] += 1
    opt.val_noise_interval[1] += 1
    train(opt)


if __name__ == "__main__":
    main()
