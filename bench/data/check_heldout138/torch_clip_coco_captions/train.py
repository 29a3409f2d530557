import torch
import torch.nn.functional as F
import numpy as np
import os
from omegaconf import OmegaConf

from dataloader.dataset import CocoPairs
from dataloader.data_loaders import make_loader

from model.model import CLIP
from utils.simple_tokenizer import SimpleTokenizer
from utils.custom_schedulers import get_cosine_schedule_with_warmup, get_cosine_with_hard_restarts_schedule_with_warmup
from utils import set_seed, mkdir, setup_logger, load_config_file

from torch.optim import Adam, AdamW # AdamW adds decoupled weight decay

import argparse


DATA_CFG = 'dataloader/data_config.yaml'
TRAIN_CFG = 'trainer/train_config.yaml'
MODEL_CFG = 'model/model_config.yaml'

def fit(cfg, train_set, net):
    '''
    Contrastive training loop.
    '''
    
    cfg.train_batch_size = cfg.per_gpu_train_batch_size * max(1, cfg.n_gpu)    
    train_dl = make_loader(cfg, train_set, is_train=True)

    # number of optimiser steps overall
    total_steps = len(train_dl) // cfg.gradient_accumulation_steps \
                * cfg.num_train_epochs
    
    opt = AdamW(net.parameters(), lr=cfg.optimizer.params.lr, eps=cfg.optimizer.params.eps, weight_decay=cfg.optimizer.params.weight_decay)

    # first 20% of the steps warm up
    warmup = int(0.20 * total_steps)
    sched = get_cosine_schedule_with_warmup(opt, num_warmup_steps= warmup, num_training_steps= total_steps)

    if cfg.n_gpu > 1:
        net = torch.nn.DataParallel(net)
    
    net = net.to(torch.device(cfg.device))
    net.train()

    log.info("== training ==")
    log.info("  examples = %d", len(train_set))
    log.info("  epochs = %d", cfg.num_train_epochs)
    log.info("  gpus = %d", cfg.n_gpu)

    log.info("  per-gpu batch = %d", cfg.per_gpu_train_batch_size)
    log.info("  effective batch (parallel x accumulation) = %d",
                   cfg.train_batch_size * cfg.gradient_accumulation_steps)
    log.info("  accumulation steps = %d", cfg.gradient_accumulation_steps)
    log.info("  optimiser steps = %d", total_steps)
    if sched:
        log.info("  warmup = %d", warmup)


    step_count, loss_sum, acc_sum =0,  0.0, 0.0
    net.zero_grad()

    for ep in range(int(cfg.num_train_epochs)):
        for k, batch in enumerate(train_dl):
            imgs, toks = batch

            imgs = imgs.to(torch.device(cfg.device))
            toks = toks.to(torch.device(cfg.device))
            
            img_emb, txt_emb = net(imgs, toks)

            # unit-norm embeddings
            img_emb = img_emb / img_emb.norm(dim=-1, keepdim=True)
            txt_emb = txt_emb / txt_emb.norm(dim=-1, keepdim=True)

            if cfg.n_gpu == 1:
                scale = net.logit_scale.exp()
            elif cfg.n_gpu > 1:
                scale = net.module.logit_scale.exp()

            sim_i2t = scale * img_emb @ txt_emb.t()
            sim_t2i = scale * txt_emb @ img_emb.t()

            targets = torch.arange(len(sim_i2t)).to(sim_i2t.device)

            loss_i = F.cross_entropy(sim_i2t, targets)
            loss_t  = F.cross_entropy(sim_t2i, targets)

            loss = (loss_i + loss_t) / 2

            if cfg.n_gpu > 1: 
                loss = loss.mean() # average the per-gpu losses
            if cfg.gradient_accumulation_steps > 1:
                loss = loss / cfg.gradient_accumulation_steps

            loss.backward()

            loss_sum += loss.item()

            if (k + 1) % cfg.gradient_accumulation_steps == 0:
                step_count += 1
                opt.step() # optimiser first, scheduler after
                
                # cap the temperature at 100, ln(100) = 4.6052
                if cfg.n_gpu == 1:
                    net.logit_scale.data = torch.clamp(net.logit_scale.data, 0, 4.6052)
                elif cfg.n_gpu > 1:
                    net.module.logit_scale.data = torch.clamp(net.module.logit_scale.data, 0, 4.6052)

                if sched:
                    sched.step() 
                    
                net.zero_grad()

                if step_count % cfg.logging_steps == 0:
                    log.info("ep {} step {} lr {:.6f} loss {:.4f} (mean {:.4f})".format(ep, step_count, 
                        opt.param_groups[0]["lr"], loss.item(), loss_sum / step_count)
                    )

                if (cfg.save_steps > 0 and step_count % cfg.save_steps == 0) or \
                        step_count == total_steps:
                    # checkpoint
                    save_ckpt(cfg, ep, step_count, net, opt) 
                    

    return step_count, loss_sum / step_count


