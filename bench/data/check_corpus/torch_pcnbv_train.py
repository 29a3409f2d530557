# source: https://github.com/zhanhz/PC-NBV_pytorch/blob/0eae7ebd21d6f5bbab44527c1d8c152a4e41f288/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import argparse
import os

import torch
import torch.nn as nn
import torch.optim as optim
import numpy as np
import time
import datetime
import csv

from dataset.dataset import ShapeNet
from models.pc_nbv import AutoEncoder


def run_training(cfg):
    os.environ['CUDA_VISIBLE_DEVICES'] = cfg.gpu
    dev = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')

    sq_loss = nn.MSELoss(reduction='sum')

    train_set = ShapeNet(NBV_dir=cfg.partial_root, gt_dir=cfg.gt_root, split='train')
    valid_set = ShapeNet(NBV_dir=cfg.partial_root, gt_dir=cfg.gt_root, split='test')
    train_loader = torch.utils.data.DataLoader(train_set, shuffle=True, batch_size=cfg.batch_size, num_workers=cfg.num_workers)
    valid_loader = torch.utils.data.DataLoader(valid_set, shuffle=False, batch_size=cfg.batch_size, num_workers=cfg.num_workers)

    model = AutoEncoder()
    if cfg.model is not None:
        print('starting from saved weights', cfg.model)
        model.load_state_dict(torch.load(cfg.model))
    else:
        print('starting from random weights')
    model.to(dev)
    optimizer = optim.Adam(model.parameters(), weight_decay=cfg.weight_decay, lr=cfg.lr)
    lr_sched = optim.lr_scheduler.StepLR(optimizer, gamma=0.7, step_size=20)

    steps_per_epoch = int(len(train_set) / cfg.batch_size + 0.5)
    lowest = 1e4
    lowest_epoch = 0

    with open(os.path.join(cfg.log_dir, 'args.txt'), 'w') as fh:
        for key in sorted(vars(cfg)):
            fh.write(f'{key}: {getattr(cfg, key)}\n')

    table = open(os.path.join(cfg.log_dir, 'loss.csv'), 'a+')
    rows = csv.writer(table)
    rows.writerow(['epoch', 'train total', 'train value term', 'valid total', 'valid value term'])

    t0 = time.time()
    for ep in range(1, cfg.epochs + 1):
        model.train()
        loss_sum, n_steps = 0, 0
        t_ep = time.time()
        for step, batch_data in enumerate(train_loader, 1):
            partial_cloud, full_cloud, seen_views, gain_target = batch_data
            partial_cloud = partial_cloud.to(dev)
            full_cloud = full_cloud.to(dev)
            seen_views = seen_views.to(dev)
            gain_target = gain_target.to(dev)

            partial_cloud = partial_cloud.permute(0, 2, 1)

            optimizer.zero_grad()

            _, gain_pred = model(partial_cloud, seen_views)

            enc_penalty = sum([sq_loss(w, torch.zeros_like(w).cuda()) for w in model.encoder.parameters()]) * cfg.alpha
            dec_penalty = sum([sq_loss(w, torch.zeros_like(w).cuda()) for w in model.decoder.parameters()]) * cfg.alpha
            gain_loss_eval = sq_loss(gain_pred, gain_target)

            loss = enc_penalty + dec_penalty + gain_loss_eval
            loss.backward()
            optimizer.step()

            n_steps += 1
            loss_sum += loss.item()

            if step % 100 == 0:
                print(f"epoch {ep}/{cfg.epochs} step {step}/{steps_per_epoch}: total {loss.item():.4f} "
                      f"enc {enc_penalty.item():.4f} dec {dec_penalty.item():.4f} value {gain_loss_eval.item():.4f}")
        lr_sched.step()
        print(f"epoch {ep}/{cfg.epochs}: mean loss {loss_sum / n_steps}, {time.time() - t_ep:.2f}s")

        model.eval()
        with torch.no_grad():
            loss_sum, n_steps, value_sum = 0, 0, 0
            for step, batch_data in enumerate(valid_loader, 1):
                partial_cloud, full_cloud, seen_views, gain_target = batch_data
                partial_cloud = partial_cloud.to(dev)
                full_cloud = full_cloud.to(dev)
                seen_views = seen_views.to(dev)
                gain_target = gain_target.to(dev)

                partial_cloud = partial_cloud.permute(0, 2, 1)

                _, gain_pred = model(partial_cloud, seen_views)

                enc_penalty = sum([sq_loss(w, torch.zeros_like(w).cuda()) for w in model.encoder.parameters()])
                dec_penalty = sum([sq_loss(w, torch.zeros_like(w).cuda()) for w in model.decoder.parameters()])
                valid_gain_loss_eval = sq_loss(gain_pred, gain_target)

                valid_loss = enc_penalty * cfg.alpha + dec_penalty * cfg.alpha + valid_gain_loss_eval
                loss_sum += valid_loss.item()
                value_sum += valid_gain_loss_eval.item()
                n_steps += 1

            mean_total = loss_sum / n_steps
            mean_value = value_sum / n_steps
            print(f"validation after epoch {ep}/{cfg.epochs}: {mean_total:.4f} total, {mean_value:.4f} value term")

            rows.writerow([ep, loss.item(), gain_loss_eval.item(), mean_total, mean_value])
            if ep % 5 == 0:
                torch.save(model.state_dict(), cfg.log_dir + f'/{ep}.pth')
            torch.save(model.state_dict(), cfg.log_dir + 'last.pth')
            if mean_total < lowest:
                lowest_epoch = ep
                lowest = mean_total
                torch.save(model.state_dict(), cfg.log_dir + '/lowest_loss.pth')

        print(f"lowest validation loss so far: epoch {lowest_epoch}")
    print('wall time', datetime.timedelta(seconds=time.time() - t0))
    table.close()


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--partial_root', type=str, default="/data/nbv/shapenet_33_views")
    ap.add_argument('--gt_root', type=str, default="/data/nbv/ShapeNetv1/")
    ap.add_argument('--model', type=str, default=None)
    ap.add_argument('--num_input', type=int, default=512)
    ap.add_argument('--num_gt', type=int, default=16384)
    ap.add_argument('--views', type=int, default=33)
    ap.add_argument('--batch_size', type=int, default=32)
    ap.add_argument('--alpha', type=float, default=0.0001)
    ap.add_argument('--lr', type=float, default=0.001)
    ap.add_argument('--weight_decay', type=float, default=1e-6)
    ap.add_argument('--epochs', type=int, default=300)
    ap.add_argument('--num_workers', type=int, default=4)
    ap.add_argument('--log_dir', type=str, default='runs')
    ap.add_argument('--gpu', default='2')
    run_training(ap.parse_args())
