import torch
import torch.nn as nn
import numpy as np
import argparse
from tqdm import tqdm
import time
import os
from functools import partial
from torch.optim.lr_scheduler import StepLR, OneCycleLR
from tensorboardX import SummaryWriter

from nn_module.encoder_module import SpatialEncoder2D
from nn_module.decoder_module import PointWiseDecoder2DSimple


from loss_fn import rel_loss, pointwise_rel_l2norm_loss
from utils import load_checkpoint, save_checkpoint, ensure_dir
import torchvision
import torch.nn.functional as F
from sklearn.preprocessing import StandardScaler
import matplotlib.pyplot as plt
from mpl_toolkits.axes_grid1 import ImageGrid
import datetime
import logging
import shutil
from typing import Union
from einops import rearrange
from scipy.io import loadmat
from torch.utils.data import Dataset, DataLoader, TensorDataset


# determinism and debugging switches
torch.backends.cudnn.benchmark = True
torch.backends.cudnn.deterministic = True
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
np.random.seed(1)
torch.manual_seed(1)
torch.cuda.manual_seed(1)
torch.multiprocessing.set_sharing_strategy('file_system')
torch.autograd.set_detect_anomaly(True)


def make_nets(R) -> (SpatialEncoder2D, PointWiseDecoder2DSimple):
    # sizes fixed here
    enc = SpatialEncoder2D(
        3,   # coefficient plus two coordinates
        96,
        256,
        4,
        6,
        res=R,
        use_ln=True
    )

    dec = PointWiseDecoder2DSimple(
        256,
        1,
        scale=0.5,
        res=R
    )

    n_params = sum(p.numel() for p in enc.parameters() if p.requires_grad) + \
                   sum(p.numel() for p in dec.parameters() if p.requires_grad)
    print(f'trainable weights: {n_params}')
    return enc, dec


