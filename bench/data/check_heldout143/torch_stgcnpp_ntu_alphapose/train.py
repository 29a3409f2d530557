from __future__ import annotations

import logging
import os
import re
import shutil
import time
from argparse import Namespace
from datetime import timedelta
from typing import Union

import numpy as np
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR
from torch.utils.data import DataLoader
from tqdm import tqdm

from datasets.augments import RandomScale
from datasets.pose_dataset import PoseDataset
from datasets.sampler import Sampler
from datasets.transform_wrappers import calculate_channels
from models import create_stgcnpp, create_tpgcn
from preprocessing.normalizations import create_norm_func, SpineNormalization, setup_norm_func, ScreenNormalization
from procedures.config import GeneralConfig
from shared.errors import DifferentConfigException
from shared.helpers import parse_training_log

logging.basicConfig(level=logging.INFO)  # INFO and above


def fit_one_epoch(net, criterion, loader, opt, sched, dev):
    net.train()
    loss_sum = 0.0
    lr_now = opt.param_groups[0]['lr']
    hit1, hit5, n_seen = 0, 0, 0
    for xb, yb, yb_names in (bar := tqdm(loader)):
        xb, yb = xb.to(dev, non_blocking=True), yb.to(dev, non_blocking=True)

        opt.zero_grad()
        logits: torch.Tensor = net(xb)

        loss = criterion(logits, yb)
        loss.backward()
        opt.step()
        loss_sum += loss.item()

        n_seen += xb.shape[0]
        with torch.no_grad():
            best1 = logits.max(1)[1]
            hit1 += (best1 == yb).sum().item()

            best5 = torch.topk(logits, 5)[1]
            hit5 += sum([yb[k] in best5[k, :] for k in range(xb.shape[0])])

            acc1 = hit1 / n_seen
        bar.set_description(
            f"fit, lr {lr_now:.4} loss {loss.item():.4} acc {acc1:.2%}")

    avg_loss = float(loss_sum / len(loader))
    acc1 = hit1 / n_seen
    acc5 = hit5 / n_seen
    bar.set_description(
        f"fit, lr {lr_now:.4} loss {avg_loss:.4} acc {acc1:.2%}")
    sched.step()
    return avg_loss, acc1, acc5


def score_epoch(net, loader, criterion, dev, keep_outputs=False):
    net.eval()
    loss_sum = 0.0
    hit1 = 0
    hit5 = 0
    n_seen = 0
    outs, ys, ys_names, ids = [], [], [], []
    for batch in (bar := tqdm(loader)):
        if len(batch) == 5:
            xb, yb, yb_names, idx, info = batch
        else:
            xb, yb, yb_names, *_ = batch
            info = ""
        bar.set_description("scoring")
        bsz, n_clips, *rest = xb.shape
        xb = xb.reshape(bsz * n_clips, *rest)
        xb, yb = xb.to(dev, non_blocking=True), yb.to(dev, non_blocking=True)
        with torch.no_grad():
            logits: torch.Tensor = net(xb)
            logits = logits.reshape(bsz, n_clips, -1)
            logits = logits.mean(dim=1)
            if keep_outputs:
                host = logits.cpu().numpy()
                outs.append(host)
                ys.extend(yb.cpu().tolist())
                ys_names.extend(yb_names.cpu().tolist())
                ids.extend(info)

            loss = criterion(logits, yb)
            n_seen += bsz

            best1 = logits.max(1)[1]
            hit1 += (best1 == yb).sum().item()

            best5 = torch.topk(logits, 5)[1]
            hit5 += sum([yb[k] in best5[k, :] for k in range(bsz)])
        loss_sum += loss.item()
    acc1 = hit1 / n_seen
    acc5 = hit5 / n_seen
    avg_loss = loss_sum / len(loader)

    if keep_outputs:
        outs = np.concatenate(outs, 0)
        return avg_loss, acc1, acc5, outs, ys, ys_names, ids
    return avg_loss, acc1, acc5


def append_log(run_dir, lines: Union[str, list[str]]):
    with open(os.path.join(run_dir, "training.log", ), "a+") as fh:
        if isinstance(lines, str):
            fh.write(lines + '\n')
        elif isinstance(lines, list):
            for ln in lines:
                fh.write(ln + '\n')


