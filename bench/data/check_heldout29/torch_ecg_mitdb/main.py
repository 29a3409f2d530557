from cnn import ECGNet
import numpy as np
import torch
import os
import random
from trainer import ModelTrainer
from dataLoader import SplitLoader
import argparse


def parse_options():
    argp = argparse.ArgumentParser()
    argp.add_argument('--seed', type=int, default=1)
    argp.add_argument('--lr', type=float, default=1e-3)
    argp.add_argument('--epochs', type=int, default=10)
    argp.add_argument('--batch_size', type=int, default=128)
    argp.add_argument('--checkpoint_dir', type=str, default='./checkpoint_dir/')
    argp.add_argument('--device', type=str, default='cuda' if torch.cuda.is_available() else 'cpu')
    argp.add_argument('--dataset_path', type=str, default='./data.npz')
    opts = argp.parse_known_args()[0]
    return opts

def fix_seeds(seed_value):
    torch.manual_seed(seed_value)
    torch.cuda.manual_seed_all(seed_value)
    np.random.seed(seed_value)
    random.seed(seed_value)
    torch.backends.cudnn.deterministic = True

opts = parse_options()
fix_seeds(opts.seed)
run_device = opts.device
ckpt_dir = opts.checkpoint_dir
if not os.path.exists(ckpt_dir):
    os.makedirs(ckpt_dir)

npz_data = np.load(opts.dataset_path)

ecg_model = ECGNet().to(run_device)
adam_optimizer = torch.optim.Adam(ecg_model.parameters(), lr=opts.lr)

split_loaders = SplitLoader(npz_data['X'],
                        npz_data['Y'],
                        split_fracs=[0.7, 0.15, 0.15],
                        batch_size=opts.batch_size,
                        device=run_device)
train_loader, val_loader, test_loader = split_loaders.get_loaders()
runner = ModelTrainer(ecg_model, adam_optimizer)
loss_func = torch.nn.functional.cross_entropy
runner.fit_with_val(loss_func,
                       train_loader=train_loader,
                       val_loader=val_loader,
                       num_epochs=opts.epochs,
                       ckpt_path=ckpt_dir + 'model.pth',
                       keep_best_only=True,
                       watch_metric='acc')
runner.test(test_loader, loss_func, summary='Test: ')
