import os
import argparse
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision.utils as utils
from torch.autograd import Variable
from torch.utils.data import DataLoader
from tensorboardX import SummaryWriter
import random
import h5py
import cv2
import glob
import torch.utils.data as udata
from models import DnCNN
from utils import *


def scale_unit(sample_data):
    return sample_data/255.


def image_to_patches(bgr_img, win_px, step_px=1):
    pos = 0
    n_ch = bgr_img.shape[0]
    w_end = bgr_img.shape[1]
    h_end = bgr_img.shape[2]
    patch_view = bgr_img[:, 0:w_end-win_px+0+1:step_px, 0:h_end-win_px+0+1:step_px]
    n_patches = patch_view.shape[1] * patch_view.shape[2]
    patch_stack = np.zeros([n_ch, win_px*win_px,n_patches], np.float32)
    for i in range(win_px):
        for j in range(win_px):
            patch_view = bgr_img[:,i:w_end-win_px+i+1:step_px,j:h_end-win_px+j+1:step_px]
            patch_stack[:,pos,:] = np.array(patch_view[:]).reshape(n_ch, n_patches)
            pos = pos + 1
    return patch_stack.reshape([n_ch, win_px, win_px, n_patches])


def build_h5_data(data_root, patch_side, step_px, aug_factor=1):
    # training patches
    print('cutting training patches')
    scale_list = [1, 0.9, 0.8, 0.7]
    png_files = glob.glob(os.path.join(data_root, 'train', '*.png'))
    png_files.sort()
    h5_file = h5py.File('train.h5', 'w')
    n_train = 0
    for i in range(len(png_files)):
        bgr_img = cv2.imread(png_files[i])
        hh, ww, cc = bgr_img.shape
        for pos in range(len(scale_list)):
            img_gray = cv2.resize(bgr_img, (int(hh*scale_list[pos]), int(ww*scale_list[pos])), interpolation=cv2.INTER_CUBIC)
            img_gray = np.expand_dims(img_gray[:,:,0].copy(), 0)
            img_gray = np.float32(scale_unit(img_gray))
            patch_block = image_to_patches(img_gray, win_px=patch_side, step_px=step_px)
            print("%s at scale %.1f -> %d patches" % (png_files[i], scale_list[pos], patch_block.shape[3]*aug_factor))
            for n in range(patch_block.shape[3]):
                sample_data = patch_block[:,:,:,n].copy()
                h5_file.create_dataset(str(n_train), data=sample_data)
                n_train += 1
                for m in range(aug_factor-1):
                    aug_data = data_augmentation(sample_data, np.random.randint(1,8))
                    h5_file.create_dataset(str(n_train)+"_aug_%d" % (m+1), data=aug_data)
                    n_train += 1
    h5_file.close()
    # validation images
    print('\nstoring validation images')
    png_files.clear()
    png_files = glob.glob(os.path.join(data_root, 'Set12', '*.png'))
    png_files.sort()
    h5_file = h5py.File('val.h5', 'w')
    n_val = 0
    for i in range(len(png_files)):
        print("%s" % png_files[i])
        bgr_img = cv2.imread(png_files[i])
        bgr_img = np.expand_dims(bgr_img[:,:,0], 0)
        bgr_img = np.float32(scale_unit(bgr_img))
        h5_file.create_dataset(str(n_val), data=bgr_img)
        n_val += 1
    h5_file.close()
    print('%d training patches\n' % n_train)
    print('%d validation images\n' % n_val)


class PatchH5Dataset(udata.Dataset):
    def __init__(self, use_train=True):
        super(PatchH5Dataset, self).__init__()
        self.use_train = use_train
        if self.use_train:
            h5_file = h5py.File('train.h5', 'r')
        else:
            h5_file = h5py.File('val.h5', 'r')
        self.key_list = list(h5_file.keys())
        random.shuffle(self.key_list)
        h5_file.close()
    def __len__(self):
        return len(self.key_list)
    def __getitem__(self, idx):
        if self.use_train:
            h5_file = h5py.File('train.h5', 'r')
        else:
            h5_file = h5py.File('val.h5', 'r')
        key_name = self.key_list[idx]
        sample_data = np.array(h5_file[key_name])
        h5_file.close()
        return torch.Tensor(sample_data)


os.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"
os.environ["CUDA_VISIBLE_DEVICES"] = "0"

cli = argparse.ArgumentParser(description="DnCNN")
cli.add_argument("--preprocess", type=bool, default=False, help='build the h5 files first')
cli.add_argument("--batchSize", type=int, default=128, help="patches per step")
cli.add_argument("--num_of_layers", type=int, default=17, help="depth of the network")
cli.add_argument("--epochs", type=int, default=50, help="passes over the patches")
cli.add_argument("--milestone", type=int, default=30, help="epoch at which the rate drops tenfold")
cli.add_argument("--lr", type=float, default=1e-3, help="starting rate")
cli.add_argument("--outf", type=str, default="logs", help='folder for logs and weights')
cli.add_argument("--mode", type=str, default="S", help='S: fixed noise sigma, B: random sigma per image')
cli.add_argument("--noiseL", type=float, default=25, help='sigma for mode S')
cli.add_argument("--val_noiseL", type=float, default=25, help='sigma for the validation images')
cfg = cli.parse_args()