def write_checkpoint(path, net, opt, sched, norm_func):
    ckpt = {
        "net": net.state_dict(),
        "optimizer": opt.state_dict(),
        "scheduler": sched.state_dict(),
    }
    if isinstance(norm_func, (SpineNormalization, ScreenNormalization)):
        ckpt['normalization'] = norm_func.state_dict()
    torch.save(ckpt, path)


def read_checkpoint(path, net, opt, sched, dev):
    ckpt = torch.load(path, map_location=dev)
    if "net" in ckpt.keys():
        if net:
            net.load_state_dict(ckpt['net'])
        if opt:
            opt.load_state_dict(ckpt['optimizer'])
        if sched:
            sched.load_state_dict(ckpt['scheduler'])
    else:
        if net:
            net.load_state_dict(ckpt)
    return ckpt


def prune_checkpoints(run_dir, keep_n):
    # per-epoch checkpoint files and their epoch numbers
    ckpt_dir = os.path.join(run_dir, "models")
    files = [f for f in os.listdir(ckpt_dir) if f.endswith(".pth") and ".epoch" not in f]
    epochs = [int(re.search(r'\d+', f).group()) for f in files]
    # scores from the log
    log_path = os.path.join(run_dir, "training.log")
    fit_stats, fit_times, eval_stats, eval_times = parse_training_log(log_path)
    eval_stats = sorted(eval_stats, key=lambda s: s[3], reverse=True)
    keep_ids = [s[0] for s in eval_stats[:keep_n]]

    # drop the rest
    for ep_id, f in zip(epochs, files):
        if ep_id not in keep_ids:
            # delete
            os.remove(os.path.join(ckpt_dir, f))
        else:
            # rank prefix
            old = os.path.join(ckpt_dir, f)
            new = os.path.join(ckpt_dir, f"{keep_ids.index(ep_id) + 1}.{f}")
            os.rename(old, new)

    pass


