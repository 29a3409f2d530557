import argparse
import os
import copy

import torch
from torch import nn
import torch.optim as optim
import torch.backends.cudnn as cudnn
from torch.utils.data.dataloader import DataLoader
from tqdm import tqdm

from models import SuperResCNN
from datasets import H5TrainDataset, H5EvalDataset
from utils import RunningAverage, psnr_of


if __name__ == '__main__':
    cli = argparse.ArgumentParser()
    cli.add_argument('--train-file', type=str, required=True)
    cli.add_argument('--eval-file', type=str, required=True)
    cli.add_argument('--outputs-dir', type=str, required=True)
    cli.add_argument('--scale', type=int, default=3)
    cli.add_argument('--lr', type=float, default=1e-4)
    cli.add_argument('--batch-size', type=int, default=16)
    cli.add_argument('--num-epochs', type=int, default=400)
    cli.add_argument('--num-workers', type=int, default=8)
    cli.add_argument('--seed', type=int, default=123)
    opts = cli.parse_args()

    opts.outputs_dir = os.path.join(opts.outputs_dir, 'x{}'.format(opts.scale))

    if not os.path.exists(opts.outputs_dir):
        os.makedirs(opts.outputs_dir)

    cudnn.benchmark = True
    run_device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

    torch.manual_seed(opts.seed)

    sr_model = SuperResCNN().to(run_device)
    mse_criterion = nn.MSELoss()
    sr_optimizer = optim.Adam([
        {'params': sr_model.feat_conv.parameters()},
        {'params': sr_model.map_conv.parameters()},
        {'params': sr_model.recon_conv.parameters(), 'lr': opts.lr * 0.1}
    ], lr=opts.lr)

    train_h5_dataset = H5TrainDataset(opts.train_file)
    train_loader = DataLoader(dataset=train_h5_dataset,
                                  batch_size=opts.batch_size,
                                  shuffle=True,
                                  num_workers=opts.num_workers,
                                  pin_memory=True,
                                  drop_last=True)
    eval_h5_dataset = H5EvalDataset(opts.eval_file)
    eval_loader = DataLoader(dataset=eval_h5_dataset, batch_size=1)

    top_state = copy.deepcopy(sr_model.state_dict())
    top_epoch = 0
    top_psnr = 0.0

    for epoch_idx in range(opts.num_epochs):
        sr_model.train()
        epoch_loss_meter = RunningAverage()

        with tqdm(total=(len(train_h5_dataset) - len(train_h5_dataset) % opts.batch_size)) as pbar:
            pbar.set_description('ep {}/{}'.format(epoch_idx, opts.num_epochs - 1))

            for batch_data in train_loader:
                lr_images, hr_labels = batch_data

                lr_images = lr_images.to(run_device)
                hr_labels = hr_labels.to(run_device)

                sr_preds = sr_model(lr_images)

                batch_loss = mse_criterion(sr_preds, hr_labels)

                epoch_loss_meter.update(batch_loss.item(), len(lr_images))

                sr_optimizer.zero_grad()
                batch_loss.backward()
                sr_optimizer.step()

                pbar.set_postfix(loss='{:.6f}'.format(epoch_loss_meter.mean_value))
                pbar.update(len(lr_images))

        torch.save(sr_model.state_dict(), os.path.join(opts.outputs_dir, 'epoch_{}.pth'.format(epoch_idx)))

        sr_model.eval()
        epoch_psnr_meter = RunningAverage()

        for batch_data in eval_loader:
            lr_images, hr_labels = batch_data

            lr_images = lr_images.to(run_device)
            hr_labels = hr_labels.to(run_device)

            with torch.no_grad():
                sr_preds = sr_model(lr_images).clamp(0.0, 1.0)

            epoch_psnr_meter.update(psnr_of(sr_preds, hr_labels), len(lr_images))

        print('validation PSNR {:.2f}'.format(epoch_psnr_meter.mean_value))

        if epoch_psnr_meter.mean_value > top_psnr:
            top_epoch = epoch_idx
            top_psnr = epoch_psnr_meter.mean_value
            top_state = copy.deepcopy(sr_model.state_dict())

    print('top epoch {} with PSNR {:.2f}'.format(top_epoch, top_psnr))
    torch.save(top_state, os.path.join(opts.outputs_dir, 'best.pth'))
