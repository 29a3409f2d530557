# source: https://github.com/yzxing87/pytorch-deep-video-prior/blob/462c829d82493e7ea01f6c6a64eea6dc11de51c6/main_IRT.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from __future__ import absolute_import, division, print_function
import argparse
import os
import random
import subprocess
from glob import glob

import numpy as np
import scipy.io
import scipy.misc as sic
import torch
import torch.nn as nn

import models.network as net
from vgg import VGG19

cli = argparse.ArgumentParser()
cli.add_argument("--model", default='Test', type=str)
cli.add_argument("--save_freq", default=5, type=int)
cli.add_argument("--use_gpu", default=1, type=int)
cli.add_argument("--with_IRT", default=0, type=int)
cli.add_argument("--IRT_initialization", default=0, type=int)
cli.add_argument("--max_epoch", default=25, type=int)
cli.add_argument("--input", default='./demo/colorization/goat_input', type=str)
cli.add_argument("--processed", default='./demo/colorization/goat_processed', type=str)
cli.add_argument("--output", default='None', type=str)

random_seed = 2020
np.random.seed(random_seed)
torch.manual_seed(random_seed)
random.seed(random_seed)

opt = cli.parse_args()
use_irt = opt.with_IRT
last_epoch = opt.max_epoch + 1
run_name = "/{}_IRT{}_initial{}".format(opt.model, use_irt, opt.IRT_initialization)

if opt.use_gpu:
    os.environ["CUDA_VISIBLE_DEVICES"] = str(np.argmax([int(x.split()[2]) for x in subprocess.Popen(
        "nvidia-smi -q -d Memory | grep -A4 GPU | grep Free", shell=True, stdout=subprocess.PIPE).stdout.readlines()]))
else:
    os.environ["CUDA_VISIBLE_DEVICES"] = ''
device = torch.device("cuda:0" if opt.use_gpu else "cpu")


def mean_abs(a, b):
    return torch.mean(torch.abs(b - a))


def perceptual_loss(x, y):
    feats_x = vgg(imagenet_norm(x))
    feats_y = vgg(imagenet_norm(y))
    terms = [mean_abs(imagenet_norm(x), imagenet_norm(y))]
    weights = {'conv1_2': 1.0 / 2.6, 'conv2_2': 1.0 / 4.8, 'conv3_2': 1.0 / 3.7, 'conv4_2': 1.0 / 5.6,
               'conv5_2': 10.0 / 1.5}
    for layer, w in weights.items():
        terms.append(w * mean_abs(feats_x[layer], feats_y[layer]))
    return torch.sum(torch.stack(terms))


l1 = torch.nn.L1Loss()

unet = net.UNet(in_channels=3, out_channels=6 if use_irt else 3, init_features=32)
unet.to(device)
optimizer = torch.optim.Adam(unet.parameters(), lr=0.0001)
vgg = VGG19(requires_grad=False).to(device)

input_dirs = [opt.input]
processed_dirs = [opt.processed]


def read_pair(idx, in_names, proc_names):
    frame = np.float32(scipy.misc.imread(in_names[idx])) / 255.0
    if len(frame.shape) == 2:
        frame = np.tile(frame[:, :, np.newaxis], [1, 1, 3])
    target = np.float32(scipy.misc.imread(proc_names[idx])) / 255.0
    h = frame.shape[0] // 32 * 32
    w = frame.shape[1] // 32 * 32
    return frame[np.newaxis, :h, :w, :], target[np.newaxis, :h, :w, :]


def reset_weights(model):
    for m in model.modules():
        if isinstance(m, nn.Conv2d) or isinstance(m, nn.Linear):
            nn.init.xavier_normal_(m.weight)
            if m.bias is not None:
                m.bias.data.zero_()
        elif isinstance(m, nn.BatchNorm2d):
            m.weight.data.fill_(1)
            m.bias.data.zero_()


def imagenet_norm(batch):
    mean = batch.new_tensor([0.485, 0.456, 0.406]).view(1, -1, 1, 1)
    std = batch.new_tensor([0.229, 0.224, 0.225]).view(1, -1, 1, 1)
    return (batch - mean) / std


for k, in_dir in enumerate(input_dirs):
    in_names = sorted(glob(input_dirs[k] + "/*"))
    proc_names = sorted(glob(processed_dirs[k] + "/*"))
    if opt.output == "None":
        out_dir = "./result/{}".format(run_name + '/' + in_dir.split("/")[-2] + '/' + in_dir.split("/")[-1])
    else:
        out_dir = opt.output + "/" + run_name + '/' + in_dir.split("/")[-1]

    n_frames = min(len(in_names), len(proc_names))
    frames_cache = [None] * n_frames
    for idx in range(min(len(in_names), len(proc_names))):
        frame, target = read_pair(idx, in_names, proc_names)
        frame = torch.from_numpy(frame).permute(0, 3, 1, 2).float().to(device)
        target = torch.from_numpy(target).permute(0, 3, 1, 2).float().to(device)
        frames_cache[idx] = [frame, target]

    reset_weights(unet)
    step = 0
    for epoch in range(1, last_epoch):
        if os.path.isdir("{}/{:04d}".format(out_dir, epoch)):
            continue
        os.makedirs("{}/{:04d}".format(out_dir, epoch))

        for idx in range(n_frames):
            if use_irt:
                if epoch < 6 and opt.IRT_initialization:
                    frame, target = frames_cache[0]
                    pred = unet(frame)
                    loss = l1(pred[:, :3, :, :], target) + 0.9 * l1(pred[:, 3:, :, :], target)
                else:
                    frame, target = frames_cache[idx]
                    pred = unet(frame)
                    main_out = pred[:, :3, :, :]
                    minor_out = pred[:, 3:, :, :]
                    err_main, _ = torch.max(torch.abs(main_out - target) / (frame + 1e-1), dim=1, keepdim=True)
                    err_minor, _ = torch.max(torch.abs(minor_out - target) / (frame + 1e-1), dim=1, keepdim=True)
                    conf = torch.lt(err_main, err_minor).repeat(1, 3, 1, 1).float()
                    loss = l1(main_out * conf, target * conf) + l1(minor_out * (1 - conf), target * (1 - conf))
            else:
                frame, target = frames_cache[idx]
                pred = unet(frame)
                loss = perceptual_loss(pred, target)

            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            step += 1

        if epoch % opt.save_freq == 0:
            for idx in range(n_frames):
                frame, target = frames_cache[idx]
                with torch.no_grad():
                    pred = unet(frame)
                frame_np = frame.permute(0, 2, 3, 1).cpu().numpy()
                target_np = target.permute(0, 2, 3, 1).cpu().numpy()
                pred_np = pred.detach().permute(0, 2, 3, 1).cpu().numpy()
                if use_irt:
                    pred_np = pred_np[..., :3]
                sic.imsave("{}/{:04d}/out_main_{:05d}.jpg".format(out_dir, epoch, idx),
                           np.uint8(pred_np[0].clip(0, 1) * 255.0))