def train_network(cfg: GeneralConfig):
    tcfg = cfg.train_config
    ecfg = cfg.eval_config

    log = logging.getLogger(cfg.name)
    log.info("training starts")
    log.info(f"features: {cfg.features}")

    # resuming
    first_epoch = 0
    done = False
    resume_from = None
    run_dir = os.path.join(cfg.log_folder, cfg.name)
    cfg_file = os.path.join(run_dir, "config.yaml")
    if os.path.exists(run_dir):
        prev_cfg_file = cfg_file
        prev_cfg = GeneralConfig.from_yaml_file(prev_cfg_file)
        if prev_cfg != cfg:
            delta = GeneralConfig.compare(prev_cfg, cfg)
            if len(delta) > 0:
                raise DifferentConfigException(f"run folder holds a different config: {', '.join(delta)}")
        if os.path.exists(os.path.join(cfg.best_model_path)):
            done = True
        # latest checkpoint
        ckpt_dir = os.path.join(run_dir, "models")
        if not done and os.path.isdir(ckpt_dir):
            found = os.listdir(ckpt_dir)
            if found:
                resume_from = max([os.path.join(ckpt_dir, f) for f in found], key=os.path.getctime)
                m = re.findall("([0-9]*).pth", resume_from)[-1]
                first_epoch = int(m) + 1

    # folders
    os.makedirs(run_dir, exist_ok=True)
    os.makedirs(os.path.join(run_dir, "models"), exist_ok=True)

    # config copy
    cfg.to_yaml_file(cfg_file)

    # nothing left to do
    if first_epoch >= tcfg.epochs or done:
        log.info("already trained")
        return cfg_file

    # loaders
    eval_loader, fit_loader, eval_set, _, norm_func = make_loaders(cfg)

    # network
    dev = torch.device(cfg.device)
    n_ch = calculate_channels(cfg.features, eval_set.points[0].shape[-1])
    if cfg.model_type == "stgcnpp":
        net = create_stgcnpp(eval_set.num_classes(), n_ch, cfg.skeleton_type)
        net.to(dev)
    elif cfg.model_type == "2pgcn":
        net = create_tpgcn(eval_set.num_classes(), len(cfg.features), n_ch,
                           cfg.skeleton_type, cfg.labeling, cfg.graph_type)
        net.to(dev)
    else:
        raise KeyError(f"unsupported model {cfg.model_type}")

    # loss, optimiser, schedule
    criterion = torch.nn.CrossEntropyLoss()
    opt = torch.optim.SGD(net.parameters(), lr=tcfg.sgd_lr, momentum=tcfg.sgd_momentum,
                          weight_decay=tcfg.sgd_weight_decay, nesterov=tcfg.sgd_nesterov)
    sched = CosineAnnealingLR(opt, T_max=tcfg.epochs,
                              eta_min=tcfg.cosine_shed_eta_min)

    # restore state
    if resume_from is not None:
        ckpt = read_checkpoint(resume_from, net, opt, sched, dev)
        if norm_state := ckpt.get("normalization"):
            setup_norm_func(norm_func, state_dict=norm_state)
        else:
            setup_norm_func(norm_func, train_file=cfg.train_config.train_file)
    else:
        setup_norm_func(norm_func, train_file=cfg.train_config.train_file)

    # epochs
    t_start = time.time()
    eval_history = []
    for ep in range(first_epoch, tcfg.epochs):
        pending = []
        log.info(f"epoch {ep + 1}/{tcfg.epochs}")
        t_fit0 = time.time()
        fit_stats = fit_one_epoch(net, criterion, fit_loader, opt, sched, dev)
        t_fit1 = time.time()

        pending.append(f"[{ep}] - training stats - {','.join([str(v) for v in fit_stats])}")
        pending.append(f"[{ep}] - training time - {timedelta(seconds=t_fit1 - t_fit0)}")

        if (ep + 1) % ecfg.eval_interval == 0 or tcfg.epochs - ep - 1 < ecfg.eval_last_n:
            t_ev0 = time.time()
            ev_stats = score_epoch(net, eval_loader, criterion, dev)
            t_ev1 = time.time()
            eval_history.append((ep, *ev_stats))
            log.info(f"top-1: {ev_stats[1]:.2%}")
            log.info(f"top-5: {ev_stats[2]:.2%}")
            log.info(f"loss: {ev_stats[0]:.2}")

            pending.append(f"[{ep}] - eval stats - {','.join([str(v) for v in ev_stats])}")
            pending.append(f"[{ep}] - eval time - {timedelta(seconds=t_ev1 - t_ev0)}")

        # checkpoint
        ckpt_path = os.path.join(run_dir, "models", f"epoch_{ep}.pth")
        write_checkpoint(ckpt_path, net, opt, sched, norm_func)

        append_log(run_dir, pending)

        # time left
        eta = ((time.time() - t_start) / (ep - first_epoch + 1)) * (tcfg.epochs - (ep + 1))
        log.info(f"time left: {timedelta(seconds=eta)}")

    t_end = time.time()
    best = max(eval_history, key=lambda s: s[2])
    log.info(f"best top-1 {best[2]:.2%} at epoch {best[0]}")
    log.info(f"training took {timedelta(seconds=t_end - t_start)}")
    append_log(run_dir, f"Top1 accuracy {best[2]:.2%} at epoch {best[0]}")

    best_file = os.path.join(run_dir, "models", f"epoch_{best[0]}.pth")
    shutil.copy(best_file, cfg.best_model_path)
    log.info("training finished")
    prune_checkpoints(run_dir, cfg.train_config.keep_best_n)
    return cfg_file


def make_loaders(cfg: GeneralConfig):
    augs = []
    if cfg.train_config.use_scale_augment:
        augs.append(RandomScale(cfg.train_config.scale_value))

    norm_func = create_norm_func(cfg.normalization_type)

    fit_sampler = Sampler(cfg.window_length, cfg.samples_per_window)
    fit_set = PoseDataset(
        cfg.train_config.train_file,
        cfg.features,
        fit_sampler,
        augs,
        cfg.symmetry_processing,
        norm_func,
        False,
        cfg.copy_pad,
    )
    fit_loader = DataLoader(fit_set, cfg.train_config.train_batch_size, True, num_workers=4, pin_memory=True)

    eval_sampler = Sampler(cfg.window_length, cfg.samples_per_window, True, cfg.eval_config.test_clips_count)
    eval_set = PoseDataset(
        cfg.eval_config.test_file,
        cfg.features,
        eval_sampler,
        [],
        cfg.symmetry_processing,
        norm_func,
        False,
        cfg.copy_pad,
    )
    eval_loader = DataLoader(eval_set, cfg.eval_config.test_batch_size, shuffle=False, num_workers=4, pin_memory=True)
    return eval_loader, fit_loader, eval_set, fit_set, norm_func


def handle_training(args: Namespace):
    cfg = GeneralConfig.from_yaml_file(args.config)
    train_network(cfg)
