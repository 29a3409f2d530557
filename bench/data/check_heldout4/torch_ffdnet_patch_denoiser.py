# source: https://github.com/Aoi-hosizora/FFDNet_pytorch/blob/80b23129a2316139a9550c1b85f6546528b531f6/ffdnet.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import argparse
import numpy as np
import cv2
import os
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable
from torch.utils.data import DataLoader

from model import FFDNet
import utils

def load_picture(picture_path, gray):
    """
    returns a normalized picture laid out as C x W x H
    """
    if gray:
        pic = cv2.imread(picture_path, cv2.IMREAD_GRAYSCALE)
        pic = np.expand_dims(pic.T, 0) # 1 x W x H
    else:
        pic = cv2.imread(picture_path)
        pic = (cv2.cvtColor(pic, cv2.COLOR_BGR2RGB)).transpose(2, 1, 0) # 3 x W x H

    return utils.normalize(pic)

def load_folder(for_training, gray, root):
    """
    root: e.g. ./pictures/
    returns a list of pictures (C x W x H)
    """
    if gray:
        fit_sub = 'gray/train/'
        check_sub = 'gray/val/'
    else:
        fit_sub = 'rgb/train/'
        check_sub = 'rgb/val/'

    folder = root.replace('\'', '').replace('"', '') + (fit_sub if for_training else check_sub)
    print('> reading pictures from ' + folder)
    pictures = []
    for name in next(os.walk(folder))[2]:
        pic = load_picture(folder + name, gray)
        pictures.append(pic)
    return pictures

def cut_into_patches(pictures, side):
    """
    pictures: list of (C x W x H) arrays
    side: patch edge length
    returns an (n x C x W x H) array
    """
    pieces = []
    for pic in pictures:
        tiles = utils.image_to_patches(pic, patch_size=side)
        if len(tiles) != 0:
            pieces.append(tiles)
    del pictures
    return np.vstack(pieces)

