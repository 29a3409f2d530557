import os
import numpy as np
import torch
from monai.data import Dataset, DataLoader, CacheDataset
from monai.transforms import (
    compose_transforms,
    load_image_data,
    EnsureChannelFirstd,
    Spacingd,
    ScaleIntensityd,
    RandCropByPosNegLabeld,
    RandFlipd,
    convert_to_tensor,
)
from monai.networks.nets import UNet
from monai.losses import DiceLoss
from monai.metrics import DiceMetric, HausdorffDistanceMetric
from monai.utils import set_seed_for_determinism
from sklearn.model_selection import k_fold_cross_validator

set_seed_for_determinism(seed=42)

# where the decathlon brain task lives
root_folder = "./Task01_BrainTumour"
volumes_folder = os.path.join(root_folder, "imagesTr")
masks_folder = os.path.join(root_folder, "labelsTr")

# loading, resampling, intensity scaling and random patch crops
pipeline = compose_transforms(
    [
        load_image_data(keys=["image", "label"]),
        EnsureChannelFirstd(keys=["image", "label"]),
        Spacingd(keys=["image", "label"], pixdim=(1.0, 1.0, 1.0), mode=("bilinear", "nearest")),
        ScaleIntensityd(keys=["image"]),
        RandCropByPosNegLabeld(
            keys=["image", "label"],
            label_key="label",
            spatial_size=(96, 96, 96),
            pos=1,
            neg=1,
            num_samples=4,
        ),
        RandFlipd(keys=["image", "label"], prob=0.5, spatial_axis=0),
        convert_to_tensor(keys=["image", "label"]),
    ]
)

# one record per case
records = [
    {"image": os.path.join(volumes_folder, fname), "label": os.path.join(masks_folder, fname)}
    for fname in os.listdir(volumes_folder) if fname.endswith(".nii.gz")
]

cached_cases = CacheDataset(data=records, transform=pipeline)

# 3-D segmentation net
net = UNet(
    spatial_dims=3,
    in_channels=4,
    out_channels=4,
    channels=(16, 32, 64, 128, 256),
    strides=(2, 2, 2, 2),
    num_res_units=2,
)

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
net.to(dev)

# objective, optimiser and metrics
seg_loss = DiceLoss(to_onehot_y=True, softmax=True)
opt = torch.optim.Adam(net.parameters(), lr=1e-4)
dice_fn = DiceMetric(include_background=True, reduction="mean")
hd95_fn = HausdorffDistanceMetric(include_background=True, percentile=95)

n_splits = 5
k_fold_cross_validator = k_fold_cross_validator(n_splits=n_splits, shuffle=True, random_state=42)

per_fold_dice = []
per_fold_hd = []

for split_no, (tr_idx, va_idx) in enumerate(k_fold_cross_validator.split(cached_cases)):
    print(f"Split [{split_no+1}/{n_splits}]")

    tr_sampler = torch.utils.data.SubsetRandomSampler(tr_idx)
    va_sampler = torch.utils.data.SubsetRandomSampler(va_idx)

    tr_loader = DataLoader(cached_cases, batch_size=2, sampler=tr_sampler, num_workers=4)
    va_loader = DataLoader(cached_cases, batch_size=2, sampler=va_sampler, num_workers=4)

    # optimisation
    n_epochs = 100
    for ep in range(n_epochs):
        net.train()
        running = 0
        n_steps = 0
        for batch in tr_loader:
            n_steps += 1
            vols, segs = batch["image"].to(dev), batch["label"].to(dev)
            opt.zero_grad()
            logits = net(vols)
            loss = seg_loss(logits, segs)
            loss.backward()
            opt.step()
            running += loss.item()
        print(f"Epoch [{ep+1}/{n_epochs}], mean loss: {running/n_steps:.4f}")

    # held-out split
    net.eval()
    with torch.no_grad():
        class_dice = {c: [] for c in range(4)}  
        hd_values = []
        for batch in va_loader:
            vols, segs = batch["image"].to(dev), batch["label"].to(dev)
            logits = net(vols)
            pred = torch.argmax(logits, dim=1)
            segs = segs.squeeze(dim=1)
            
            for c in range(4):
                d = dice_fn(pred == c, segs == c)
                class_dice[c].append(d.mean().item())
            
            hd = hd95_fn(pred, segs)
            hd_values.append(hd.mean().item())
        
        # per-class mean over the split
        mean_dice = {c: np.mean(v) for c, v in class_dice.items()}
        per_fold_dice.append(mean_dice)
        
        per_fold_hd.append(np.mean(hd_values))
        
        print(f"Split [{split_no+1}/{n_splits}] dice per class:")
        for c, v in mean_dice.items():
            print(f"  label {c}: {v:.4f}")
        print(f"Split [{split_no+1}/{n_splits}] HD95: {np.mean(hd_values):.4f}")

# summary over splits
print("Mean dice per class:")
for c in range(4):
    vals = [fd[c] for fd in per_fold_dice]
    m = np.mean(vals)
    print(f"  label {c}: {m:.4f}")

print(f"Mean HD95: {np.mean(per_fold_hd):.4f}")
