import argparse
import os
import copy

import torch
from torch import nn
import torch.optim as optim
import torch.backends.cudnn as cudnn
from torch.utils.data.dataloader import DataLoader
from tqdm import tqdm

from models import ESPCN
from datasets import TrainDataset, EvalDataset
from utils import AverageMeter, calc_psnr


if __name__ == '__main__':
    cli = argparse.ArgumentParser()
    cli.add_argument('--train-file', type=str, required=True)
    cli.add_argument('--eval-file', type=str, required=True)
    cli.add_argument('--outputs-dir', type=str, required=True)
    cli.add_argument('--weights-file', type=str)
    cli.add_argument('--scale', type=int, default=3)
    cli.add_argument('--lr', type=float, default=1e-3)
    cli.add_argument('--batch-size', type=int, default=16)
    cli.add_argument('--num-epochs', type=int, default=200)
    cli.add_argument('--num-workers', type=int, default=8)
    cli.add_argument('--seed', type=int, default=123)
    opts = cli.parse_args()

    opts.outputs_dir = os.path.join(opts.outputs_dir, 'scale{}'.format(opts.scale))

    if not os.path.exists(opts.outputs_dir):
        os.makedirs(opts.outputs_dir)

    cudnn.benchmark = True
    dev = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

    torch.manual_seed(opts.seed)

    net = ESPCN(scale_factor=opts.scale).to(dev)
    mse = nn.MSELoss()
    opt = optim.Adam([
        {'params': net.first_part.parameters()},
        {'params': net.last_part.parameters(), 'lr': opts.lr * 0.1}
    ], lr=opts.lr)

    patch_set = TrainDataset(opts.train_file)
    patch_loader = DataLoader(dataset=patch_set,
                              batch_size=opts.batch_size,
                              shuffle=True,
                              num_workers=opts.num_workers,
                              pin_memory=True)
    holdout_set = EvalDataset(opts.eval_file)
    holdout_loader = DataLoader(dataset=holdout_set, batch_size=1)

    top_state = copy.deepcopy(net.state_dict())
    top_epoch = 0
    top_psnr = 0.0

    for ep in range(opts.num_epochs):
        for group in opt.param_groups:
            group['lr'] = opts.lr * (0.1 ** (ep // int(opts.num_epochs * 0.8)))

        net.train()
        running = AverageMeter()

        with tqdm(total=(len(patch_set) - len(patch_set) % opts.batch_size), ncols=80) as bar:
            bar.set_description('ep {}/{}'.format(ep, opts.num_epochs - 1))

            for pair in patch_loader:
                low, high = pair

                low = low.to(dev)
                high = high.to(dev)

                out = net(low)

                err = mse(out, high)

                running.update(err.item(), len(low))

                opt.zero_grad()
                err.backward()
                opt.step()

                bar.set_postfix(loss='{:.6f}'.format(running.avg))
                bar.update(len(low))

        torch.save(net.state_dict(), os.path.join(opts.outputs_dir, 'ep_{}.pth'.format(ep)))

        net.eval()
        score = AverageMeter()

        for pair in holdout_loader:
            low, high = pair

            low = low.to(dev)
            high = high.to(dev)

            with torch.no_grad():
                out = net(low).clamp(0.0, 1.0)

            score.update(calc_psnr(out, high), len(low))

        print('holdout psnr: {:.2f}'.format(score.avg))

        if score.avg > top_psnr:
            top_epoch = ep
            top_psnr = score.avg
            top_state = copy.deepcopy(net.state_dict())

    print('top epoch: {}, psnr: {:.2f}'.format(top_epoch, top_psnr))
    torch.save(top_state, os.path.join(opts.outputs_dir, 'top.pth'))
