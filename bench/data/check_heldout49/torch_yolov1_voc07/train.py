import os
import cv2
import numpy as np
from datetime import datetime

import torch
from torch.utils.data import DataLoader
from voc_grid import VocGridSet
from grid_net import GridDetector
from grid_loss import GridLoss

from utils.config import config
from utils.stopper import EarlyStopping
from utils.logger import create_log


def fit_detector(cfg, logger, net, tr_dl, va_dl, dev_arg):

    opt = torch.optim.Adam(net.parameters(), lr=cfg.init_lr)
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.8, patience=15)
    stopper = EarlyStopping(min_delta=cfg.min_delta, patience=cfg.patience, logger=logger, verbose=1)
    criterion = GridLoss(cfg.l_coord, cfg.l_noobj)

    stopper.on_train_begin()
    for ep in range(1, cfg.epochs+1):
        ''' fit '''
        net.train()
        for step, (xb, yb) in enumerate(tr_dl):
            opt.zero_grad()
            out = net(xb.to(device))
            l = criterion(out, yb.to(device))
            l.backward()
            opt.step()
            if step % 50 == 0:
                logger.info('epoch {} seen {}/{} loss {:.6f}'.format(
                    ep, step * len(xb), len(tr_dl.dataset), l.item()))

        ''' validate '''
        net.eval()
        va_out = []
        for _, (xb, yb) in enumerate(va_dl):
            with torch.no_grad():
                va_out.append(net(xb.to(device)))
        va_out = torch.concat(va_out, dim=0)
        va_l = criterion(va_out, va_dl.tgt.to(device))
        plateau.step(metrics=va_l, epoch=ep)

        logger.info(f"epoch {ep}/{cfg.epochs} val {va_l.item():.4f}")

        do_save, do_stop = stopper.on_epoch_end(ep=ep, monitor=va_l.item(), monitor_name='valid_loss')
        if do_save:
            ckpt_path = os.path.join(cfg.output_dir, 'grid_detector.pth')
            torch.save({"model_state_dict": net.state_dict(),
                        "best_valid_loss": va_l.item(),
                        "opt_state_dict":opt.state_dict()},
                        ckpt_path)
        if do_stop:
            break


def eval_detector(net, logger, te_dl, device):
    criterion = GridLoss(cfg.l_coord, cfg.l_noobj)

    all_out = []
    net.eval()
    with torch.no_grad():
        for _, (xb, _) in enumerate(te_dl):
            o = net(xb.to(device))
            all_out.append(o)

    all_out = torch.concat(all_out, axis=0)
    te_l = criterion(all_out, te_dl.tgt.to(device))



    logger.info(f"held-out loss {te_l.item()}")


if __name__ == "__main__":
    cfg = config(batch_size=256, init_lr=1e-3, epochs=500,
                  min_delta=0., patience=20,
                  S=7, B=2, C=20, l_coord=5, l_noobj=0.5,
                  output_dir='./outputs',
                  pretrained_model=None,
                  tricks='')
    cfg.save_config(datetime.now(tz=None).strftime("%m%d%H%M")+'_'+cfg.tricks)

    logger = create_log(log_dir=cfg.output_dir)

    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    net = GridDetector(cfg.S, cfg.B, cfg.C).to(device)

    ''' optional warm start '''
    if cfg.pretrained_model is not None:
        sd = torch.load(cfg.pretrained_model)
        net.load_state_dict(sd)

    ''' splits '''
    voc_root = r'data/VOCdevkit/VOC2007'
    voc_a = VocGridSet(voc_root, 'test')
    voc_b = VocGridSet(voc_root, 'val')
    voc_c = VocGridSet(voc_root, 'train')
    logger.info(f'sizes: {len(voc_a)} / {len(voc_b)} / {len(voc_c)}')

    ''' fit '''
    tr_dl = DataLoader(voc_a, batch_size=cfg.batch_size, shuffle=True)
    va_dl = DataLoader(voc_b, batch_size=cfg.batch_size, shuffle=True)
    fit_detector(cfg, logger, net, tr_dl, va_dl, device)

    ''' final check '''
    te_dl = DataLoader(voc_c, batch_size=128, shuffle=False)
    eval_detector(net, logger, te_dl, device)

