import torch
import torch.nn as nn
import torch.optim as optim
import torch.utils.data as data
from torch.utils.data.dataloader import DataLoader

import os
import sys
import time
import numpy as np
from tqdm import tqdm
from PIL import Image

from model.UNet import UNet
from utils.dataset import MyData
from utils.kitti_dataset import KittiData
from utils import visual


def as_flag(s) -> bool:
    if isinstance(s, bool):
        return s
    if s.lower() in ('yes', 'True', 'true', 't', 'y', '1'):
        return True
    elif s.lower() in ('no', 'False', 'false', 'f', 'n', '0'):
        return False
    else:
        raise TypeError('expected a yes/no value.')


def read_options():
    import argparse

    ap = argparse.ArgumentParser(description='UNet training')
    ap.add_argument("--dataset", type=str, default="Kitti", help="which data set")
    ap.add_argument("--num_classes", type=int, default="34", help="class count")
    ap.add_argument("--data_root", type=str, default="./", help="root that holds the data folder")
    ap.add_argument("--data_dir", type=str, default="dataset/", help="data folder")
    ap.add_argument("--save_root", type=str, default="./", help="root that holds the weights folder")
    ap.add_argument("--save_dir", type=str, default="models/", help="weights folder")
    ap.add_argument("--log_root", type=str, default="./", help="root that holds the log folder")
    ap.add_argument("--log_dir", type=str, default="log/train/", help="log folder")
    ap.add_argument("--loss", type=str, default="CrossEntropy", help="objective")
    ap.add_argument("--lr", type=float, default="0.001", help="first learning rate")
    ap.add_argument("--batch_size", type=int, default="2", help="images per step")
    ap.add_argument("--epoch", type=int, default="10", help="number of epochs")
    ap.add_argument("--image_width", type=int, default=640)
    ap.add_argument("--image_height", type=int, default=640)
    ap.add_argument("--optimizer", type=str, default="AdamW", help="optimiser name")
    ap.add_argument("--log_visual", type=as_flag, default=True, help="write prediction pictures")
    ap.add_argument("--use_tqdm", type=as_flag, default=True)
    ap.add_argument("--only_best", type=as_flag, default=True, help="keep only the best weights")

    opts = ap.parse_args()

    return opts


