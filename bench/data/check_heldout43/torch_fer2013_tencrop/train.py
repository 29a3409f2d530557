import sys
import warnings

import torch
import torch.nn as nn
from torch.cuda.amp import GradScaler
from torch.optim.lr_scheduler import ReduceLROnPlateau

from fer2013 import make_loaders
from checkpoint import store
from hparams import parse_hparams
from loops import train_epoch, run_eval
from setup_network import build_network

warnings.filterwarnings("ignore")
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


def main_loop(model, tracker, cfg):
    # loaders for the three splits
    dl_train, dl_val, dl_test = make_loaders(bs=cfg['bs'])

    model = model.to(dev)

    base_lr = float(cfg['lr'])
    amp_scaler = GradScaler()

    # opt = torch.optim.Adadelta(model.parameters(), lr=base_lr, weight_decay=0.0001)
    # opt = torch.optim.Adagrad(model.parameters(), lr=base_lr, weight_decay=0.0001)
    # opt = torch.optim.Adam(model.parameters(), lr=base_lr, weight_decay=0.0001, amsgrad=True)
    # opt = torch.optim.ASGD(model.parameters(), lr=base_lr, weight_decay=0.0001)
    opt = torch.optim.SGD(model.parameters(), lr=base_lr, momentum=0.9, nesterov=True, weight_decay=0.0001)

    plateau = ReduceLROnPlateau(opt, mode='max', factor=0.75, patience=5, verbose=True)
    # plateau = torch.optim.lr_scheduler.StepLR(opt, 20, gamma=0.5, last_epoch=-1, verbose=True)
    # plateau = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.01, steps_per_epoch=len(dl_train), epochs=cfg['n_epochs'])
    # plateau = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=10, T_mult=1, eta_min=1e-6, last_epoch=-1, verbose=True)
    # plateau = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10, eta_min=1e-6, last_epoch=-1, verbose=False)
    loss_fn = nn.CrossEntropyLoss()

    top_acc = 0.0

    print("Fitting", cfg['name'], "on", dev)
    for ep in range(cfg['start_epoch'], cfg['n_epochs']):

        tr_acc, tr_loss = train_epoch(model, dl_train, loss_fn, opt, amp_scaler)
        tracker.loss_train.append(tr_loss)
        tracker.acc_train.append(tr_acc)

        va_acc, va_loss = run_eval(model, dl_val, loss_fn)
        tracker.loss_val.append(va_loss)
        tracker.acc_val.append(va_acc)

        # step the schedule on val accuracy
        plateau.step(va_acc)

        if va_acc > top_acc:
            top_acc = va_acc

            store(model, tracker, cfg, ep + 1)
            tracker.save_plt(cfg)

        if (ep + 1) % cfg['save_freq'] == 0:
            store(model, tracker, cfg, ep + 1)
            tracker.save_plt(cfg)

        print('Ep %2d' % (ep + 1),
              'train acc: %2.4f %%' % tr_acc,
              'val acc: %2.4f %%' % va_acc,
              sep='\t\t')

    # final numbers on the test split
    te_acc, te_loss = run_eval(model, dl_test, loss_fn)
    print('test acc: %2.4f %%' % te_acc,
          'test loss: %2.6f' % te_loss,
          sep='\t\t')


if __name__ == "__main__":
    # settings from the command line
    cfg = parse_hparams(sys.argv[1:])
    tracker, model = build_network(cfg)

    main_loop(model, tracker, cfg)