def train(opts):
    print('> reading data...')
    # whole pictures
    fit_set = load_folder(for_training=True, gray=opts.is_gray, root=opts.train_path)
    check_set = load_folder(for_training=False, gray=opts.is_gray, root=opts.train_path)
    print(f'\tpictures for fitting: {len(fit_set)}')
    print(f'\tpictures for checking: {len(check_set)}')

    # patches
    fit_set = cut_into_patches(fit_set, side=opts.patch_size)
    check_set = cut_into_patches(check_set, side=opts.patch_size)
    print(f'\tfitting patches: {fit_set.shape}')
    print(f'\tchecking patches: {check_set.shape}')

    # loaders
    fit_loader = DataLoader(fit_set, batch_size=opts.batch_size, shuffle=True, num_workers=6)
    check_loader = DataLoader(check_set, batch_size=opts.batch_size, shuffle=False, num_workers=6)
    print(f'\tfitting batches: {len(fit_loader)}')
    print(f'\tchecking batches: {len(check_loader)}')

    # noise levels
    fit_levels = opts.train_noise_interval # [0, 75, 15]
    check_levels = opts.val_noise_interval # [0, 60, 30]
    fit_levels = list(range(fit_levels[0], fit_levels[1], fit_levels[2]))
    check_levels = list(range(check_levels[0], check_levels[1], check_levels[2]))
    print(f'\tfitting noise levels: {fit_levels}')
    print(f'\tchecking noise levels: {check_levels}')
    print('\n')

    # network and optimizer
    net = FFDNet(is_gray=opts.is_gray)
    net.apply(utils.weights_init_kaiming)
    if opts.cuda:
        net = net.cuda()
    criterion = nn.MSELoss(reduction='sum')
    optimizer = optim.Adam(net.parameters(), lr=opts.learning_rate)

    print('> fitting...')
    for epoch in range(opts.epoches):
        # fitting pass
        step_count = 0
        fit_total = 0
        net.train()

        t0 = time.time()
        for batch_no, clean in enumerate(fit_loader):
            # one pass per noise level
            for level in fit_levels:
                sigma = level / 255
                noisy = utils.add_batch_noise(clean, sigma)
                sigma = torch.FloatTensor(np.array([sigma for _ in range(noisy.shape[0])]))
                noisy = Variable(noisy)
                sigma = Variable(sigma)
                if opts.cuda:
                    noisy = noisy.cuda()
                    sigma = sigma.cuda()

                # forward
                restored = net(noisy, sigma)
                fit_loss = criterion(restored, clean.to(restored.device))
                fit_total += fit_loss
                step_count += 1

                optimizer.zero_grad()
                fit_loss.backward()
                optimizer.step()

                # progress line
                t1 = time.time()
                steps_all = len(fit_loader) * len(fit_levels)
                steps_done = batch_no * len(fit_levels) + fit_levels.index(level) + 1
                eta = int((t1 - t0) / steps_done * (steps_all - steps_done))
                pct = int(steps_done / steps_all * 100)
                print(f'\rEpoch: {epoch + 1} / {opts.epoches}, ' +
                      f'Batch: {batch_no + 1} / {len(fit_loader)}, ' +
                      f'Sigma: {level} / {fit_levels[-1]}, ' +
                      f'Loss: {fit_loss}, ' +
                      f'=> {eta}s, {pct}%', end='')

        fit_total /= step_count
        print(f', Mean_Loss: {fit_total}, Took: {int(t1 - t0)}s')

        # checking pass
        step_count = 0
        check_total = 0
        if (epoch + 1) % opts.val_epoch != 0:
            continue
        net.eval()

        t0 = time.time()
        for batch_no, clean in enumerate(check_loader):
            # one pass per noise level
            for level in check_levels:
                sigma = level / 255
                noisy = utils.add_batch_noise(clean, sigma)
                sigma = torch.FloatTensor(np.array([sigma for _ in range(noisy.shape[0])]))
                noisy = Variable(noisy)
                sigma = Variable(sigma)
                if opts.cuda:
                    noisy = noisy.cuda()
                    sigma = sigma.cuda()

                # forward
                restored = net(noisy, sigma)
                check_loss = criterion(restored, clean.to(restored.device))
                check_total += check_loss
                step_count += 1

                # progress line
                t1 = time.time()
                steps_all = len(check_loader) * len(check_levels)
                steps_done = batch_no * len(check_levels) + check_levels.index(level) + 1
                eta = int((t1 - t0) / steps_done * (steps_all - steps_done))
                pct = int(steps_done / steps_all * 100)
                print(f'\rEpoch: {epoch + 1} / {opts.epoches}, ' +
                      f'Batch: {batch_no + 1} / {len(check_loader)}, ' +
                      f'Sigma: {level} / {check_levels[-1]}, ' +
                      f'Check_Loss: {check_loss}, ' +
                      f'=> {eta}s, {pct}%', end='')

        check_total /= step_count
        print(f', Mean_Check_Loss: {check_total}, Took: {int(t1 - t0)}s')

        # periodic snapshot
        if (epoch + 1) % opts.save_checkpoints == 0:
            snap_path = opts.model_path + ('gray_snapshot.pth' if opts.is_gray else 'rgb_snapshot.pth')
            torch.save(net.state_dict(), snap_path)
            print(f'| snapshot after epoch {epoch + 1} written to {snap_path}')

    # final weights
    net.eval()
    snap_path = opts.model_path + ('gray_final.pth' if opts.is_gray else 'rgb_final.pth')
    torch.save(net.state_dict(), snap_path)
    print(f'final weights written to {snap_path}')
    print('\n')

