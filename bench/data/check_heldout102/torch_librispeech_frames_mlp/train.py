import torch
import numpy as np
import random
from torchsummaryX import summary
import sklearn
import gc # garbage collector, called by hand below
import zipfile
import pandas as pd
from tqdm.auto import tqdm
import os
import datetime
import wandb

from torch.cuda.amp import GradScaler, autocast # mixed precision
scaler = GradScaler() # loss scaler for fp16 steps

# local data set and network
from dataset import FrameDataset, PHONEMES
from model import MLP_Net, config

from help import should_switch_to_sgd, compute_kl_loss



# seeds of every library
SEED = 11785
random.seed(SEED)
np.random.seed(SEED)
torch.manual_seed(SEED)
torch.cuda.manual_seed(SEED)
torch.backends.cudnn.deterministic = True
torch.backends.cudnn.benchmark = False



# one training epoch
def train(net, loader, opt, crit, dev):
    net.train() # training mode
    loss_sum, hits, seen = 0, 0, 0  # running numbers

    # progress bar
    bar   = tqdm(total=len(train_loader), dynamic_ncols=True, leave=False, position=0, desc='Train')

    for xb, yb in loader:
        xb, yb = xb.to(dev), yb.to(dev)  # to the device

        opt.zero_grad()  # clear gradients

        # fp16 forward
        with autocast():
            logits = net(xb)  # forward
            loss = crit(logits, yb)  # loss

        scaler.scale(loss).backward()  # scaled backward
        scaler.step(opt)  # step with unscaled gradients
        scaler.update()  # adjust the scale


        loss_sum += loss.item()  # running loss
        guess = torch.argmax(logits, dim=1)  # predicted ids
        hits += (guess == yb).sum().item()  # running hits
        seen += yb.size(0)  # running count

        # bar text
        bar.set_postfix(loss="{:.04f}".format(loss_sum / (len(loader))),
                              acc="{:.04f}%".format(100 * hits / seen))
        bar.update()

    bar.close()

    # epoch means
    mean_loss = loss_sum / len(loader)
    mean_acc = 100 * hits / seen

    return mean_loss, mean_acc



def train_r_drop(net, loader, opt, crit, dev, alpha = 0.5):
    net.train()
    loss_sum, hits, seen = 0, 0, 0
    bar = tqdm(total=len(loader), dynamic_ncols=True, leave=False, position=0, desc='Train')

    for xb, yb in loader:
        xb, yb = xb.to(dev), yb.to(dev)

        opt.zero_grad()

        # two stochastic forward passes
        with autocast():
            logits_a = net(xb)
            logits_b = net(xb)
            # mean cross entropy of both
            ce = 0.5 * (crit(logits_a, yb) + crit(logits_b, yb))
            # KL between the two passes
            kl = compute_kl_loss(logits_a, logits_b)
            # total
            loss = ce + alpha * kl

        # backward and step
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()

        loss_sum += loss.item()
        guess = torch.argmax(logits_a, dim=1)  # either pass will do
        hits += (guess == yb).sum().item()
        seen += yb.size(0)

        bar.set_postfix(loss="{:.04f}".format(loss_sum / len(loader)),
                              acc="{:.04f}%".format(100 * hits / seen))
        bar.update()

    bar.close()

    # epoch means
    mean_loss = loss_sum / len(loader)
    mean_acc = 100 * hits / seen

    return mean_loss, mean_acc






# evaluation
def eval(net, loader, crit, dev):
    net.eval()  # evaluation mode
    loss_sum, hits, seen = 0, 0, 0  # running numbers

    bar = tqdm(total=len(loader), dynamic_ncols=True, position=0, leave=False, desc='Val')

    # no autograd while evaluating
    with torch.inference_mode():
        for xb, yb in loader:
            xb, yb = xb.to(dev), yb.to(dev)

            logits = net(xb)  # forward
            loss = crit(logits, yb)  # loss

            loss_sum += loss.item()  # running loss
            guess = torch.argmax(logits, dim=1)  # predicted ids
            hits += (guess == yb).sum().item()  # running hits
            seen += yb.size(0)  # running count

            # bar text
            bar.set_postfix(loss="{:.04f}".format(loss_sum / len(loader)),
                                  acc="{:.04f}%".format(100 * hits / seen))
            bar.update()

    bar.close()

    # epoch means
    mean_loss = loss_sum / len(loader)
    mean_acc = 100 * hits / seen

    return mean_loss, mean_acc