def fit(tr_loader: DataLoader, va_loader: DataLoader, net: nn.Module, opts):
    n_epochs = opts.epoch
    lr0 = opts.lr

    if opts.loss == "CrossEntropy":
        objective = nn.CrossEntropyLoss()
    else:
        raise RuntimeError("unknown objective:", opts.loss)
    objective = objective.cuda()

    if opts.optimizer == "AdamW":
        opt = optim.AdamW(net.parameters(), lr0)
    elif opts.optimizer == "SGD":
        opt = optim.SGD(net.parameters(), lr=lr0)
    elif opts.optimizer == "Adagrad":
        opt = optim.Adagrad(net.parameters(), lr=lr0)
    elif opts.optimizer == "RMSprop":
        opt = optim.RMSprop(net.parameters(), lr=lr0)
    else:
        raise RuntimeError("unknown optimiser:", opts.optimizer)

    stamp = time.strftime("%Y-%m-%d-%H-%M-%S", time.localtime(time.time()))
    out_dir = os.path.join(opts.save_root, opts.save_dir)
    os.makedirs(out_dir, exist_ok=True)

    top_acc = 0

    for ep in range(n_epochs):
        n_batches = len(tr_loader)

        bar: tqdm = None
        mean_loss = 0
        mean_acc = 0
        if opts.use_tqdm:
            bar = tqdm(total=n_batches, desc=f"Epoch {ep+1}/{n_epochs}: ", maxinterval=0.3, ascii=True)
        else:
            sys.stdout.write(f"Epoch {ep+1}/{n_epochs}\n")

        for it, (img, tgt) in enumerate(tr_loader):

            img, tgt = img.cuda(), tgt.cuda()
            # tgt: N, H, W; logits: N, C, H, W
            logits = net(img)

            if opts.loss == "CrossEntropy":
                # N, C, H, W -> N*H*W, C
                logits = logits.contiguous().permute(0, 2, 3, 1)
                logits = logits.reshape(-1, logits.size(3))
                # N, H, W -> N*H*W
                tgt = tgt.view(-1)
            else:
                pass
            loss = objective(logits, tgt)

            opt.zero_grad()
            loss.backward()
            opt.step()

            # bring the tensors to the host
            np_logits = logits.cpu().detach().numpy()
            np_tgt = tgt.cpu().detach().numpy()
            # class with the top score
            np_logits = np.argmax(np_logits, axis=1)
            if opts.loss == "CrossEntropy":
                pass
            elif opts.loss == "Focal":
                np_tgt = np.transpose(np_tgt, [0, 3, 1, 2]).argmax(axis=1)
            # pixel accuracy
            acc = np.sum(np_tgt == np_logits) / np.prod(np_tgt.shape)

            if opts.use_tqdm:
                bar.set_description(f"Epoch {ep+1}/{n_epochs} loss: {loss:.4f} train_acc: {acc:.4f}")
                bar.update(1)
            else:
                mean_loss += loss / len(tr_loader)
                mean_acc += acc / len(tr_loader)

        if opts.use_tqdm:
            bar.close()
        else:
            sys.stdout.write(f"mean loss: {loss:.4f}, mean train_acc: {acc:.4f}\n")

        sys.stdout.write("validation\n")
        with torch.no_grad():
            n_batches = len(va_loader)
            acc_sum = 0

            bar: tqdm = None
            if opts.use_tqdm:
                bar = tqdm(total=n_batches, maxinterval=0.3, ascii=True)

            for it, (img, tgt) in enumerate(va_loader):

                logits = net(img.cuda())

                # bring the tensors to the host
                np_logits = logits.cpu().detach().numpy()
                np_tgt = tgt.detach().numpy()
                # class with the top score
                np_logits = np.argmax(np_logits, axis=1)
                if opts.loss == "CrossEntropy":
                    pass
                elif opts.loss == "Focal":
                    np_tgt = np.transpose(np_tgt, [0, 3, 1, 2]).argmax(axis=1)
                # pixel accuracy
                acc = np.sum(np_tgt == np_logits) / np.prod(np_tgt.shape[1:])
                acc_sum += acc

                # a few pictures per epoch
                max_pics = 3
                if opts.log_visual and it < max_pics:
                    pic_dir = os.path.join(opts.log_root, opts.log_dir)
                    os.makedirs(pic_dir, exist_ok=True)
                    visual.visualize(np.squeeze(np_logits, axis=0), os.path.join(pic_dir, f"e{ep}_i{it}_pred.png"))
                    visual.visualize(np.squeeze(np_tgt, axis=0), os.path.join(pic_dir, f"e{ep}_i{it}_gt.png"))
                    Image.fromarray(np.squeeze(np.uint8(img.detach().numpy()), axis=0).transpose([1, 2, 0])).save(os.path.join(pic_dir, f"e{ep}_i{it}_src.png"))

                if opts.use_tqdm:
                    bar.update(1)

            if opts.use_tqdm:
                bar.close()

            acc_sum /= n_batches

            ckpt = os.path.join(out_dir, "last.pt")
            torch.save(net, ckpt)

            if not opts.only_best:
                ckpt = os.path.join(out_dir, f"{stamp}_epoch-{opts.epoch}_lr-{opts.lr}_loss-{opts.loss}_optim-{opts.optimizer}_acc-{acc_sum:.4f}.pt")
                torch.save(net, ckpt)
            if acc_sum > top_acc:
                sys.stdout.write(f"better acc {top_acc:.4f} => {acc_sum:.4f}\n")
                top_acc = acc_sum
                ckpt = os.path.join(out_dir, "best.pt")
                torch.save(net, ckpt)
            else:
                sys.stdout.write(f"acc: {acc_sum:.4f}\n")


if __name__ == "__main__":
    opts = read_options()

    # device
    os.environ['CUDA_VISIBLE_DEVICES'] = '0'
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    sys.stdout.write("device {} {}\n".format(dev, os.environ['CUDA_VISIBLE_DEVICES']))

    # data sets from the folders
    use_one_hot = False if opts.loss == "CrossEntropy" else True
    if opts.dataset == "Kitti":
        full_set = KittiData(
            os.path.join(opts.data_root, opts.data_dir), num_classes=opts.num_classes,
            image_width=opts.image_width, image_height=opts.image_height, one_hot=use_one_hot, to_torch=True
        )
    elif opts.dataset == "My":
        full_set = MyData(
            os.path.join(opts.data_root, opts.data_dir), num_classes=opts.num_classes,
            image_width=opts.image_width, image_height=opts.image_height, one_hot=use_one_hot, to_torch=True
        )
    n_train = int(0.9 * len(full_set))
    n_val = len(full_set) - n_train
    tr_set, va_set = data.random_split(full_set, (n_train, n_val))

    x0, y0 = full_set[0]
    sys.stdout.write("image and label shapes: {} {}\n".format(x0.shape, y0.shape))

    # loaders
    tr_loader = DataLoader(tr_set, batch_size=opts.batch_size, shuffle=True, num_workers=0)
    va_loader = DataLoader(va_set, batch_size=1, shuffle=False)

    # network
    sys.stdout.write("moving the network to the device\n")
    unet = UNet(3, opts.num_classes)
    net = unet.train()
    net.cuda()

    # go
    sys.stdout.write("training\n")
    fit(tr_loader, va_loader, net, opts)
