import random
from random import sample
import argparse
import numpy as np
import os
import pickle
from tqdm import tqdm
from collections import OrderedDict
from sklearn.metrics import roc_auc_score
from sklearn.metrics import roc_curve
from sklearn.metrics import precision_recall_curve
from sklearn.covariance import LedoitWolf
from scipy.spatial.distance import mahalanobis
from scipy.ndimage import gaussian_filter
from skimage import morphology
from skimage.segmentation import mark_boundaries
import matplotlib.pyplot as plt
import matplotlib

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision.models import wide_resnet50_2, resnet18
import datasets.mvtec as mvtec


# pick the device
have_gpu = torch.cuda.is_available()
dev = torch.device('cuda' if have_gpu else 'cpu')


def get_opts():
    p = argparse.ArgumentParser('patch-gaussian')
    p.add_argument('--data_path', type=str, default='/data/mvtec_ad')
    p.add_argument('--save_path', type=str, default='./padim_out')
    p.add_argument('--arch', type=str, choices=['resnet18', 'wide_resnet50_2'], default='wide_resnet50_2')
    return p.parse_args()


def main():

    opts = get_opts()

    # backbone
    if opts.arch == 'resnet18':
        backbone = resnet18(pretrained=True, progress=True)
        full_dim = 448
        keep_dim = 100
    elif opts.arch == 'wide_resnet50_2':
        backbone = wide_resnet50_2(pretrained=True, progress=True)
        full_dim = 1792
        keep_dim = 550
    backbone.to(dev)
    backbone.eval()
    random.seed(1024)
    torch.manual_seed(1024)
    if have_gpu:
        torch.cuda.manual_seed_all(1024)

    chan_idx = torch.tensor(sample(range(0, full_dim), keep_dim))

    # captured feature maps
    captured = []

    def grab(module, inp, out):
        captured.append(out)

    backbone.layer1[-1].register_forward_hook(grab)
    backbone.layer2[-1].register_forward_hook(grab)
    backbone.layer3[-1].register_forward_hook(grab)

    os.makedirs(os.path.join(opts.save_path, 'cache_%s' % opts.arch), exist_ok=True)
    fig, axes = plt.subplots(1, 2, figsize=(20, 10))
    ax_img_auc = axes[0]
    ax_pix_auc = axes[1]

    img_aucs = []
    pix_aucs = []

    for cat in mvtec.CATEGORIES:

        tr_ds = mvtec.MVTecAD(opts.data_path, category=cat, train=True)
        tr_dl = DataLoader(tr_ds, batch_size=32, pin_memory=True)
        te_ds = mvtec.MVTecAD(opts.data_path, category=cat, train=False)
        te_dl = DataLoader(te_ds, batch_size=32, pin_memory=True)

        tr_feats = OrderedDict([('layer1', []), ('layer2', []), ('layer3', [])])
        te_feats = OrderedDict([('layer1', []), ('layer2', []), ('layer3', [])])

        # features of the defect-free training images
        cache_file = os.path.join(opts.save_path, 'cache_%s' % opts.arch, 'train_%s.pkl' % cat)
        if not os.path.exists(cache_file):
            for (img, _, _) in tqdm(tr_dl, 'features | train | %s' % cat):
                # forward only for the hooks
                with torch.no_grad():
                    _ = backbone(img.to(dev))
                # collect hooked maps
                for name, fmap in zip(tr_feats.keys(), captured):
                    tr_feats[name].append(fmap.cpu().detach())
                # reset the hook buffer
                captured = []
            for name, fmap in tr_feats.items():
                tr_feats[name] = torch.cat(fmap, 0)

            # stack the three scales
            emb = tr_feats['layer1']
            for name in ['layer2', 'layer3']:
                emb = stack_scales(emb, tr_feats[name])

            # random channel subset
            emb = torch.index_select(emb, 1, chan_idx)
            # Gaussian per patch position
            N, C, H, W = emb.size()
            emb = emb.view(N, C, H * W)
            mu = torch.mean(emb, dim=0).numpy()
            sigma = torch.zeros(C, C, H * W).numpy()
            eye = np.identity(C)
            for pos in range(H * W):
                # sigma[:, :, pos] = LedoitWolf().fit(emb[:, :, pos].numpy()).covariance_
                sigma[:, :, pos] = np.cov(emb[:, :, pos].numpy(), rowvar=False) + 0.01 * eye
            # keep the fitted Gaussians
            tr_feats = [mu, sigma]
            with open(cache_file, 'wb') as fh:
                pickle.dump(tr_feats, fh)
        else:
            print('reading cached train statistics: %s' % cache_file)
            with open(cache_file, 'rb') as fh:
                tr_feats = pickle.load(fh)

        labels_all = []
        masks_all = []
        imgs_all = []

        # features of the test images
        for (img, lab, msk) in tqdm(te_dl, 'features | test | %s' % cat):
            imgs_all.extend(img.cpu().detach().numpy())
            labels_all.extend(lab.cpu().detach().numpy())
            masks_all.extend(msk.cpu().detach().numpy())
            # forward only for the hooks
            with torch.no_grad():
                _ = backbone(img.to(dev))
            # collect hooked maps
            for name, fmap in zip(te_feats.keys(), captured):
                te_feats[name].append(fmap.cpu().detach())
            # reset the hook buffer
            captured = []
        for name, fmap in te_feats.items():
            te_feats[name] = torch.cat(fmap, 0)
        
        # stack the three scales
        emb = te_feats['layer1']
        for name in ['layer2', 'layer3']:
            emb = stack_scales(emb, te_feats[name])

        # same channel subset
        emb = torch.index_select(emb, 1, chan_idx)
        
        # Mahalanobis distance per position
        N, C, H, W = emb.size()
        emb = emb.view(N, C, H * W).numpy()
        dists = []
        for pos in range(H * W):
            mu = tr_feats[0][:, pos]
            prec = np.linalg.inv(tr_feats[1][:, :, pos])
            d = [mahalanobis(s[:, pos], mu, prec) for s in emb]
            dists.append(d)

        dists = np.array(dists).transpose(1, 0).reshape(N, H, W)

        # to image resolution
        dists = torch.tensor(dists)
        heat = F.interpolate(dists.unsqueeze(1), size=img.size(2), mode='bilinear',
                                  align_corners=False).squeeze().numpy()
        
        # smooth every map
        for j in range(heat.shape[0]):
            heat[j] = gaussian_filter(heat[j], sigma=4)
        
        # scale to [0, 1]
        hi = heat.max()
        lo = heat.min()
        norm_heat = (heat - lo) / (hi - lo)
        
        # image-level AUROC
        per_img = norm_heat.reshape(norm_heat.shape[0], -1).max(axis=1)
        labels_all = np.asarray(labels_all)
        fpr, tpr, _ = roc_curve(labels_all, per_img)
        auc_img = roc_auc_score(labels_all, per_img)
        img_aucs.append(auc_img)
        print('image AUROC: %.3f' % (auc_img))
        ax_img_auc.plot(fpr, tpr, label='%s image AUROC: %.3f' % (cat, auc_img))
        
        # threshold by best F1
        gt = np.asarray(masks_all)
        p_, r_, ths = precision_recall_curve(gt.flatten(), norm_heat.flatten())
        num = 2 * p_ * r_
        den = p_ + r_
        f1 = np.divide(num, den, out=np.zeros_like(num), where=den != 0)
        th = ths[np.argmax(f1)]

        # pixel-level AUROC
        fpr, tpr, _ = roc_curve(gt.flatten(), norm_heat.flatten())
        auc_pix = roc_auc_score(gt.flatten(), norm_heat.flatten())
        pix_aucs.append(auc_pix)
        print('pixel AUROC: %.3f' % (auc_pix))

        ax_pix_auc.plot(fpr, tpr, label='%s AUROC: %.3f' % (cat, auc_pix))
        out_dir = opts.save_path + '/' + f'figs_{opts.arch}'
        os.makedirs(out_dir, exist_ok=True)
        draw(imgs_all, norm_heat, masks_all, th, out_dir, cat)

    print('Mean image AUROC: %.3f' % np.mean(img_aucs))
    ax_img_auc.title.set_text('Mean image AUROC: %.3f' % np.mean(img_aucs))
    ax_img_auc.legend(loc="lower right")

    print('Mean pixel AUROC: %.3f' % np.mean(pix_aucs))
    ax_pix_auc.title.set_text('Mean pixel AUROC: %.3f' % np.mean(pix_aucs))
    ax_pix_auc.legend(loc="lower right")

    fig.tight_layout()
    fig.savefig(os.path.join(opts.save_path, 'auroc.png'), dpi=100)


