import os

import numpy as np
import torch
from torch_unet.globals import SAVE_EVERY
from torch_unet.tools.evaluation import eval_net, eval_net_full
from torch_unet.tools.losses import dice_loss
from torch_unet.utils import get_lr
from tqdm import tqdm


def train_model(epochs, crit, opt, sched, net, fit_loader, hold_loader, ckpt_dir, logger, n_fit,
                n_hold, bs, tb, hold_frac, balance_classes):
    # torch.multiprocessing.set_start_method('spawn')
    # choose the device
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    logger.info(f'device: {dev}')
    # network onto it
    
    net.to(device=dev)
    
    n_all = n_hold + n_fit
    step_no = 0
    
    for ep in range(epochs):
        net.train()  # training mode
        ep_losses = []
        with tqdm(total=n_fit, desc=f'Epoch {ep + 1}/{epochs}', unit='img') as bar:
            for b in fit_loader:
                x = b['image']
                y = b['mask']
                x = x.to(device=dev, dtype=torch.float32)
                y = y.to(device=dev, dtype=torch.float32)
                
                if balance_classes:
                    # weight positives by the negative/positive ratio
                    w_pos = torch.sum(torch.abs(y - 1)) / torch.sum(y)
                    crit.pos_weight = torch.tensor([w_pos]).to(device=dev, dtype=torch.float32)
                # one optimisation step
                opt.zero_grad()
                logits = net(x)  # forward
                loss = crit(logits, y)  # loss
                loss_val = loss.item()
                loss.backward()
                opt.step()
                
                # logging
                ep_losses.append(loss_val)  # float per step
                tb.add_scalar('Train/BCE_loss', loss_val, step_no)
                d_val = dice_loss(torch.sigmoid(logits), y)
                tb.add_scalar('Train/Dice_loss', d_val, step_no)
                bar.set_postfix(**{'loss (batch)': loss_val})
                bar.update(x.shape[0])
                
                step_no += 1
                
                # held-out patches, ten times per epoch
                if step_no % (n_all // (10 * bs)) == 0 and n_hold > 0:
                    net.eval()
                    hold_score, hold_loss = eval_net(net, hold_loader, dev, n_hold)
                    net.train()  # back to training
                    
                    logger.info('held-out dice: {}'.format(hold_score))
                    tb.add_scalar('Validation/Dice_coef', hold_score, step_no)
                    tb.add_scalar('Validation/Dice_loss', hold_loss, step_no)
                    tb.add_images('images', x, step_no)
                    tb.add_images('masks/true', y, step_no)
                    tb.add_images('masks/pred', torch.sigmoid(logits), step_no)
                
                # whole-image check every 300 steps
                if step_no % 300 == 0 and n_hold > 0:
                    net.eval()
                    full_score, full_loss, pic, gt, guess = eval_net_full(net, hold_loader, dev,
                                                                                             hold_frac)
                    net.train()
                    
                    logger.info('whole-image dice: {}'.format(full_score))
                    tb.add_scalar('Full_Validation/Dice_coef', full_score, step_no)
                    tb.add_scalar('Full_Validation/Dice_loss', full_loss, step_no)
                    
                    tb.add_images('full_images', pic[None, :, :, :], step_no)
                    tb.add_images('full_masks/true', gt[None, :, :, :], step_no)
                    tb.add_images('full_masks/pred', guess[None, :, :, :], step_no)
                
                if (step_no + 1) % SAVE_EVERY == 0:
                    torch.save(net.state_dict(),
                               ckpt_dir + f'CP_epoch{ep + 1}.pth')
                    logger.info(f'saved checkpoint {ep + 1}')
        
        if sched is not None:
            ep_loss = int(np.mean(ep_losses) * 1000)
            sched.step(ep_loss)
            tb.add_scalar("LR/epoch_loss", ep_losses)
            tb.add_scalar("LR", get_lr(opt), step_no)
    
    tb.close()
    torch.save(net.state_dict(), os.path.join(ckpt_dir, "final.pth"))