if __name__ == '__main__':

    # experiment tracking
    wandb.login(key="<WANDB_KEY>")
    run = wandb.init(
        name    = "frames_mlp_run", #
        reinit  = True, ### lets the cell run again
        #id     = "<run id>", ### to resume an earlier run
        #resume = "must", ### with resume, drop reinit
        project = "hw1p2-frames", ### project in the tracking account
        config  = config ### config of the run
    )

    dev = 'cuda' if torch.cuda.is_available() else 'cpu'
    print("Device: ", dev)

    root = 'E:/data/librispeech_frames/'

    # build the data sets, which read every partition into RAM
    train_data = FrameDataset(root,
                              phonemes = PHONEMES,
                              context=config['context'],
                              partition= "train-clean-100",
                              use_mask=config['use_mask'],
                              use_cmn=config['use_cmn'],
                              )
    val_data = FrameDataset(root,
                            phonemes = PHONEMES,
                            context=config['context'],
                            partition= "dev-clean",
                            use_cmn=config['use_cmn'],
                            )



    # # a tenth of each split for quick runs
    # idx_tr = np.random.choice(len(train_data), len(train_data) // 10, replace=False)
    # idx_va = np.random.choice(len(val_data), len(val_data) // 10, replace=False)
    # tr_sub = torch.utils.data.Subset(train_data, idx_tr)
    # va_sub = torch.utils.data.Subset(val_data, idx_va)


    # loaders
    train_loader = torch.utils.data.DataLoader(
        dataset     = train_data,
        num_workers = 6,
        batch_size  = config['batch_size'],
        pin_memory  = True,# page-locked batches copy to the GPU faster
        shuffle     = True, # shuffled frames
        persistent_workers=False  # workers restart every epoch
    )

    val_loader = torch.utils.data.DataLoader(
        dataset     = val_data,
        num_workers = 2,
        batch_size  = config['batch_size'],
        pin_memory  = True,
        shuffle     = False, # order does not matter for evaluation
        persistent_workers=True
    )


    IN_DIM  = (2*config['context'] + 1) * 28  # window of 2*context+1 frames of 28 coefficients

    net       = MLP_Net(IN_DIM, len(train_data.phonemes),
                          config['hidden_sizes'],
                          config['dropout_rate'],
                          use_LeakyReLU = config['use_LeakyReLU'],
                          use_batchnorm = config['use_batchnorm'],
                          use_dropout = config['use_dropout'],
                          custom_weight_init = config['custom_weight_init']).to(dev)

    summary(net, torch.zeros([config['batch_size'], (2*config['context'] + 1) * 28]).to(dev)) # layer table

    # objective and optimiser
    crit = torch.nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(), lr= config['init_lr']) # optimiser


    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max = 10, eta_min = 1e-4)

    # free caches
    torch.cuda.empty_cache() # GPU cache
    gc.collect()             # host garbage


    # working folder
    here = os.getcwd()
    # checkpoint path
    ckpt = os.path.join(here, 'model.pt')

    # log the network
    wandb.watch(net, log="all")

    top_val_acc = 0.0  # best dev accuracy so far


    val_history = [] # dev losses, used to decide the switch to SGD
    switch_to_sgd = config['use_switch_Adam_to_SGD']

    for ep in range(config['epochs']):
        print(f"\nEpoch {ep+1}/{config['epochs']}")

        # learning rate now
        lr_now = float(opt.param_groups[0]['lr'])

        # one epoch of training
        if config['use_Rdrop']:
            tr_loss, tr_acc = train_r_drop(net, train_loader, opt, crit, dev)
        else:
            tr_loss, tr_acc = train(net, train_loader, opt, crit, dev)

        # scheduler step
        sched.step()

        # dev evaluation
        va_loss, va_acc = eval(net, val_loader, crit, dev)

        print(f"\tTrain Acc: {tr_acc:.04f}%\tTrain Loss: {tr_loss:.04f}\tLearning Rate: {lr_now:.07f}")
        print(f"\tVal Acc: {va_acc:.04f}%\tVal Loss: {va_loss:.04f}")

        val_history.append(va_loss)
        # maybe switch optimiser
        if switch_to_sgd and should_switch_to_sgd(val_history):
            print(f"switching Adam -> SGD at epoch {ep + 1}")
            opt = torch.optim.SGD(net.parameters(), lr=config['init_lr'], momentum=0.9)
            switch_to_sgd = False

        # log the epoch
        wandb.log({
            'epoch': ep + 1,
            'train_acc': tr_acc,
            'train_loss': tr_loss,
            'val_acc': va_acc,
            'val_loss': va_loss,
            'lr': lr_now,
        })

        # save only on a better dev accuracy
        if va_acc > top_val_acc:
            print(f"dev accuracy {top_val_acc:.04f}% -> {va_acc:.04f}%, saving...")
            top_val_acc = va_acc  # new best
            torch.save({
                'epoch': ep,
                'model_state_dict': net.state_dict(),
                'optimizer_state_dict': opt.state_dict(),
                'scheduler_state_dict': sched.state_dict(),
                'loss': va_loss,
                'val_acc': va_acc
            }, ckpt)

    # close the run
    wandb.finish()