def run():
    # data
    print('opening the h5 patch files\n')
    train_dataset = PatchH5Dataset(use_train=True)
    val_dataset = PatchH5Dataset(use_train=False)
    train_loader = DataLoader(dataset=train_dataset, num_workers=4, batch_size=cfg.batchSize, shuffle=True)
    print("%d training patches\n" % int(len(train_dataset)))
    # network
    base_net = DnCNN(channels=1, num_of_layers=cfg.num_of_layers)
    base_net.apply(weights_init_kaiming)
    mse = nn.MSELoss(size_average=False)
    # onto the GPU
    gpu_ids = [0]
    model = nn.DataParallel(base_net, device_ids=gpu_ids).cuda()
    mse.cuda()
    # optimiser
    optimizer = optim.Adam(model.parameters(), lr=cfg.lr)
    # loop over epochs
    tb = SummaryWriter(cfg.outf)
    global_step = 0
    blind_range=[0,55] # only used in mode B
    for epoch in range(cfg.epochs):
        if epoch < cfg.milestone:
            lr_now = cfg.lr
        else:
            lr_now = cfg.lr / 10.
        # apply this epoch's rate
        for group in optimizer.param_groups:
            group["lr"] = lr_now
        print('rate now %f' % lr_now)
        # batches
        for i, sample_data in enumerate(train_loader, 0):
            # one update
            model.train()
            model.zero_grad()
            optimizer.zero_grad()
            train_img = sample_data
            if cfg.mode == 'S':
                noise_t = torch.FloatTensor(train_img.size()).normal_(mean=0, std=cfg.noiseL/255.)
            if cfg.mode == 'B':
                noise_t = torch.zeros(train_img.size())
                sigma_per_img = np.random.uniform(blind_range[0], blind_range[1], size=noise_t.size()[0])
                for n in range(noise_t.size()[0]):
                    one_size = noise_t[0,:,:,:].size()
                    noise_t[n,:,:,:] = torch.FloatTensor(one_size).normal_(mean=0, std=sigma_per_img[n]/255.)
            noisy_train_img = train_img + noise_t
            train_img, noisy_train_img = Variable(train_img.cuda()), Variable(noisy_train_img.cuda())
            noise_t = Variable(noise_t.cuda())
            train_out = model(noisy_train_img)
            loss = mse(train_out, noise_t) / (noisy_train_img.size()[0]*2)
            loss.backward()
            optimizer.step()
            # PSNR of the batch
            model.eval()
            train_out = torch.clamp(noisy_train_img-model(noisy_train_img), 0., 1.)
            train_psnr = batch_PSNR(train_out, train_img, 1.)
            print("ep %d step %d/%d loss %.4f train PSNR %.4f" %
                (epoch+1, i+1, len(train_loader), loss.item(), train_psnr))
            # very old PyTorch wants loss.data[0] here
            if global_step % 10 == 0:
                # scalars to TensorBoard
                tb.add_scalar('loss', loss.item(), global_step)
                tb.add_scalar('train PSNR', train_psnr, global_step)
            global_step += 1
        ## after the epoch
        model.eval()
        # validation
        val_psnr = 0
        for pos in range(len(val_dataset)):
            val_img = torch.unsqueeze(val_dataset[pos], 0)
            noise_t = torch.FloatTensor(val_img.size()).normal_(mean=0, std=cfg.val_noiseL/255.)
            noisy_val_img = val_img + noise_t
            val_img, noisy_val_img = Variable(val_img.cuda(), volatile=True), Variable(noisy_val_img.cuda(), volatile=True)
            val_out = torch.clamp(noisy_val_img-model(noisy_val_img), 0., 1.)
            val_psnr += batch_PSNR(val_out, val_img, 1.)
        val_psnr /= len(val_dataset)
        print("\nep %d val PSNR %.4f" % (epoch+1, val_psnr))
        tb.add_scalar('val PSNR', val_psnr, epoch)
        # image grids
        train_out = torch.clamp(noisy_train_img-model(noisy_train_img), 0., 1.)
        img_gray = utils.make_grid(train_img.data, nrow=8, normalize=True, scale_each=True)
        grid_noisy = utils.make_grid(noisy_train_img.data, nrow=8, normalize=True, scale_each=True)
        grid_out = utils.make_grid(train_out.data, nrow=8, normalize=True, scale_each=True)
        tb.add_image('clean', img_gray, epoch)
        tb.add_image('noisy', grid_noisy, epoch)
        tb.add_image('denoised', grid_out, epoch)
        # weights
        torch.save(model.state_dict(), os.path.join(cfg.outf, 'net.pth'))


if __name__ == "__main__":
    if cfg.preprocess:
        if cfg.mode == 'S':
            build_h5_data(data_root='data', patch_side=40, step_px=10, aug_factor=1)
        if cfg.mode == 'B':
            build_h5_data(data_root='data', patch_side=50, step_px=10, aug_factor=2)
    run()