def draw(imgs, heat, gts, th, out_dir, cat):
    n = len(heat)
    vmax = heat.max() * 255.
    vmin = heat.min() * 255.
    for j in range(n):
        im = imgs[j]
        im = unnormalize(im)
        g = gts[j].transpose(1, 2, 0).squeeze()
        hm = heat[j] * 255
        m = heat[j]
        m[m > th] = 1
        m[m <= th] = 0
        disk = morphology.disk(4)
        m = morphology.opening(m, disk)
        m *= 255
        overlay = mark_boundaries(im, m, color=(1, 0, 0), mode='thick')
        f_, ax_ = plt.subplots(1, 5, figsize=(12, 3))
        f_.subplots_adjust(right=0.9)
        nrm = matplotlib.colors.Normalize(vmin=vmin, vmax=vmax)
        for a in ax_:
            a.axes.xaxis.set_visible(False)
            a.axes.yaxis.set_visible(False)
        ax_[0].imshow(im)
        ax_[0].title.set_text('Input')
        ax_[1].imshow(g, cmap='gray')
        ax_[1].title.set_text('Mask')
        hmap = ax_[2].imshow(hm, cmap='jet', norm=nrm)
        ax_[2].imshow(im, cmap='gray', interpolation='none')
        ax_[2].imshow(hm, cmap='jet', alpha=0.5, interpolation='none')
        ax_[2].title.set_text('Heat map')
        ax_[3].imshow(m, cmap='gray')
        ax_[3].title.set_text('Predicted region')
        ax_[4].imshow(overlay)
        ax_[4].title.set_text('Outline')
        x0 = 0.92
        y0 = 0.15
        w = 0.015
        h = 1 - 2 * y0
        box = [x0, y0, w, h]
        cax = f_.add_axes(box)
        cb = plt.colorbar(hmap, shrink=0.6, cax=cax, fraction=0.046)
        cb.ax.tick_params(labelsize=8)
        fnt = {
            'family': 'serif',
            'color': 'black',
            'weight': 'normal',
            'size': 8,
        }
        cb.set_label('Score', fontdict=fnt)

        f_.savefig(os.path.join(out_dir, cat + '_{}'.format(j)), dpi=100)
        plt.close()


def unnormalize(t):
    m = np.array([0.485, 0.456, 0.406])
    s = np.array([0.229, 0.224, 0.225])
    t = (((t.transpose(1, 2, 0) * s) + m) * 255.).astype(np.uint8)
    
    return t


def stack_scales(a, b):
    N, C1, H1, W1 = a.size()
    _, C2, H2, W2 = b.size()
    k = int(H1 / H2)
    a = F.unfold(a, kernel_size=k, dilation=1, stride=k)
    a = a.view(N, C1, -1, H2, W2)
    out = torch.zeros(N, C1 + C2, a.size(2), H2, W2)
    for j in range(a.size(2)):
        out[:, :, j, :, :] = torch.cat((a[:, :, j, :, :], b), 1)
    out = out.view(N, -1, H2 * W2)
    out = F.fold(out, kernel_size=k, output_size=(H1, W1), stride=k)

    return out


if __name__ == '__main__':
    main()