def save_triplets(a: torch.Tensor, pred_u: torch.Tensor, true_u: torch.Tensor, png_path,
                    per_row=12):
    b, h, w, c = pred_u.shape   # one channel

    a = a.detach().cpu().squeeze(-1).numpy()
    pred_u = pred_u.detach().cpu().squeeze(-1).numpy()
    true_u = true_u.detach().cpu().squeeze(-1).numpy()

    fig = plt.figure(figsize=(8., 8.))
    grid = ImageGrid(fig, 111,
                     nrows_ncols=(b*3//per_row, per_row),
                     )

    for ax, cell in zip(grid, np.arange(b*3)):
        # one axis per panel
        if cell % 3 == 0:
            ax.imshow(a[cell//3], cmap='coolwarm')
        elif cell % 3 == 1:
            ax.imshow(pred_u[cell//3], cmap='coolwarm')
        elif cell % 3 == 2:
            ax.imshow(true_u[cell//3], cmap='coolwarm')

        ax.axis('equal')
        ax.axis('off')

    plt.savefig(png_path, bbox_inches='tight')
    plt.close()


# adapted from Galerkin Transformer
def fd_grad(x: torch.Tensor, h, resolution):
    # zero padding at the border
    # x is (batch, points, feats); h is the grid spacing, points = side*side
    x = rearrange(x, 'b (h w) c -> b h w c', h=resolution, w=resolution)
    x = F.pad(x,
              (0, 0, 1, 1, 1, 1), mode='constant', value=0.)  # padded on both sides
    dfdx = (x[:, 1:-1, 2:, :] - x[:, 1:-1, :-2, :]) / (2*h)  # central difference
    dfdy = (x[:, 2:, 1:-1, :] - x[:, :-2, 1:-1, :]) / (2*h)  # central difference

    return dfdx, dfdy


def add_flags(ap):
    # optimisation
    ap.add_argument(
        '--lr', type=float, default=3e-4, help='peak learning rate'
    )
    ap.add_argument(
        '--resume', action='store_true', help='continue from a checkpoint'
    )
    ap.add_argument(
        '--path_to_resume', type=str, default='', help='checkpoint file to continue from'
    )
    ap.add_argument(
        '--iters', type=int, default=100000, help='optimiser steps'
    )
    ap.add_argument(
        '--log_dir', type=str, default='./', help='folder for logs and checkpoints'
    )
    ap.add_argument(
        '--ckpt_every', type=int, default=5000, help='evaluate and save every this many steps'
    )

    # -----------------------------------
    # data
    ap.add_argument(
        '--batch_size', type=int, default=16, help='samples per step'
    )
    ap.add_argument(
        '--train_dataset_path', type=str, required=True, help='training .mat file'
    )
    ap.add_argument(
        '--test_dataset_path', type=str, required=True, help='test .mat file'
    )

    ap.add_argument(
        '--train_seq_num', type=int, default=1024, help='training samples'
    )
    ap.add_argument(
        '--test_seq_num', type=int, default=100, help='test samples'
    )
    ap.add_argument(
        '--resolution', type=int, default=141, help='grid side after subsampling'
    )

    return ap


def gather_points(points, idx):
    """Pick points per batch element

    Args:
        points: tensor [B, N, C]
        idx: indices [B, S]
    Returns:
        picked_pts: tensor [B, S, C]
    """
    device = points.device
    B = points.shape[0]
    vshape = list(idx.shape)
    vshape[1:] = [1] * (len(vshape) - 1)
    rshape = list(idx.shape)
    rshape[0] = 1
    bidx = torch.arange(B, dtype=torch.long).to(device).view(vshape).repeat(rshape)
    picked_pts = points[bidx, idx, :]
    return picked_pts


# entry point
if __name__ == '__main__':
    # command-line flags
    ap = argparse.ArgumentParser(
        description="operator transformer on Darcy flow")
    ap = add_flags(ap)
    cfg = ap.parse_args()
    print('flags:')
    print(cfg)

    # GPU if present
    on_gpu = torch.cuda.is_available()

    # data

    print('reading data')
    fit_mat = cfg.train_dataset_path
    eval_mat = cfg.test_dataset_path

    n_fit = cfg.train_seq_num
    n_eval = cfg.test_seq_num
    R = cfg.resolution

    step_sz = int((421 - 1) / (R - 1))
    hgrid = 1./R
    # same slicing as the reference FNO Darcy script:
    # keep every step_sz-th grid point of the 421 grid
    # arrays are (samples, side, side)
    fit_raw = loadmat(fit_mat)
    a_fit = fit_raw['coeff'][:n_fit, ::step_sz, ::step_sz][:, :R, :R]   # coefficient field
    u_fit = fit_raw['sol'][:n_fit, ::step_sz, ::step_sz][:, :R, :R]   # pressure field

    del fit_raw
    eval_raw = loadmat(eval_mat)
    a_eval = eval_raw['coeff'][-n_eval:, ::step_sz, ::step_sz][:, :R, :R]  # coefficient field
    u_eval = eval_raw['sol'][-n_eval:, ::step_sz, ::step_sz][:, :R, :R]  # pressure field
    del eval_raw
    print(f'grid side after subsampling: {a_fit.shape[-1]}')

    a_fit = torch.as_tensor(a_fit.reshape(n_fit, R, R, 1), dtype=torch.float32)
    a_eval = torch.as_tensor(a_eval.reshape(n_eval, R, R, 1), dtype=torch.float32)
    u_fit = torch.as_tensor(u_fit.reshape(n_fit, R, R, 1), dtype=torch.float32)
    u_eval = torch.as_tensor(u_eval.reshape(n_eval, R, R, 1), dtype=torch.float32)

    gx = torch.tensor(np.linspace(0, 1, R), dtype=torch.float32)
    gx = gx.reshape(1, R, 1, 1).repeat([1, 1, R, 1])
    gy = torch.tensor(np.linspace(0, 1, R), dtype=torch.float32)
    gy = gy.reshape(1, 1, R, 1).repeat([1, R, 1, 1])
    grid = torch.cat((gx, gy), dim=-1).reshape(1, -1, 2)

    a_mu = a_fit.mean(dim=0)
    a_sd = a_fit.std(dim=0) + 1e-5

    u_mu = u_fit.mean(dim=0)
    u_sd = u_fit.std(dim=0) + 1e-5
    u_mu = rearrange(u_mu, 'h w c -> (h w) c')
    u_sd = rearrange(u_sd, 'h w c -> (h w) c')

    if on_gpu:
        grid = grid.cuda()
        a_mu, a_sd = a_mu.cuda(), a_sd.cuda()
        u_mu, u_sd = u_mu.cuda(), u_sd.cuda()

    fit_loader = DataLoader(TensorDataset(a_fit, u_fit),
                                   batch_size=cfg.batch_size,
                                   shuffle=True)
    eval_loader = DataLoader(TensorDataset(a_eval, u_eval),
                                  batch_size=cfg.batch_size,
                                  shuffle=False)

    # networks
    print('building nets')
    enc, dec = make_nets(R)
    if on_gpu:
        enc, dec = enc.cuda(), dec.cuda()

    # tensorboard logging
    tb = SummaryWriter()
    ckpt_dir = os.path.join(cfg.log_dir, 'checkpoints')
    ensure_dir(ckpt_dir)

    fig_dir = os.path.join(cfg.log_dir, 'figures')
    ensure_dir(fig_dir)

    # write the flags to a log file
    log = logging.getLogger("RUN")
    log.setLevel(logging.INFO)
    fmt = logging.Formatter('%(asctime)s - %(name)s - %(levelname)s - %(message)s')
    fh = logging.FileHandler('%s/%s.txt' % (cfg.log_dir, 'run_log'))
    fh.setLevel(logging.INFO)
    fh.setFormatter(fmt)
    log.addHandler(fh)
    log.info('------ flags ------')
    for arg in vars(cfg):
        log.info(f'{arg} = {getattr(cfg, arg)}')

    # keep a copy of the network code next to the run
    code_dir = os.path.join(cfg.log_dir, 'code_copy')
    ensure_dir(code_dir)
    shutil.copy('../../nn_module/__init__.py', code_dir)
    shutil.copy('../../nn_module/attention_module.py', code_dir)
    shutil.copy('../../nn_module/cnn_module.py', code_dir)
    shutil.copy('../../nn_module/encoder_module.py', code_dir)
    shutil.copy('../../nn_module/decoder_module.py', code_dir)
    shutil.copy('../../nn_module/fourier_neural_operator.py', code_dir)
    shutil.copy('../../nn_module/gnn_module.py', code_dir)
    shutil.copy('../../train_darcy.py', cfg.log_dir)

    # optimisers
    enc_opt = torch.optim.Adam(list(enc.parameters()), lr=cfg.lr, weight_decay=1e-4)
    dec_opt = torch.optim.Adam(list(dec.parameters()), lr=cfg.lr, weight_decay=1e-4)

    # (a StepLR schedule for the encoder was tried here)
    # (and the same for the decoder)
    enc_sched_ = OneCycleLR(enc_opt, max_lr=cfg.lr, total_steps=cfg.iters,
                              div_factor=1e2,
                              pct_start=0.2,
                              final_div_factor=1e5,
                               )
    dec_sched_ = OneCycleLR(dec_opt, max_lr=cfg.lr, total_steps=cfg.iters,
                               div_factor=1e2,
                               pct_start=0.2,
                               final_div_factor=1e5,
                               )

    # restore a run when asked
    first_step = 0
    if cfg.resume:
        print(f'restoring from: {cfg.path_to_resume}')
        state = load_checkpoint(cfg.path_to_resume)  # helper from utils
        enc.load_state_dict(state['encoder'])
        dec.load_state_dict(state['decoder'])

        first_step = state['n_iter']

        enc_opt.load_state_dict(state['enc_optim'])
        dec_opt.load_state_dict(state['dec_optim'])

        enc_sched_.load_state_dict(state['enc_sched'])
        dec_sched_.load_state_dict(state['dec_sched'])
        print("restored")

    # training loop
    step = first_step

    # iterate over the loader, restarting it at its end
    with tqdm(total=cfg.iters) as pbar:
        pbar.update(step)
        fit_iter = iter(fit_loader)

        while True:

            enc.train()
            t_start = time.time()

            try:
                data = next(fit_iter)
            except StopIteration:
                # the loader is exhausted
                # start a new pass
                del fit_iter
                fit_iter = iter(fit_loader)
                data = next(fit_iter)

            # batch
            x, y = data

            if on_gpu:
                x, y = x.cuda(), y.cuda()

            # normalise the input

            x = (x - a_mu) / a_sd
            x = rearrange(x, 'b h w c -> b (h w) c')
            y = rearrange(y, 'b h w c -> b (h w) c')

            in_pos = grid.repeat([x.shape[0], 1, 1])
            query_pos = grid.repeat([x.shape[0], 1, 1])

            x = torch.cat((x, in_pos), dim=-1)   # coordinates as extra channels

            # (random sub-sampling of the points was tried here)
            # (input index choice)
            # (query index choice)
            #
            # (gather inputs)
            # (gather input positions)

            # (gather targets)
            # (gather query positions)

            t_prep = time.time() - t_start
            # (single-call variant)
            z = enc.forward(x, in_pos)
            u_hat = dec.forward(z, query_pos, in_pos)

            u_hat = u_hat * u_sd + u_mu
            u_hat = rearrange(u_hat, 'b (h w) c -> b c h w', h=R)
            u_hat = u_hat[..., 1:-1, 1:-1].contiguous()
            u_hat = F.pad(u_hat, (1, 1, 1, 1), "constant", 0)
            u_hat = rearrange(u_hat, 'b c h w -> b (h w) c')

            val_term = pointwise_rel_l2norm_loss(u_hat, y)
            true_dx, true_dy = fd_grad(y, hgrid, R)
            hat_dx, hat_dy = fd_grad(u_hat, hgrid, R)
            grad_term = pointwise_rel_l2norm_loss(hat_dx, true_dx) +\
                         pointwise_rel_l2norm_loss(hat_dy, true_dy)

            loss = val_term + 1e-1*grad_term
            enc_opt.zero_grad()
            dec_opt.zero_grad()

            loss.backward()
            # (amp loss scaling was tried here)
            #     (backward through the scaled loss)
            # (gradient debug print)
            # (clipping of encoder gradients)
            # (clipping of decoder gradients)

            # parameter updates
            enc_opt.step()
            dec_opt.step()

            enc_sched_.step()
            dec_sched_.step()

            # scalars to tensorboard
            tb.add_scalar('loss/train', loss, step)
            tb.add_scalar('loss/value', val_term, step)

            # timing of the step
            t_proc = time.time() - t_start - t_prep

            pbar.set_description(
                f'loss x1e4: {loss.item()*1e4:.1f}||'
                f'value x1e4: {val_term.item()*1e4:.1f}||'
                f'gradient x1e4: {grad_term.item()*1e4:.1f}||'
                f'step: {step}/{cfg.iters}')

            pbar.update(1)
            t_start = time.time()
            step += 1

            if (step-1) % cfg.ckpt_every == 0 or step >= cfg.iters:
                log.info('evaluating')
                print('evaluating')

                enc.eval()
                dec.eval()

                with torch.no_grad():
                    rel_errs = []
                    mse_errs = []
                    vis = {
                        'inputs': [],
                        'outputs': [],
                        'targets': [],
                    }
                    n_shown = 0
                    for j, data in enumerate(tqdm(eval_loader)):
                        # batch
                        x, y = data

                        if on_gpu:
                            x, y = x.cuda(), y.cuda()

                        # normalise the input
                        # (per-sample mean was tried)
                        # (per-sample std was tried)
                        x = (x - a_mu) / a_sd
                        x = rearrange(x, 'b h w c -> b (h w) c')
                        y = rearrange(y, 'b h w c -> b (h w) c')

                        in_pos = query_pos = grid.repeat([x.shape[0], 1, 1])
                        # (periodic padding was tried)
                        x = torch.cat((x, in_pos), dim=-1)  # coordinates as extra channels

                        t_prep = time.time() - t_start

                        z = enc.forward(x, in_pos)
                        u_hat = dec.forward(z, query_pos, in_pos)

                        u_hat = u_hat * u_sd + u_mu
                        u_hat = rearrange(u_hat, 'b (h w) c -> b c h w', h=R)
                        u_hat = u_hat[..., 1:-1, 1:-1].contiguous()
                        u_hat = F.pad(u_hat, (1, 1, 1, 1), "constant", 0)
                        u_hat = rearrange(u_hat, 'b c h w -> b (h w) c')

                        rel_err = pointwise_rel_l2norm_loss(u_hat, y)
                        mse_err = torch.nn.MSELoss(reduction='sum')(u_hat, y) /   \
                                          (R**2 * x.shape[0])

                        rel_errs += [rel_err.item()]
                        mse_errs += [mse_err.item()]

                        # undo the normalisation
                        x = x[:, :, :1]

                        x = rearrange(x, 'b (h w) c -> b h w c', h=R, w=R) * a_sd + a_mu
                        u_hat = rearrange(u_hat, 'b (h w) c -> b h w c', h=R, w=R)
                        y = rearrange(y, 'b (h w) c -> b h w c', h=R, w=R)

                        if n_shown < 24:
                            idx = np.arange(0, min(24 - n_shown, x.shape[0]))
                            # first samples only
                            x = x[idx]
                            y = y[idx]
                            u_hat = u_hat[idx]
                            vis['targets'].append(y)
                            vis['inputs'].append(x)
                            vis['outputs'].append(u_hat)
                            n_shown += x.shape[0]

                vis_true = torch.cat(vis['targets'], dim=0)
                vis_in = torch.cat(vis['inputs'], dim=0)
                vis_pred = torch.cat(vis['outputs'], dim=0)

                save_triplets(vis_in, vis_pred, vis_true,
                                os.path.join(fig_dir, f'eval_step{step}_{j}.png'))

                del vis
                tb.add_scalar('loss/eval_rel_l2', np.mean(rel_errs), global_step=step)

                print(f'eval relative L2 x1e4: {np.mean(rel_errs)*1e4}')
                print(f'eval MSE x1e4: {np.mean(mse_errs)*1e4}')

                log.info(f'step: {step}')
                log.info(f'eval relative L2 x1e4: {np.mean(rel_errs)*1e4}')
                log.info(f'eval MSE x1e4: {np.mean(mse_errs)*1e4}')

                # checkpoint
                state = {
                    'encoder': enc.state_dict(),
                    'decoder': dec.state_dict(),
                    'n_iter': step,
                    'enc_optim': enc_opt.state_dict(),
                    'dec_optim': dec_opt.state_dict(),
                    'enc_sched': enc_sched_.state_dict(),
                    'dec_sched': dec_sched_.state_dict(),
                }

                save_checkpoint(state, os.path.join(ckpt_dir, f'ckpt_{step}.pt'))
                del state
                if step >= cfg.iters:
                    break