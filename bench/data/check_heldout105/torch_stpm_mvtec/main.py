import argparse
import os
import cv2
import numpy as np

import torch
import torch.optim
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision import transforms

from evaluate import evaluate
from sklearn.model_selection import train_test_split
from glob import glob

from models.teacher import ResNet18_MS3
from data.mvtec_dataset import MVTecDataset
from data.data_utils import load_ground_truth

from config.config import load_args, load_config

def run():
    defaults = load_config()
    opts = load_args()
    
    for name, val in defaults.items():
        if getattr(opts, name) is None:
            setattr(opts, name, val)
    
    np.random.seed(0)
    torch.manual_seed(0)
    
    prep = transforms.Compose([
        transforms.Resize([256, 256]),
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    ])

    if opts.split == 'train':
        all_paths = sorted(glob(os.path.join(opts.mvtec_ad, opts.category, 'train', 'good', '*.png')))
        fit_paths, hold_paths = train_test_split(all_paths, test_size=0.2, random_state=0)
        fit_set = MVTecDataset(fit_paths, transform=prep)
        fit_loader = DataLoader(fit_set, batch_size=opts.batch_size, shuffle=True, drop_last=False)
        hold_set = MVTecDataset(hold_paths, transform=prep)
        hold_loader = DataLoader(hold_set, batch_size=opts.batch_size, shuffle=False, drop_last=False)
    elif opts.split == 'test':
        ok_paths = sorted(glob(os.path.join(opts.mvtec_ad, opts.category, 'test', 'good', '*.png')))
        bad_paths = set(glob(os.path.join(opts.mvtec_ad, opts.category, 'test', '*', '*.png'))) - set(ok_paths)
        bad_paths = sorted(list(bad_paths))
        ok_set = MVTecDataset(ok_paths, transform=prep)
        bad_set = MVTecDataset(bad_paths, transform=prep)
        ok_loader = DataLoader(ok_set, batch_size=1, shuffle=False, drop_last=False)
        bad_loader = DataLoader(bad_set, batch_size=1, shuffle=False, drop_last=False)

    mentor = ResNet18_MS3(pretrained=True)
    pupil = ResNet18_MS3(pretrained=False)
    mentor.cuda()
    pupil.cuda()

    if opts.split == 'train':
        fit_and_check(mentor, pupil, fit_loader, hold_loader, opts)
    elif opts.split == 'test':
        ckpt = torch.load(opts.checkpoint)
        cat_name = opts.category
        masks = load_ground_truth(opts.mvtec_ad, cat_name)

        print('restored from ' + opts.checkpoint)
        pupil.load_state_dict(ckpt['state_dict'])

        bad_maps = score_maps(mentor, pupil, bad_loader)
        ok_maps = score_maps(mentor, pupil, ok_loader)

        maps_full = []
        for j in range(len(bad_maps)):
            up = cv2.resize(bad_maps[j], (256, 256))
            maps_full.append(up)
        for j in range(len(ok_maps)):
            up = cv2.resize(ok_maps[j], (256, 256))
            maps_full.append(up)

        maps_full = np.stack(maps_full)
        ok_masks = np.zeros((len(ok_maps), 256, 256), dtype=np.bool)
        pix_truth = np.concatenate((masks, ok_masks), 0)
        img_truth = np.concatenate((np.ones(bad_maps.shape[0], dtype=np.bool), np.zeros(ok_maps.shape[0], dtype=np.bool)), 0)        

        pro_val = evaluate(pix_truth, maps_full, metric='pro')
        pix_auc = evaluate(pix_truth.flatten(), maps_full.flatten(), metric='roc')
        img_auc = evaluate(img_truth, maps_full.max(-1).max(-1), metric='roc')
        print('Class: {:s}\tpixel AUROC: {:.6f}\timage AUROC: {:.6f}\tPRO: {:.6f}'.format(cat_name, pix_auc, img_auc, pro_val))
     


def score_maps(mentor, pupil, loader):
    """Produce one 64x64 anomaly map per image of the loader."""
    print("scoring...")
    mentor.eval()
    pupil.eval()
    # one map per image, filled batch by batch
    out_maps = np.zeros((len(loader.dataset), 64, 64))
    pos = 0 # write cursor into out_maps
    
    # walk the loader
    for item in loader:
        _, imgs = item # (path, tensor) pairs
        imgs = imgs.cuda() # onto the device

        # both nets, no autograd      
        with torch.no_grad():
            feats_m = mentor(imgs)
            feats_p = pupil(imgs)
        combined = 1.
        
        # distance per pyramid level, resized and multiplied together
        for lvl in range(len(feats_m)):
            # unit-length features along channels
            feats_m[lvl] = F.normalize(feats_m[lvl], dim=1)
            feats_p[lvl] = F.normalize(feats_p[lvl], dim=1)
            # squared distance per pixel
            dist = torch.sum((feats_m[lvl] - feats_p[lvl]) ** 2, 1, keepdim=True)
            # bring every level to 64x64
            dist = F.interpolate(dist, size=(64, 64), mode='bilinear', align_corners=False)
            # product over levels
            combined = combined * dist
        
        # copy the batch's maps to host
        # into their slot of out_maps
        out_maps[pos: pos + imgs.size(0)] = combined.squeeze().cpu().data.numpy()
        # move the cursor
        pos += imgs.size(0)
    
    print("scoring done.")    
    # (N, 64, 64) maps, larger means more anomalous
    return out_maps
    

def fit_and_check(mentor, pupil, fit_loader, hold_loader, opts):
    print("fitting...")
    best_err = 10000 # lowest validation error seen
    mentor.eval()  # the mentor stays fixed
    pupil.train() # the pupil learns
    
    # plain SGD on the pupil only
    opt = torch.optim.SGD(pupil.parameters(), 0.4, momentum=0.9, weight_decay=1e-4)
    # epochs
    for ep in range(opts.epochs):
        pupil.train()
        loss_sum = 0.0
        n_steps = 0
        
        # batches
        for item in fit_loader:
            _, imgs = item
            imgs = imgs.cuda()

            # mentor targets without autograd
            with torch.no_grad():
                # target features
                feats_m = mentor(imgs) # frozen features
            feats_p = pupil(imgs)     # trainable features

            total =  0
            for lvl in range(len(feats_m)):
                # unit-length features on both sides
                feats_m[lvl] = F.normalize(feats_m[lvl], dim=1)
                feats_p[lvl] = F.normalize(feats_p[lvl], dim=1)
                # mean squared distance, summed over the levels
                total += torch.sum((feats_m[lvl] - feats_p[lvl]) ** 2, 1).mean()

            print('[%d/%d] objective: %f' % (ep, opts.epochs, total.item()))
            opt.zero_grad()
            total.backward()
            opt.step()
            loss_sum += total.item()
            n_steps += 1
        
        mean_loss = loss_sum / n_steps
        print(f'epoch {ep+1}/{opts.epochs} mean objective {mean_loss:.6f}')

        # validation maps
        val_err = score_maps(mentor, pupil, hold_loader).mean()
        print('validation error: {:.7f}'.format(val_err.item()))
        if val_err < best_err:
            best_err = val_err
            out_file = os.path.join(opts.model_save_path, opts.category, 'best.pth.tar')
            out_dir = os.path.dirname(out_file)
            if out_dir and not os.path.exists(out_dir):
                os.makedirs(out_dir)
            blob = {
                'category': opts.category,
                'state_dict': pupil.state_dict()
            }
            torch.save(blob, out_file)
    print("fitting done.")
    
if __name__ == "__main__":
    run()
