from torch.utils.data import DataLoader
import argparse
import tqdm
import torch
import torch.optim as optim
import torch.nn as nn
import os
import cv2
from pytorch_wavelets import DTCWTForward
from torch.amp import autocast, GradScaler  # the torch.amp spelling, not torch.cuda.amp
import numpy as np
import random
import matplotlib.pyplot as plt
import time

# project modules
from dataset import WaveletSRSet
from model import SRnet_dtcwt
from utils import psnr_of, seed_all, restore_state

def wavelet_mse(hi, sr, lowband, lowband_hat, band1, band1_hat, band2, band2_hat):
    return 0.8*torch.mean((hi-sr)**2) + 0.2*(torch.mean((lowband-lowband_hat)**2) + torch.mean((band1-band1_hat)**2) + torch.mean((band2-band2_hat)**2))

def run_training(cfg):
    # wall clock start
    t_begin = time.time()

    # seeds
    seed_all(cfg.seed)

    # device
    device = torch.device(cfg.device)

    # dual-tree wavelet transform
    dtcwt=DTCWTForward(J=2, biort=cfg.biort, qshift=cfg.qshift, include_scale=[True, False]).to(device)

    # network
    net = SRnet_dtcwt(biort=cfg.biort, qshift=cfg.qshift, device=cfg.device).to(device)

    # loss scaling
    grad_scaler = GradScaler()
    
    # Adam
    adam = optim.Adam(net.parameters(), lr=1e-4, betas=(0.9, 0.999), eps=1e-8, weight_decay=0)

    # resume from the checkpoint file given by --weight
    weight = cfg.weight
    first_ep, epochs, cfg, top_psnr, history = restore_state(net, adam, None, grad_scaler, cfg, path=weight)

    # make the save folder
    if not os.path.exists(cfg.save_dir):
        os.makedirs(cfg.save_dir)
    # a fresh numbered run folder inside it
    if not os.path.exists(os.path.join(cfg.save_dir, 'result')):
        save_dir = os.path.join(cfg.save_dir, 'result')
        os.makedirs(save_dir)
    else:
        save_dir = os.path.join(cfg.save_dir, 'result'+str(len(os.listdir(cfg.save_dir))-1))
        os.makedirs(save_dir)
    last_ckpt=os.path.join(save_dir, 'last.pt')
    best_ckpt=os.path.join(save_dir, 'best.pt')
    log_file=os.path.join(save_dir, 'result.txt')
    out_img_dir=os.path.join(save_dir, 'images')

    # datasets and loaders
    dir_tr=os.path.join(cfg.dataset, 'train')
    dir_te=os.path.join(cfg.dataset, 'test')
    set_train = WaveletSRSet(root_dir=dir_tr, transform=None, training=True, 
                                cfg=cfg
                                )
    set_val = WaveletSRSet(root_dir=dir_te, transform=None, training=False,
                                cfg=cfg
                                )
    set_test = WaveletSRSet(root_dir=dir_te, transform=None, training=False,
                                cfg=cfg
                                )
    dl_train = DataLoader(set_train, 
                              batch_size=cfg.batch_size,
                              shuffle=True, 
                              pin_memory=True, 
                              num_workers=cfg.num_workers,
                              persistent_workers=True, 
                              )
    dl_val = DataLoader(set_val, 
                             batch_size=1, 
                             shuffle=False, 
                             pin_memory=True,
                             num_workers=cfg.num_workers,
                             persistent_workers=True, ) 
    dl_test = DataLoader(set_test, 
                             batch_size=1, 
                             shuffle=False, 
                             pin_memory=True,
                             num_workers=cfg.num_workers) 
    
    # one-cycle schedule
    lr_sched = torch.optim.lr_scheduler.OneCycleLR(
        adam,
        max_lr=1e-4,
        total_steps=len(dl_train) * cfg.epochs,
        pct_start=0.03,  # 3% warm-up
        div_factor=100,   # starts at 1e-6
        final_div_factor=100,  # ends at 1e-8
    )

    # defaults when the checkpoint had none
    if history is None: # no history saved
        history = []
    if top_psnr is None: # no best score saved
        top_psnr = 0.0
    
    # training
    #==================== training ====================#
    net.train()
    for ep in range(first_ep,epochs):
        # epoch clock
        t_ep = time.time()

        loss_sum = 0.0
        psnr_sum = 0.0
        bar = tqdm.tqdm(dl_train, desc='train', total=len(dl_train))
        #=================== batches ===================#
        for i,(lo_y, _, _, hi_y, _, _,  _) in enumerate(bar):
            # reset grads
            adam.zero_grad()
            
            # to the device
            lo_y, hi_y = lo_y.to(device), hi_y.to(device)

            # forward pass (autocast switched off)
            with autocast(device_type='cuda' if torch.cuda.is_available() else 'cpu',enabled=False):
                sr_y = net(lo_y.float())

                # wavelet bands of the target
                batch_size, _, H, W = hi_y.shape
                lowband, highs = dtcwt(hi_y.float())
                lowband0, band1, band2 = lowband[0], highs[0], highs[1]
                band1 = band1.permute(0,3,4,1,2,5).reshape(batch_size, H//2, W//2, 12).permute(0,3,1,2)
                band2 = band2.permute(0,3,4,1,2,5).reshape(batch_size, H//4, W//4, 12).permute(0,3,1,2)

                # wavelet bands of the output
                lowband_hat, highs_hat = dtcwt(sr_y.float())
                lowband0_hat, band1_hat, band2_hat = lowband_hat[0], highs_hat[0], highs_hat[1]
                band1_hat = band1_hat.permute(0,3,4,1,2,5).reshape(batch_size, H//2, W//2, 12).permute(0,3,1,2)
                band2_hat = band2_hat.permute(0,3,4,1,2,5).reshape(batch_size, H//4, W//4, 12).permute(0,3,1,2)

                # objective
                objective = wavelet_mse(hi_y.float(), sr_y.float(), lowband0, lowband0_hat, band1, band1_hat, band2, band2_hat)

            # scaled backward and step
            grad_scaler.scale(objective).backward()
            grad_scaler.step(adam)
            grad_scaler.update()
            
            # running loss
            loss_sum += objective.item()

            # running psnr
            psnr_sum += psnr_of(hi_y, sr_y, max_value=255.0)

            # progress bar text
            avg_loss_tr, avg_psnr_tr = loss_sum/(i+1), psnr_sum/(i+1)
            bar.set_description(f'ep {ep+1}/{epochs}')
            bar.set_postfix(Loss=f'{avg_loss_tr:.4f}', PSNR=f'{avg_psnr_tr:.4f}')

            # release cached blocks now and then
            if i % 10 == 0:
                torch.cuda.empty_cache()
        #================= batches done =================#
        # one-cycle schedule
        lr_sched.step()

        if (ep+1) % 1 == 0:
            avg_loss_va,avg_psnr_va=evaluate(net, dl_val, write_images=False, out_img_dir=out_img_dir, cfg=cfg)

        # epoch clock stop
            t_ep_end = time.time()

        # append to the text log
            with open(log_file, 'a') as f:
                f.write(f"ep {ep+1}/{epochs} | train loss {avg_loss_tr:.4f} psnr {avg_psnr_tr:.4f} | val loss {avg_loss_va:.4f} psnr {avg_psnr_va:.4f} | {t_ep_end - t_ep:.2f} s\n")
            history.append([avg_loss_tr, avg_psnr_tr, avg_loss_va, avg_psnr_va])

        # checkpoint contents
            rng_snap = {
                'python_random': random.getstate(),
                'numpy_random': np.random.get_state(),
                'torch_cpu': torch.get_rng_state(),
                'torch_cuda': torch.cuda.get_rng_state() if torch.cuda.is_available() else None,
            }

            bundle={
                'epoch': ep+1,
                'epochs': epochs,
                'opt': cfg,
                'optimizer_state_dict': adam.state_dict(),
                'model_state_dict': net.state_dict(),
                'scheduler_state_dict': lr_sched.state_dict(),
                'scaler_state_dict': grad_scaler.state_dict(), 
                'rng_state': rng_snap, 
                'best_psnr': top_psnr, 
                'result': history 
            }

        # stop on NaN or inf
            if torch.isnan(avg_loss_va.clone().detach()) or torch.isnan(avg_psnr_va.clone().detach()) or avg_psnr_va == float('inf') or avg_psnr_va == float('-inf') or avg_loss_va == float('inf') or avg_loss_va == float('-inf'):
                print('non-finite validation loss or PSNR: no checkpoint written, training stops')
                ep = epochs
                break
            else:
                torch.save(bundle, last_ckpt)
                if avg_psnr_va > top_psnr:
                    print(f"epoch {ep+1}: PSNR improved {top_psnr:.4f} -> {avg_psnr_va:.4f}, best checkpoint updated")
                    top_psnr = avg_psnr_va 
                    torch.save(bundle, best_ckpt)
                else:
                     print(f"epoch {ep+1}: PSNR {avg_psnr_va:.4f}, best still {top_psnr:.4f}")

        if (ep+1) % 5 == 0:
            # plot the curves
            with torch.no_grad():
                hist_t = torch.tensor(history)
                plt.figure(figsize=(12, 6))
                plt.subplot(1, 2, 1)
                plt.plot(hist_t[:, 0], label='loss (train)')
                plt.plot(hist_t[:, 2], label='loss (val)')
                plt.legend()
                plt.subplot(1, 2, 2)
                plt.plot(hist_t[:, 1], label='PSNR (train)')
                plt.plot(hist_t[:, 3], label='PSNR (val)')
                plt.legend()
                plt.savefig(os.path.join(save_dir, 'result.png'))
                plt.close()
            
    # reload the best checkpoint and test it
    bundle = torch.load(best_ckpt, weights_only=False)
    net.load_state_dict(bundle['model_state_dict'])
    adam.load_state_dict(bundle['optimizer_state_dict'])
        
    # wall clock stop
    t_end = time.time()

    # final test
    avg_loss, avg_psnr = evaluate(net, dl_test, write_images=True, out_img_dir=out_img_dir, cfg=cfg)
    print(f'done: test loss {avg_loss:.4f}, test PSNR {avg_psnr:.4f}, outputs in {save_dir}')
    print(f'wall time {t_end - t_begin:.2f} s')

    # log the total time
    with open(log_file, 'a') as f:
        f.write(f"total wall time {t_end - t_begin:.2f} s\n")
    #================== training done ==================#

def evaluate(net, dl_test, write_images=False, out_img_dir='images', cfg=None):
    device = torch.device(cfg.device)

    # dual-tree wavelet transform
    dtcwt=DTCWTForward(J=2, biort=cfg.biort, qshift=cfg.qshift, include_scale=[True, False]).to(device)

    net.eval()

    loss_sum = 0.0
    psnr_sum = 0.0

    if not write_images:
        bar = tqdm.tqdm(dl_test, desc='eval', total=len(dl_test))
    else:
        bar = tqdm.tqdm(dl_test, desc='final eval, writing images', total=len(dl_test))
    with torch.no_grad():
        for step,(lo_y, lo_cr, lo_cb, hi_y, _, _, names) in enumerate(bar):
            # to the device
            lo_y, hi_y = lo_y.to(device), hi_y.to(device)
            lo_cr, lo_cb = lo_cr.to(device), lo_cb.to(device)
            
            # forward pass
            with autocast(device_type='cuda' if torch.cuda.is_available() else 'cpu', enabled=False):
                sr_y = net(lo_y.float())
                
                # wavelet bands of the target
                batch_size, _, H, W = hi_y.shape
                lowband, highs = dtcwt(hi_y.float())
                lowband0, band1, band2 = lowband[0], highs[0], highs[1]
                band1 = band1.permute(0,3,4,1,2,5).reshape(batch_size, H//2, W//2, 12).permute(0,3,1,2)
                band2 = band2.permute(0,3,4,1,2,5).reshape(batch_size, H//4, W//4, 12).permute(0,3,1,2)

                # wavelet bands of the output
                lowband_hat, highs_hat = dtcwt(sr_y.float())
                lowband0_hat, band1_hat, band2_hat = lowband_hat[0], highs_hat[0], highs_hat[1]
                band1_hat = band1_hat.permute(0,3,4,1,2,5).reshape(batch_size, H//2, W//2, 12).permute(0,3,1,2)
                band2_hat = band2_hat.permute(0,3,4,1,2,5).reshape(batch_size, H//4, W//4, 12).permute(0,3,1,2)

                # objective
                objective = wavelet_mse(hi_y.float(), sr_y.float(), lowband0, lowband0_hat, band1, band1_hat, band2, band2_hat)

            # accumulate loss and psnr
            loss_sum += objective
            psnr_sum += psnr_of(hi_y, sr_y, max_value=255.0)
            
            # progress bar text
            avg_loss, avg_psnr = loss_sum/(step+1), psnr_sum/(step+1)
            bar.set_postfix(Loss=f'{avg_loss:.4f}', PSNR=f'{avg_psnr:.4f}')

            # write outputs
            if write_images:
                os.makedirs(out_img_dir, exist_ok=True)

                if isinstance(sr_y, list):
                    sr_y = torch.cat(sr_y, dim=0)
                
                for i in range(sr_y.shape[0]):
                    # upsample the chroma planes to the output size
                    _, _, oh, ow = sr_y[i:i+1].shape
                    sr_cr = nn.functional.interpolate(lo_cr[i:i+1], size=(oh, ow), 
                                                     mode='bicubic', align_corners=False)
                    sr_cb = nn.functional.interpolate(lo_cb[i:i+1], size=(oh, ow),
                                                     mode='bicubic', align_corners=False)
                    
                    # stack Y, Cr, Cb
                    sr = torch.cat((sr_y[i:i+1], sr_cr, sr_cb), dim=1).detach().cpu().numpy()
                    
                    # to BGR uint8 and save
                    frame = sr[0]  # drop the batch axis
                    frame = np.transpose(frame, (1, 2, 0)) 
                    frame = np.clip(frame, 0, 255).astype(np.uint8)
                    frame = cv2.cvtColor(frame, cv2.COLOR_YCrCb2BGR)
                    cv2.imwrite(os.path.join(out_img_dir, names[i]), frame)

    return avg_loss, avg_psnr
    
def read_args(partial=False):
    ap = argparse.ArgumentParser()
    ap.add_argument('--dataset', type=str, default='data')
    ap.add_argument('--batch_size', type=int, default=1)
    ap.add_argument('--epochs', type=int, default=1)
    ap.add_argument('--save_dir', type=str, default='runs')
    ap.add_argument('--weight', type=str, default='weights/sr_dtcwt.pt')
    ap.add_argument('--biort', type=str, default='near_sym_b')
    ap.add_argument('--qshift', type=str, default='qshift_b')
    ap.add_argument('--device', type=str, default='cuda')
    ap.add_argument('--num_workers', type=int, default=8)
    ap.add_argument('--pre_load', type=str, default='False', choices=['True', 'False'])
    ap.add_argument('--block_size', type=int, default=64)
    ap.add_argument('--scale_factor', type=int, default=2)
    ap.add_argument('--seed', type=int, default=42)
    ap.add_argument('--early_stop', type=int, default=30)
    return ap.parse_known_args()[0] if partial else ap.parse_args()

def entry(cfg):
    # run from the script folder
    os.chdir(os.path.dirname(os.path.abspath(__file__)))

    # string flag to bool
    cfg.pre_load = (cfg.pre_load == 'True')

    # go
    os.environ["PYTORCH_CUDA_ALLOC_CONF"] = "expandable_segments:True"
    run_training(cfg)

if __name__ == '__main__':
    cfg=read_args()
    entry(cfg)