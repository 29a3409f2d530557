import argparse
import logging
import os
import sys

import numpy as np
import torch
import torch.nn as nn
from torch import optim
from tqdm import tqdm

from eval import eval_net
from unet import UNet

from torch.utils.tensorboard import SummaryWriter
from utils.full_set import BasicDataset
from torch.utils.data import DataLoader, random_split
from diceloss import dice_coef_9cat_loss
from classcount import classcount

torch.autograd.set_detect_anomaly(True)

# note
IMG_DIR = 'data/img_subset/'
MASK_DIR = 'data/masks_subset/'

# note
# (disabled line)
# (disabled line)

CKPT_DIR = 'checkpoints/'

def train_net(net,
              device,
              epochs=5,
              batch_size=1,
              lr=0.001,
              val_percent=0.1,
              save_cp=True,
              img_scale=0.5):

    full_set = BasicDataset(IMG_DIR, MASK_DIR, img_scale)
    n_va = int(len(full_set) * val_percent)
    n_tr = len(full_set) - n_va
    tr_part, va_part = random_split(full_set, [n_tr, n_va],generator=torch.Generator().manual_seed(42))
    tr_loader = DataLoader(tr_part, batch_size=batch_size, shuffle=True, num_workers=8, pin_memory=True)
    va_loader = DataLoader(va_part, batch_size=batch_size, shuffle=False, num_workers=8, pin_memory=True, drop_last=True)

    tb = SummaryWriter(comment=f'LR_{lr}_BS_{batch_size}_SCALE_{img_scale}')
    step_ = 0

    logging.info(f'''training:
        epochs:          {epochs}
        batch:      {batch_size}
        lr:   {lr}
        train tiles:     {n_tr}
        val tiles:       {n_va}
        Checkpoints:     {save_cp}
        Device:          {device.type}
        Images scaling:  {img_scale}
    ''')


    opt = optim.Adam(net.parameters(), lr=lr, weight_decay=1e-8)
    
    # (disabled line)
    # (disabled line)
    
    # note
    # (disabled line)
    # (disabled line)

    cls_w = torch.from_numpy(classcount(tr_loader))
    cls_w = cls_w.to(device=device, dtype=torch.float32)

    print("class weights", cls_w)

    if net.n_classes > 1:
        crit = nn.CrossEntropyLoss(weight = cls_w)
    else:
        crit = nn.BCEWithLogitsLoss()
    
    for ep in range(epochs):
        net.tr_part()

        ep_loss = 0
        loss_16=0 # note
        with tqdm(total=n_tr, desc=f'Epoch {ep + 1}/{epochs}', unit='img') as bar:
            for b_ in tr_loader:
                # note
                net.half()
                
                x = b_['image']
                y = b_['mask']
                assert x.shape[1] == net.n_channels, \
                    f'the network expects {net.n_channels} channels, ' \
                    f'the loaded images have {x.shape[1]} channels; check ' \
                    'how the tiles are read.'

                x = x.to(device=device, dtype=torch.float16)
                y_dtype = torch.float32 if net.n_classes == 1 else torch.long # note
                # (disabled line)
                y = y.to(device=device, dtype=y_dtype)
                 
                logits = net(x)
                
                # note
                logits = logits.type(torch.float32)

                # note
                loss = crit(logits, y)
                ep_loss += loss.item()

                # note
                # (disabled line)
                # (disabled line)

                bar.set_postfix(**{'Epoch Loss': ep_loss/n_tr})

                # note
                net.float()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_value_(net.parameters(), 0.1)
                opt.step()

                bar.update(x.shape[0])
                step_ += 1

                loss_16 += loss.item()

                if (step_) % 16 == 0: 
                  tb.add_scalar('Batch Loss/train',loss_16, step_)
                  # (disabled line)
                  # (disabled line)
                  loss_16 = 0 

        tb.add_scalar('Loss/train', ep_loss/n_tr, ep+1)

        for tag, value in net.named_parameters():
            tag = tag.replace('.', '/')
            tb.add_histogram('weights/' + tag, value.data.cpu().numpy(), ep+1)
            tb.add_histogram('grads/' + tag, value.grad.data.cpu().numpy(), ep+1)
        
        va_score = eval_net(net, va_loader, device)

        # (disabled line)
            # (disabled line)
        
        # (disabled line)

        if net.n_classes > 1:
            logging.info('val CE {}'.format(va_score))
            tb.add_scalar('Loss/test', va_score, ep+1)
        else:
            logging.info('val dice {}'.format(va_score))
            tb.add_scalar('Dice/test', va_score, ep+1)

        tb.add_images('images', x, ep+1)
        if net.n_classes == 1:
            tb.add_images('masks/true', y, ep+1)
            tb.add_images('masks/pred', torch.sigmoid(logits) > 0.5, ep+1)
        

        if (ep+1) % 5 == 0:
            if save_cp:
                try:
                    os.mkdir(CKPT_DIR)
                    logging.info('checkpoint folder made')
                except OSError:
                    pass
                torch.save(net.state_dict(),
                           CKPT_DIR + f'CP_epoch{ep + 1}.pth')
                logging.info(f'saved checkpoint {ep + 1}')


def read_args():
    ap = argparse.ArgumentParser(description='U-Net land-cover training',
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument('-e', '--epochs', metavar='E', type=int, default=5,
                        help='epochs', dest='epochs')
    ap.add_argument('-b', '--batch-size', metavar='B', type=int, nargs='?', default=1,
                        help='batch', dest='batchsize')
    ap.add_argument('-l', '--learning-rate', metavar='LR', type=float, nargs='?', default=4e-5,
                        help='lr', dest='lr')
    ap.add_argument('-f', '--load', dest='load', type=str, default=False,
                        help='start from a .pth')
    ap.add_argument('-s', '--scale', dest='scale', type=float, default=1,
                        help='image scale')
    ap.add_argument('-v', '--validation', dest='val', type=float, default=10.0,
                        help='validation percent')

    return ap.parse_args()

if __name__ == '__main__':
    logging.basicConfig(level=logging.INFO, format='%(levelname)s: %(message)s')
    opts = read_args()
    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    # (disabled line)
    logging.info(f'device {device}')

    # note
    # (disabled line)
    # note
    # (disabled line)
    # (disabled line)
    # (disabled line)
    net = UNet(n_channels=3, n_classes=7, bilinear=True)
    
    logging.info(f'Network:\n'
                 f'\t{net.n_channels} input channels\n'
                 f'\t{net.n_classes} output channels (classes)\n'
                 f'\t{"Bilinear" if net.bilinear else "Transposed conv"} upscaling')

    if opts.load:
        net.load_state_dict(
            torch.load(opts.load, map_location=device)
        )
        logging.info(f'weights read from {opts.load}')

    net.to(device=device)
    # note
    # (disabled line)

    try:
        train_net(net=net,
                  epochs=opts.epochs,
                  batch_size=opts.batchsize,
                  lr=opts.lr,
                  device=device,
                  img_scale=opts.scale,
                  val_percent=opts.val / 100)
    except KeyboardInterrupt:
        torch.save(net.state_dict(), 'INTERRUPTED.pth')
        logging.info('interrupted; weights saved')
        try:
            sys.exit(0)
        except SystemExit:
            os._exit(0)
