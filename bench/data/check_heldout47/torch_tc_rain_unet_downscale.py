"""
U-Net regression from coarse to fine tropical-cyclone rainfall.
(see the U-Net write-ups and the wandb prediction-logging report)

(downscaling paper preprint)
"""
import torch
import torchvision
import numpy as np
# (fastai imports dropped)
# 
# 
import argparse
import logging
import sys
from pathlib import Path
# 
import torch.nn as nn
# 
import wandb
from torch import optim
from torch.utils.data import DataLoader, random_split
from tqdm import tqdm
from torch.utils.data import TensorDataset
import matplotlib.pyplot as plt
import seaborn as sns
# (cartopy imports dropped)
# 
sns.set_style("white")
# 
# 
# 

from unet_new import UNet

def fit_unet(model,
             dev,
             epochs: int = 5,
           #
             batch_size: int = 1,
             learning_rate: float = 0.0001,
             val_percent: float = 0.1,
             save_checkpoint: bool = True,
             img_scale: float = 0.5,
             amp: bool = False):
    # 1. arrays from disk
    va_x = torch.tensor(np.load('/scratch/tc_rain/arrays/valid_X.npy')).unsqueeze(1)
    va_y = torch.tensor(np.load('/scratch/tc_rain/arrays/valid_y.npy')).unsqueeze(1)
    tr_x = torch.tensor(np.load('/scratch/tc_rain/arrays/train_X.npy')).unsqueeze(1)
    tr_y = torch.tensor(np.load('/scratch/tc_rain/arrays/train_y.npy')).unsqueeze(1)

    # (optional nearest upsampling, disabled)
    # 
    # 
    # 
    # 
    # 

    # 2. fixed train / validation files
    tr_set = tr_x
    va_set = va_x
    n_tr,_,_,_ = tr_set.shape
    n_va,_,_,_ = va_set.shape
    batch_size = 16
    epochs = 10
    img_scale = 10
    # 

    # 3. loaders
    dl_kwargs = dict(batch_size=batch_size, num_workers=4, pin_memory=True)
    tr_ds = TensorDataset(tr_x, tr_y)
    tr_dl = DataLoader(tr_ds, **dl_kwargs)
    va_ds = TensorDataset(va_x, va_y)
    va_dl = DataLoader(va_ds, **dl_kwargs)

    # (experiment tracking)
    run = wandb.init(project='U-Net', resume='allow', anonymous='must')
    run.config.update(dict(epochs=epochs, batch_size=batch_size, learning_rate=learning_rate,
                                  val_percent=val_percent, save_checkpoint=save_checkpoint, img_scale=img_scale,
                                  amp=amp))

    logging.info(f'''run settings:
        epochs:          {epochs}
        batch size:      {batch_size}
        learning rate:   {learning_rate}
        train samples:   {n_tr}
        val samples:     {n_va}
        checkpoints:     {save_checkpoint}
        device:          {dev.type}
        scaling:         {img_scale}
        amp:             {amp}
    ''')

    # 4. optimiser, loss, scaler
    # (RMSprop variant disabled)
    opt = torch.optim.Adam(params=filter(lambda p: p.requires_grad, model.parameters()),
                                     lr=learning_rate)
    # (plateau scheduler disabled)
    scaler = torch.cuda.amp.GradScaler(enabled=amp)
    # 
    crit = nn.MSELoss().to(dev)
    step = 0

    # 5. epochs
    for epoch in range(epochs):
        model.train()
        ep_loss = 0
        with tqdm(total=n_tr, desc=f'epoch {epoch + 1}/{epochs}', unit='img') as bar:
            for batch in tr_dl:
                xb = batch[0]
                yb = batch[1]

                assert xb.shape[1] == model.n_channels, \
                    f'model expects {model.n_channels} input channels, ' \
                    f'batch has {xb.shape[1]}; check ' \
                    'the input arrays.'

                xb = xb.to(device=dev, dtype=torch.float32)
                yb = yb.to(device=dev, dtype=torch.float32)

                with torch.cuda.amp.autocast(enabled=amp):
                    pred = model(xb)
                    # 
                    # 
                    # 
                    loss = crit(pred, yb)

                    # dump the current batch
                    p_np = pred[:,0,:,:].detach().cpu().numpy()
                    t_np = yb[:,:,:].detach().cpu().numpy()
                    x_cpu = xb[:,0,:,:].cpu()
                    np.save('dump/batch_pred.npy',p_np)
                    np.save('dump/batch_true.npy',t_np)
                    np.save('dump/batch_x.npy',x_cpu)
                    
                    
                    

                # 
                opt.zero_grad()
                # 
                # 
                loss.backward()
                opt.step()

                bar.update(xb.shape[0])
                step += 1
                ep_loss += loss.item()
                run.log({
                    'train loss': loss.item(),
                    'step': step,
                    'epoch': epoch
                })
                bar.set_postfix(**{'batch loss': loss.item()})

                # periodic weight histograms
                if step % (n_tr // (10 * batch_size)) == 0:
                    hists = {}
                    for name, value in model.named_parameters():
                        name = name.replace('/', '.')
                        hists['Weights/' + name] = wandb.Histogram(value.data.cpu())
                        # 

                    # (validation not written yet)
                    # 

                    # 
                    # 
                    # 
                    # 
                    # 
                    # 
                    # 
                    # 
                    # 
                    # 
                    # 
                    # 
                    # 




def parse_cli():
    ap = argparse.ArgumentParser(description='U-Net rainfall downscaling')
    ap.add_argument('--epochs', '-e', metavar='E', type=int, default=5, help='epochs')
    ap.add_argument('--batch-size', '-b', dest='batch_size', metavar='B', type=int, default=1, help='batch size')
    ap.add_argument('--learning-rate', '-l', metavar='LR', type=float, default=0.00001,
                        help='learning rate', dest='lr')
    ap.add_argument('--load', '-f', type=str, default=False, help='resume from a .pth file')
    ap.add_argument('--scale', '-s', type=float, default=0.5, help='image scale factor')
    ap.add_argument('--validation', '-v', dest='val', type=float, default=10.0,
                        help='validation percentage (0-100)')
    ap.add_argument('--amp', action='store_true', default=False, help='mixed precision')

    return ap.parse_args()


if __name__ == '__main__':
    args = parse_cli()

    logging.basicConfig(level=logging.INFO, format='%(levelname)s: %(message)s')
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    logging.info(f'device {dev}')

    # one input channel (coarse rain), one output (fine rain)
    # 
    # 
    model = UNet(n_channels=1, n_classes=1, bilinear=True)

    logging.info(f'model:\n'
                 f'\t{model.n_channels} in channels\n'
                 f'\t{model.n_classes} out channels\n'
                 f'\t{"bilinear" if model.bilinear else "transposed conv"} upsampling')

    if args.load:
        model.load_state_dict(torch.load(args.load, map_location=dev))
        logging.info(f'weights from {args.load}')

    model.to(device=dev)
    try:
        fit_unet(model=model,
                  epochs=args.epochs,
                  batch_size=args.batch_size,
                  learning_rate=args.lr,
                  dev=dev,
                  img_scale=args.scale,
                  val_percent=args.val / 100,
                  amp=args.amp)
        torch.save(model.state_dict(), '/scratch/tc_rain/unet_final.pth')
        logging.info('weights saved')
    except KeyboardInterrupt:
        torch.save(model.state_dict(), 'INTERRUPTED.pth')
        logging.info('interrupted, weights saved')
        sys.exit(0)
