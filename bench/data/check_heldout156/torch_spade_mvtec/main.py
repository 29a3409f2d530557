import argparse
import numpy as np
import os
import pickle
from tqdm import tqdm
from collections import OrderedDict
from sklearn.metrics import roc_auc_score
from sklearn.metrics import roc_curve
from sklearn.metrics import precision_recall_curve
from scipy.ndimage import gaussian_filter
import matplotlib.pyplot as plt

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision.models import wide_resnet50_2

import datasets.mvtec as mvtec


def get_opts():
    p = argparse.ArgumentParser('knn-patch')
    p.add_argument("--top_k", type=int, default=5)
    p.add_argument("--save_path", type=str, default="./spade_out")
    return p.parse_args()


def main():

    opts = get_opts()

    # pick the device
    dev = 'cuda' if torch.cuda.is_available() else 'cpu'

    # backbone
    backbone = wide_resnet50_2(pretrained=True, progress=True)
    backbone.to(dev)
    backbone.eval()

    # captured feature maps
    captured = []
    def grab(module, inp, out):
        captured.append(out)
    backbone.layer1[-1].register_forward_hook(grab)
    backbone.layer2[-1].register_forward_hook(grab)
    backbone.layer3[-1].register_forward_hook(grab)
    backbone.avgpool.register_forward_hook(grab)

    os.makedirs(os.path.join(opts.save_path, 'cache'), exist_ok=True)

    fig, axes = plt.subplots(1, 2, figsize=(20, 10))
    ax_img_auc = axes[0]
    ax_pix_auc = axes[1]

    img_aucs = []
    pix_aucs = []

    for cat in mvtec.CATEGORIES:

        tr_ds = mvtec.MVTecAD(category=cat, train=True)
        tr_dl = DataLoader(tr_ds, batch_size=32, pin_memory=True)
        te_ds = mvtec.MVTecAD(category=cat, train=False)
        te_dl = DataLoader(te_ds, batch_size=32, pin_memory=True)

        tr_feats = OrderedDict([('layer1', []), ('layer2', []), ('layer3', []), ('avgpool', [])])
        te_feats = OrderedDict([('layer1', []), ('layer2', []), ('layer3', []), ('avgpool', [])])

        # features of the defect-free training images
        cache_file = os.path.join(opts.save_path, 'cache', 'train_%s.pkl' % cat)
        if not os.path.exists(cache_file):
            for (img, lab, msk) in tqdm(tr_dl, 'features | train | %s' % cat):
                # forward only for the hooks
                with torch.no_grad():
                    out = backbone(img.to(dev))
                # collect hooked maps
                for name, fmap in zip(tr_feats.keys(), captured):
                    tr_feats[name].append(fmap)
                # reset the hook buffer
                captured = []
            for name, fmap in tr_feats.items():
                tr_feats[name] = torch.cat(fmap, 0)
            # cache the features
            with open(cache_file, 'wb') as fh:
                pickle.dump(tr_feats, fh)
        else:
            print('reading cached train features: %s' % cache_file)
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
                out = backbone(img.to(dev))
            # collect hooked maps
            for name, fmap in zip(te_feats.keys(), captured):
                te_feats[name].append(fmap)
            # reset the hook buffer
            captured = []
        for name, fmap in te_feats.items():
            te_feats[name] = torch.cat(fmap, 0)

        # image-to-image distances on pooled features
        dmat = pairwise_l2(torch.flatten(te_feats['avgpool'], 1),
                                       torch.flatten(tr_feats['avgpool'], 1))

        # mean over the k closest training images
        knn_d, knn_i = torch.topk(dmat, k=opts.top_k, dim=1, largest=False)
        img_score = torch.mean(knn_d, 1).cpu().detach().numpy()

        # image-level AUROC
        fpr, tpr, _ = roc_curve(labels_all, img_score)
        auc_img = roc_auc_score(labels_all, img_score)
        img_aucs.append(auc_img)
        print('%s AUROC: %.3f' % (cat, auc_img))
        ax_img_auc.plot(fpr, tpr, label='%s AUROC: %.3f' % (cat, auc_img))

        heat_all = []
        for q in tqdm(range(te_feats['avgpool'].shape[0]), 'localise | test | %s' % cat):
            per_layer = []
            for name in ['layer1', 'layer2', 'layer3']:  # every scale

                # pool of patch features from the k neighbours
                nbr_maps = tr_feats[name][knn_i[q]]
                q_map = te_feats[name][q:q + 1]
                pool = nbr_maps.transpose(3, 1).flatten(0, 2).unsqueeze(-1).unsqueeze(-1)

                # distances in chunks of 100
                chunks = []
                for c in range(pool.shape[0] // 100):
                    dmat = torch.pairwise_distance(pool[c * 100:c * 100 + 100], q_map)
                    chunks.append(dmat)
                dmat = torch.cat(chunks, 0)

                # nearest patch (k=1)
                hm = torch.min(dmat, dim=0)[0]
                hm = F.interpolate(hm.unsqueeze(0).unsqueeze(0), size=224,
                                          mode='bilinear', align_corners=False)
                per_layer.append(hm)

            # average over scales
            hm = torch.mean(torch.cat(per_layer, 0), dim=0)

            # smooth
            hm = gaussian_filter(hm.squeeze().cpu().detach().numpy(), sigma=4)
            heat_all.append(hm)

        gt_flat = np.concatenate(masks_all).ravel()
        heat_flat = np.concatenate(heat_all).ravel()

        # pixel-level AUROC
        fpr, tpr, _ = roc_curve(gt_flat, heat_flat)
        auc_pix = roc_auc_score(gt_flat, heat_flat)
        pix_aucs.append(auc_pix)
        print('%s pixel AUROC: %.3f' % (cat, auc_pix))
        ax_pix_auc.plot(fpr, tpr, label='%s AUROC: %.3f' % (cat, auc_pix))

        # threshold by best F1
        p_, r_, ths = precision_recall_curve(gt_flat, heat_flat)
        num = 2 * p_ * r_
        den = p_ + r_
        f1 = np.divide(num, den, out=np.zeros_like(num), where=den != 0)
        th = ths[np.argmax(f1)]

        # draw a few results
        show_results(imgs_all, masks_all, heat_all, th, opts.save_path, cat, n_show=5)

    print('Mean AUROC: %.3f' % np.mean(img_aucs))
    ax_img_auc.title.set_text('Mean image AUROC: %.3f' % np.mean(img_aucs))
    ax_img_auc.legend(loc="lower right")

    print('Mean pixel AUROC: %.3f' % np.mean(pix_aucs))
    ax_pix_auc.title.set_text('Mean pixel AUROC: %.3f' % np.mean(pix_aucs))
    ax_pix_auc.legend(loc="lower right")

    fig.tight_layout()
    fig.savefig(os.path.join(opts.save_path, 'auroc.png'), dpi=100)


def pairwise_l2(a, b):
    """Euclidean distances between the rows of a and b"""
    n = a.size(0)
    m = b.size(0)
    d = a.size(1)
    a = a.unsqueeze(1).expand(n, m, d)
    b = b.unsqueeze(0).expand(n, m, d)
    dmat = torch.sqrt(torch.pow(a - b, 2).sum(2))
    return dmat


def show_results(imgs, gts, heats, th,
                         out_dir, cat, n_show=5):

    for q in range(n_show):
        im = imgs[q]
        im = unnormalize(im)
        g = gts[q].transpose(1, 2, 0).squeeze()
        pr = heats[q]
        pr[pr <= th] = 0
        pr[pr > th] = 1
        masked = im.copy()
        masked[pr == 0] = 0

        f_, ax_ = plt.subplots(1, 4, figsize=(12, 4))
        f_.subplots_adjust(left=0, right=1, bottom=0, top=1)

        for a in ax_:
            a.axes.xaxis.set_visible(False)
            a.axes.yaxis.set_visible(False)

        ax_[0].imshow(im)
        ax_[0].title.set_text('Input')
        ax_[1].imshow(g, cmap='gray')
        ax_[1].title.set_text('Mask')
        ax_[2].imshow(pr, cmap='gray')
        ax_[2].title.set_text('Predicted region')
        ax_[3].imshow(masked)
        ax_[3].title.set_text('Flagged pixels')

        os.makedirs(os.path.join(out_dir, 'images'), exist_ok=True)
        f_.savefig(os.path.join(out_dir, 'images', '%s_%03d.png' % (cat, q)), dpi=100)
        f_.clf()
        plt.close(f_)


def unnormalize(t):
    m = np.array([0.485, 0.456, 0.406])
    s = np.array([0.229, 0.224, 0.225])
    t = (((t.transpose(1, 2, 0) * s) + m) * 255.).astype(np.uint8)
    return t


if __name__ == '__main__':
    main()