def save_ckpt(cfg, ep, step_count, net, opt):
    '''
    Write model and optimiser state with the epoch and step counters.
    '''
    path = os.path.join(cfg.saved_checkpoints, f'ckpt_{ep}_{step_count}.pt')
    tries = 0
    while (tries < 10):
        try:

            if cfg.n_gpu > 1:
                torch.save({
                    'epoch' : ep,
                    'global_step' : step_count,
                    'model_state_dict' : net.module.state_dict(),
                    'optimizer_state_dict': opt.state_dict()
                }, path)
            else:
                torch.save({
                    'epoch' : ep,
                    'global_step' : step_count,
                    'model_state_dict' : net.state_dict(),
                    'optimizer_state_dict': opt.state_dict()
                }, path)

            log.info("checkpoint written to {}".format(path))
            break
        except:
            tries += 1
    if tries == 10:
        log.info("checkpoint failed 10 times.")
    return

def main():

    p = argparse.ArgumentParser()
    p.add_argument("--train_img_dir", default=None, type=str, required=False, help="folder of COCO train images")
    p.add_argument("--train_annotation_file", default=None, type=str, required=False, help="COCO captions json")
    cli = p.parse_args()

    data_cfg = load_config_file(DATA_CFG)
    train_cfg = load_config_file(TRAIN_CFG)
    model_cfg = load_config_file(MODEL_CFG)

    cfg = OmegaConf.merge(train_cfg, data_cfg)

    # cfg = OmegaConf.merge(OmegaConf.create(vars(cli)), cfg)  
    # command line paths win over the yaml ones
    if cli.train_img_dir : 
        cfg.train_img_dir = cli.train_img_dir
    if cli.train_annotation_file : 
        cfg.train_annotation_file = cli.train_annotation_file
        

    global log
    # output folders
    mkdir(path=cfg.saved_checkpoints)
    mkdir(path=cfg.logs)

    log = setup_logger("CLIP_COCO", cfg.logs, 0, filename = "train_log.txt")

    cfg.device = "cuda" if torch.cuda.is_available() else "cpu"
    cfg.n_gpu = torch.cuda.device_count() # visible gpus 
    set_seed(seed=11, n_gpu=cfg.n_gpu)

    # BPE tokenizer
    tok = SimpleTokenizer()
    
    # ResNet-50 CLIP
    params = dict(model_cfg.RN50)
    params['vision_layers'] = tuple(params['vision_layers'])
    params['vision_patch_size'] = None
    net = CLIP(**params)

    log.info(f"config {train_cfg}")

    # dataset
    train_set = CocoPairs(cfg, tok)

    # train
    step_count, mean_loss = fit(cfg, train_set, net)
    
    log.info("done: steps = %s, mean loss = %s", step_count, mean_loss)
    

if __name__ == "__main__":
    main()
