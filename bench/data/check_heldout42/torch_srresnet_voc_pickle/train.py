import argparse
import logging
import os
import time
import datetime

import torch.optim as optim
import torch.utils.data
from torch.utils.data import DataLoader
from tqdm import tqdm
from torchvision.transforms import ToPILImage

from dataset import preview_pipeline, PickledTrainSet, PickledValSet
from model import SRResNet
from utils import AverageMeter, calculate_psnr_y_channel, calculate_ssim_y_channel

logging.basicConfig(filename='run_log.txt',
                    filemode='a',
                    format='%(asctime)s %(levelname)s %(message)s',
                    datefmt='%y-%m-%d %H:%M:%S',
                    level=logging.INFO)
screen = logging.StreamHandler()
screen.setLevel(logging.INFO)
logging.getLogger().addHandler(screen)

ap = argparse.ArgumentParser()
ap.add_argument('--crop_size', type=int, default=88)
ap.add_argument('--upscale_factor', type=int, default=4,  choices=[2, 4, 8])
ap.add_argument('--num_epochs', type=int, default=50)
# ap.add_argument('--train_file', type=str, default='/data/sr/tuning/small-train.pkl')
# ap.add_argument('--valid_file', type=str, default='/data/sr/tuning/small-valid_4.pkl')
ap.add_argument('--train_file', type=str, default='/data/sr/tuning/voc2012-train.pkl')
ap.add_argument('--valid_file', type=str, default='/data/sr/tuning/voc2012-valid_4.pkl')
ap.add_argument('--models_dir', type=str, default='/data/sr/checkpoints')
opts = ap.parse_args()

logging.info('\n\n---- SRResNet training run ----\n\n')
logging.info(opts._get_kwargs())

train_ds = PickledTrainSet(opts.train_file, opts.crop_size, opts.upscale_factor)
val_ds = PickledValSet(opts.valid_file)
train_dl = DataLoader(dataset=train_ds, num_workers=4, batch_size=64, shuffle=True)
val_dl = DataLoader(dataset=val_ds, num_workers=4, batch_size=1, shuffle=False)

net = SRResNet()
logging.info(f'parameter count: {sum(p.numel() for p in net.parameters())}')
logging.info(net)

mse = torch.nn.MSELoss()

if torch.cuda.is_available():
    net.cuda()

opt = optim.Adam(net.parameters())

for ep in range(1, opts.num_epochs + 1):
    net.train()
    fit_loss = AverageMeter()
    for lr_b, hr_b in tqdm(train_dl):
        if torch.cuda.is_available():
            lr_b, hr_b = lr_b.cuda(), hr_b.cuda()

        sr_b = net(lr_b)

        l = mse(sr_b, hr_b)
        fit_loss.update(l.item(), lr_b.shape[0])

        opt.zero_grad()
        l.backward()
        opt.step()
    logging.info(f'epoch {ep} loss {fit_loss.avg}')
    now = datetime.datetime.now()
    time = now.strftime("%y-%m-%d_%H-%M-%S")
    ckpt_path = os.path.join(opts.models_dir, f'srresnet_{time}_{ep}.pth')
    torch.save({'state_dict': net.state_dict()}, ckpt_path)
    logging.info(ckpt_path)

    net.eval()
    psnr_m = AverageMeter()
    ssim_m = AverageMeter()
    val_loss = AverageMeter()
    for lr_i, hr_up_i, hr_i in tqdm(val_dl):
        assert lr_i.shape[0] == 1
        if torch.cuda.is_available():
            lr_i = lr_i.cuda()
            hr_i = hr_i.cuda()

        with torch.no_grad():
            sr_i = net(lr_i)

        l = mse(sr_i, hr_i)
        val_loss.update(l)
        sr_pic = ToPILImage()(sr_i.cpu().squeeze())
        hr_pic = ToPILImage()(hr_i.cpu().squeeze())
        p = calculate_psnr_y_channel(sr_pic, hr_pic)
        s = calculate_ssim_y_channel(sr_pic, hr_pic)

        psnr_m.update(p)
        ssim_m.update(s)
    logging.info(f'val loss {val_loss.avg} psnr {psnr_m.avg} ssim {ssim_m.avg}')
logging.info('finished\n\n')