def test(opts):
    # single picture
    pic = cv2.imread(opts.test_path)
    if pic is None:
        raise Exception(f'cannot read {opts.test_path}')
    gray = utils.is_image_gray(pic)
    pic = load_picture(opts.test_path, gray)
    print("{} picture shape: {}".format("Gray" if gray else "RGB", pic.shape))

    # pad odd sizes to even
    pad_w = False
    pad_h = False
    if pic.shape[1] % 2 != 0:
        pad_w = True
        pic = np.concatenate((pic, pic[:, -1, :][:, np.newaxis, :]), axis=1)
    if pic.shape[2] % 2 != 0:
        pad_h = True
        pic = np.concatenate((pic, pic[:, :, -1][:, :, np.newaxis]), axis=2)

    # noise
    pic = torch.FloatTensor([pic]) # 1 x C x W x H
    if opts.add_noise:
        pic = utils.add_batch_noise(pic, opts.noise_sigma)
    sigma = torch.FloatTensor([opts.noise_sigma])

    # network and device
    net = FFDNet(is_gray=gray)
    if opts.cuda:
        pic = pic.cuda()
        sigma = sigma.cuda()
        net = net.cuda()

    # weights
    weights_path = opts.model_path + ('gray_final.pth' if gray else 'rgb_final.pth')
    print(f"> loading weights from {weights_path}...")
    weights = torch.load(weights_path)
    net.load_state_dict(weights)
    net.eval()
    print('\n')

    # inference
    with torch.no_grad():
        t0 = time.time()
        restored = net(pic, sigma)
        t1 = time.time()
        print("inference took {0:.4f}s".format(t1 - t0))

    # quality
    psnr = utils.batch_psnr(img=restored, imclean=pic, data_range=1)
    print("PSNR after denoising {0:.2f}dB".format(psnr))

    # undo padding
    if pad_w:
        restored = restored[:, :, :-1, :]
    if pad_h:
        restored = restored[:, :, :, :-1]

    # write results
    cv2.imwrite("denoised.png", utils.variable_to_cv2_image(restored))
    if opts.add_noise:
        cv2.imwrite("noisy_input.png", utils.variable_to_cv2_image(pic))

def main():
    parser = argparse.ArgumentParser()

    # fitting
    parser.add_argument("--train_path", type=str, default='./pictures/',                    help='Folder holding the training pictures.')
    parser.add_argument("--is_gray", action='store_true',                                   help='Fit the gray or the rgb network.')
    parser.add_argument("--patch_size", type=int, default=32,                               help='Patch edge length.')
    parser.add_argument("--train_noise_interval", nargs=3, type=int, default=[0, 75, 15],   help='Noise levels for fitting (start stop step).')
    parser.add_argument("--val_noise_interval", nargs=3, type=int, default=[0, 60, 30],     help='Noise levels for checking (start stop step).')
    parser.add_argument("--batch_size", type=int, default=256,                              help='Patches per batch.')
    parser.add_argument("--epoches", type=int, default=80,                                  help='Number of epochs.')
    parser.add_argument("--val_epoch", type=int, default=5,                                 help='Check every this many epochs.')
    parser.add_argument("--learning_rate", type=float, default=1e-3,                        help='Adam step size.')
    parser.add_argument("--save_checkpoints", type=int, default=5,                          help='Snapshot every this many epochs.')

    # inference
    parser.add_argument("--test_path", type=str, default='./samples/color.png',             help='Picture to denoise.')
    parser.add_argument("--noise_sigma", type=float, default=25,                            help='Noise level for inference.')
    parser.add_argument('--add_noise', action='store_true',                                 help='Add synthetic noise before inference.')

    # shared
    parser.add_argument("--model_path", type=str, default='./weights/',                     help='Folder for weights.')
    parser.add_argument("--use_gpu", action='store_true',                                   help='Run on the GPU.')
    parser.add_argument("--is_train", action='store_true',                                  help='Run fitting.')
    parser.add_argument("--is_test", action='store_true',                                   help='Run inference.')

    opts = parser.parse_args()
    assert (opts.is_train or opts.is_test), 'pick --is_train and/or --is_test'

    opts.cuda = opts.use_gpu and torch.cuda.is_available()
    print("> options: ")
    for k, v in zip(opts.__dict__.keys(), opts.__dict__.values()):
        print(f'\t{k}: {v}')
    print('\n')

    # scale noise to [0, 1]
    opts.noise_sigma /= 255
    opts.train_noise_interval[1] += 1
    opts.val_noise_interval[1] += 1

    if opts.is_train:
        train(opts)

    if opts.is_test:
        test(opts)

if __name__ == "__main__":
    main()
