# extract_features.py
# ------------------------------------------------------------
# Pipeline step 4: run a pretrained ResNet-18 over the CIFAR-10
# subsets and keep its 512-d pooled features.
# ------------------------------------------------------------

import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torchvision import models
import numpy as np
from .cifar_subsets import cifar_subsets
import os


# ------------------------------------------------------------
# runs the backbone batch by batch and keeps pooled features
# ------------------------------------------------------------
def pooled_features(backbone, loader, device):
    feats, targets = [], []

    backbone.eval()  # inference behaviour for batch norm
    with torch.no_grad():
        for xb, yb in loader:
            xb = xb.to(device)
            out = backbone(xb)          # (B, 512, 1, 1)
            out = out.squeeze()         # -> (B, 512)
            feats.append(out.cpu().numpy())
            targets.append(yb.numpy())

    # join the batches
    X = np.concatenate(feats, axis=0)
    y = np.concatenate(targets, axis=0)
    return X, y


# ------------------------------------------------------------
# entry point
# ------------------------------------------------------------
def main():
    # 1. class-balanced CIFAR-10 subsets
    print("building CIFAR-10 subsets...")
    fit_part, eval_part = cifar_subsets()
    fit_loader = DataLoader(fit_part, batch_size=64, shuffle=False)
    eval_loader  = DataLoader(eval_part,  batch_size=64, shuffle=False)

    # 2. pretrained ResNet-18 without its classifier
    print("loading ResNet-18 weights...")
    resnet = models.resnet18(weights=models.ResNet18_Weights.IMAGENET1K_V1)

    # no training here, so no gradients needed
    for p in resnet.parameters():
        p.requires_grad = False

    # everything but the final fc layer
    backbone = nn.Sequential(*list(resnet.children())[:-1])

    # 3. device
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    backbone.to(device)
    print(f"device: {device}")

    # 4. features of both subsets
    print("features of the fit subset...")
    X_fit, y_fit = pooled_features(backbone, fit_loader, device)
    print("features of the eval subset...")
    X_eval, y_eval   = pooled_features(backbone, eval_loader, device)

    # 5. write them out
    os.makedirs("./data/features", exist_ok=True)
    np.savez("./data/features/cifar10_resnet18_feats.npz",
             X_train=X_fit, y_train=y_fit,
             X_test=X_eval,  y_test=y_eval)
    print("written: cifar10_resnet18_feats.npz")
    print(f"fit features: {X_fit.shape}")
    print(f"eval features: {X_eval.shape}")


if __name__ == "__main__":
    main()
