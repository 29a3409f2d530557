# graph library install (shell cell)
# pip install torch_geometric

# imports
import torch
import xarray as xr
import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler
import pickle
from torch_geometric.data import Data

import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader
from sklearn.metrics import f1_score, accuracy_score, precision_score, recall_score
import logging
from tqdm.notebook import tqdm  # notebook progress bars
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# Drive access
from google.colab import drive
drive.mount('/content/drive')
# the two ERA5 single-level files
accum_path = "/content/drive/MyDrive/era5_us/accum_vars.nc"
inst_path = "/content/drive/MyDrive/era5_us/instant_vars.nc"
ds_a = xr.open_dataset(accum_path)
ds_b = xr.open_dataset(inst_path)

ds = xr.merge([ds_a, ds_b], compat='override')
# summary
print(ds)

# the ten fields used
fields = ['tp', 't2m', 'd2m', 'u10', 'v10', 'msl', 'tcwv', 'cape', 'slhf', 'sshf']
field_arrays = [ds[v].values for v in fields]

# channels last: [time, lat, lon, fields]
cube = np.stack(field_arrays, axis=-1)  # [hours, lat, lon, 10]

# standardise with statistics of the first 80 %
stamps = ds.valid_time.values
n_hours = len(stamps)
fit_stop = int(0.8 * n_hours)
dev_stop = fit_stop + int(0.1 * n_hours)
std = StandardScaler()
fit_flat = cube[:fit_stop].reshape(-1, cube.shape[-1])
std.fit(fit_flat)
# rescale every hour
cube = std.transform(cube.reshape(-1, cube.shape[-1])).reshape(cube.shape)

# raw precipitation for the targets
precip = ds['tp'].values

# windowed samples
class RainWindows(Dataset):
    def __init__(self, cube, precip, starts, in_len=12, out_len=6, cutoff=0.001):
        self.cube = cube
        self.precip = precip
        self.starts = starts
        self.in_len = in_len
        self.out_len = out_len
        self.cutoff = cutoff
        self.hw = (cube.shape[1], cube.shape[2])

    def __len__(self):
        return len(self.starts)

    def __getitem__(self, k):
        s = self.starts[k]
        window = self.cube[s:s+self.in_len]
        later = self.precip[s+self.in_len:s+self.in_len+self.out_len]
        wet = (later.sum(axis=0) > self.cutoff).astype(np.int64)
        if not np.all(np.isin(wet, [0, 1])):
            print(f"unexpected label values at {k}: {np.unique(wet)}")
            wet = np.clip(wet, 0, 1)
        return (torch.tensor(window, dtype=torch.float32),
                torch.tensor(wet, dtype=torch.long))

# start hours of each split
in_len = 12
out_len = 6
fit_starts = list(range(0, fit_stop - in_len - out_len + 1))
dev_starts = list(range(fit_stop, dev_stop - in_len - out_len + 1))
hold_starts = list(range(dev_stop, n_hours - in_len - out_len + 1))

# datasets
fit_set = RainWindows(cube, precip, fit_starts, in_len, out_len)
dev_set = RainWindows(cube, precip, dev_starts, in_len, out_len)
hold_set = RainWindows(cube, precip, hold_starts, in_len, out_len)

# loaders
bs = 8
fit_loader = DataLoader(fit_set, batch_size=bs, shuffle=True)
dev_loader = DataLoader(dev_set, batch_size=bs, shuffle=False)
hold_loader = DataLoader(hold_set, batch_size=bs, shuffle=False)

# rough wet fraction from the first 100 windows
wet_n = 0
all_n = 0
for s in fit_starts[:100]:
    later = precip[s+in_len:s+in_len+out_len]
    wet = (later.sum(axis=0) > 0.001).astype(int)
    wet_n += wet.sum()
    all_n += wet.size
wet_pct = (wet_n / all_n) * 100 if all_n > 0 else 0
print(f"about {wet_pct:.2f}% of training grid points are wet")
# 3-D conv classifier
class Conv3dRain(nn.Module):
    def __init__(self, in_ch, width, n_out, hw):
        super(Conv3dRain, self).__init__()
        self.hw = hw
        self.conv1 = nn.Conv3d(in_ch, width, kernel_size=(3, 3, 3), padding=1)
        self.conv2 = nn.Conv3d(width, width, kernel_size=(3, 3, 3), padding=1)
        self.conv3 = nn.Conv3d(width, width, kernel_size=(3, 3, 3), padding=1)  # third block
        self.fc = nn.Conv2d(width, n_out, kernel_size=1)
        self.dropout = nn.Dropout(0.4)
        self.pool = nn.MaxPool3d(kernel_size=(2, 2, 2), stride=(2, 2, 2))
        self.upsample = nn.Upsample(size=hw, mode='bilinear', align_corners=False)

    def forward(self, x):
        x = x.permute(0, 4, 1, 2, 3)  # to (B, C, T, H, W)
        x = self.conv1(x)
        x = F.relu(x)
        x = self.dropout(x)
        x = self.pool(x)
        x = self.conv2(x)
        x = F.relu(x)
        x = self.dropout(x)
        x = self.conv3(x)
        x = F.relu(x)
        x = self.dropout(x)
        x = x.mean(dim=2)
        x = self.fc(x)
        x = self.upsample(x)
        return x

in_ch = 10
width = 128
n_out = 2
hw = (cube.shape[1], cube.shape[2])
net = Conv3dRain(in_ch, width, n_out, hw).to(dev)


# losses and helpers
def soft_f1(y, logits, eps=1e-6):
    y = y.float()
    p = torch.softmax(logits, dim=1)[:, 1, :, :]
    tp_ = torch.sum(y * p)
    fp_ = torch.sum((1 - y) * p)
    fn_ = torch.sum(y * (1 - p))
    prec_s = tp_ / (tp_ + fp_ + eps)
    rec_s = tp_ / (tp_ + fn_ + eps)
    f1_s = 2 * (prec_s * rec_s) / (prec_s + rec_s + eps)
    return 1 - f1_s

def focal(logits, y, gamma=2.0, alpha=None):
    ce = F.cross_entropy(logits, y, weight=alpha, reduction='none')
    pt = torch.exp(-ce)
    fl = (1 - pt) ** gamma * ce
    return fl.mean()

ce_fn = nn.CrossEntropyLoss()
logging.basicConfig(filename='fit_log.log', level=logging.INFO, format='%(asctime)s - %(message)s')
log = logging.getLogger()
fit_losses = []
fit_accs = []
dev_f1s = []
hold_f1s = []

# one training epoch with gradient accumulation
def run_epoch(net, loader, opt, dev, cw, alpha=0.5, accum=4):
    net.train()
    loss_sum = 0
    hits = 0
    seen = 0
    opt.zero_grad()
    # batches
    for i, (xb, yb) in enumerate(tqdm(loader, desc="fit batches", leave=False)):
        xb, yb = xb.to(dev), yb.to(dev)
        out = net(xb)
        if out.shape[2:] != yb.shape[1:]:
            raise ValueError(f"output grid {out.shape[2:]} differs from target {yb.shape[1:]}")
        ce = ce_fn(out, yb)
        f1l = soft_f1(yb, out)
        fo = focal(out, yb, alpha=cw.to(dev))
        loss = alpha * ce + (1 - alpha) * f1l + fo
        loss = loss / accum
        loss.backward()
        if (i + 1) % accum == 0:
            torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
            opt.step()
            opt.zero_grad()
        loss_sum += loss.item() * accum
        pr = out.argmax(dim=1)
        hits += (pr == yb).sum().item()
        seen += yb.numel()
    if len(loader) % accum != 0:
        torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
        opt.step()
        opt.zero_grad()
    mean_loss = loss_sum / len(loader)
    acc = hits / seen
    return mean_loss, acc

def score(net, loader, dev, threshold=0.77, name="hold-out"):
    net.eval()
    probs_all = []
    labels_all = []
    loss_sum = 0
    n = 0
    n_expected = len(loader.dataset)

    with torch.no_grad():
        for xb, yb in tqdm(loader, desc=f"{name} batches", leave=False):
            xb, yb = xb.to(dev), yb.to(dev)
            out = net(xb)
            loss = ce_fn(out, yb)
            loss_sum += loss.item() * xb.size(0)

            # probability of the wet class
            p = torch.softmax(out, dim=1)[:, 1, :, :]  # [B, lat, lon]
            probs_all.append(p.cpu().numpy())
            labels_all.append(yb.cpu().numpy())
            n += xb.size(0)

    # sanity check on counts
    if n != n_expected:
        print(f"saw {n} samples, expected {n_expected}")

    # join the batches
    probs_all = np.concatenate(probs_all, axis=0)  # [N, lat, lon]
    labels_all = np.concatenate(labels_all, axis=0)  # [N, lat, lon]

    # shapes must agree
    if probs_all.shape != labels_all.shape:
        raise ValueError(f"shape mismatch {probs_all.shape} vs {labels_all.shape}")

    mean_loss = loss_sum / n if n > 0 else float('inf')

    # threshold the probabilities
    hard = (probs_all >= threshold).astype(np.int64)
    # check again
    if hard.shape != labels_all.shape:
        raise ValueError(f"hard labels {hard.shape} vs truth {labels_all.shape}")

    # metrics
    f1 = f1_score(labels_all.flatten(), hard.flatten(), average='binary')
    acc = accuracy_score(labels_all.flatten(), hard.flatten())
    prec = precision_score(labels_all.flatten(), hard.flatten())
    rec = recall_score(labels_all.flatten(), hard.flatten())
    n_pred_wet = np.sum(hard)
    n_true_wet = np.sum(labels_all)

    print(f"{name}: thr {threshold:.2f}, loss {mean_loss:.4f}, F1 {f1:.4f}, "
          f"acc {acc:.4f}, prec {prec:.4f}, rec {rec:.4f}")
    print(f"{name}: predicted wet {n_pred_wet}, true wet {n_true_wet}")

    return f1, acc, prec, rec, mean_loss, probs_all, labels_all
torch.cuda.empty_cache()

# fixed class weights and threshold
cw_list = [1.0, 8.0]
thr = 0.77
n_epochs = 20
best_f1 = 0.0

print(f"training with weights {cw_list} and threshold {thr:.2f}")
net = Conv3dRain(in_ch, width, n_out, hw).to(dev)
opt = torch.optim.Adam(net.parameters(), lr=0.005, weight_decay=3e-4)
sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode='max', factor=0.5, patience=3)
cw = torch.tensor(cw_list, dtype=torch.float32).to(dev)
wait_max = 6
waited = 0

for ep in tqdm(range(1, n_epochs + 1), desc="epochs"):
    tr_loss, tr_acc = run_epoch(net, fit_loader, opt, dev, cw, alpha=0.5, accum=4)
    fit_losses.append(tr_loss)
    fit_accs.append(tr_acc)
    d_f1, d_acc, d_prec, d_rec, d_loss, _, _ = score(net, dev_loader, dev,
                                                                 threshold=thr, name="dev")
    dev_f1s.append(d_f1)
    h_f1, h_acc, h_prec, h_rec, h_loss, _, _ = score(net, hold_loader, dev,
                                                                      threshold=thr, name="hold-out")
    hold_f1s.append(h_f1)
    msg = (f'weights {cw_list}, thr {thr:.2f}, epoch {ep:02d}, '
               f'fit loss {tr_loss:.4f}, fit acc {tr_acc:.4f}, dev F1 {d_f1:.4f}, hold F1 {h_f1:.4f}')
    log.info(msg)
    print(msg)
    sched.step(d_f1)

    if d_f1 > best_f1:
        best_f1 = d_f1
        torch.save(net.state_dict(), '/content/drive/MyDrive/cnn3d_best.pth')
        waited = 0
        print(f"saved new best, dev F1 {d_f1:.4f}")
    else:
        waited += 1
        if waited >= wait_max:
            print("stopping early")
            break

print(f"\nbest checkpoint on the hold-out split, thr {thr:.2f}")
net.load_state_dict(torch.load('/content/drive/MyDrive/cnn3d_best.pth'))
h_f1, h_acc, h_prec, h_rec, h_loss, probs_all, labels_all = score(
    net, hold_loader, dev, threshold=thr, name="hold-out")
# pip install cartopy (shell cell)
from sklearn.metrics import confusion_matrix, roc_curve, precision_recall_curve, roc_auc_score
import matplotlib.pyplot as plt
import seaborn as sns
import cartopy.crs as ccrs
import cartopy.feature as cfeature
from cartopy.mpl.gridliner import LONGITUDE_FORMATTER, LATITUDE_FORMATTER
import matplotlib.patches as mpatches
# shapes before the confusion matrix
print(f"labels {labels_all.shape}, probs {probs_all.shape}")
if labels_all.shape != probs_all.shape:
    raise ValueError(f"mismatch {labels_all.shape} vs {probs_all.shape}")

# threshold
hard = (probs_all >= thr).astype(np.int64)
print(f"hard labels: {hard.shape}")

# flatten
y_flat = labels_all.flatten()
p_flat = hard.flatten()
print(f"flat: {y_flat.shape}, {p_flat.shape}")
if y_flat.shape != p_flat.shape:
    raise ValueError(f"flat mismatch {y_flat.shape} vs {p_flat.shape}")

cm = confusion_matrix(y_flat, p_flat)
cm_pct = cm / cm.sum(axis=1, keepdims=True) * 100  # row percentages
sns.set(font_scale=1.5)
plt.figure(figsize=(8, 6))
sns.heatmap(cm_pct, annot=True, fmt='.2f', cmap='Blues', cbar=False,
            xticklabels=['dry', 'wet'], yticklabels=['dry', 'wet'],
            annot_kws={'size': 15})
for t in plt.gca().texts:
    t.set_text(f"{float(t.get_text()):.2f}%")
plt.title('confusion matrix, 3-D CNN', fontsize=22)
plt.xlabel('predicted', fontsize = 20)
plt.ylabel('observed', fontsize = 20)
plt.savefig('/content/drive/MyDrive/cnn3d_cm.png')
plt.show()
# ROC
fpr, tpr, _ = roc_curve(y_flat, probs_all.flatten())
auc = roc_auc_score(y_flat, probs_all.flatten())
plt.figure(figsize=(8, 6))
plt.plot(fpr, tpr, label=f'ROC (AUC {auc:.2f})')
plt.plot([0, 1], [0, 1], 'k--')
plt.xlabel('false positive rate')
plt.ylabel('true positive rate')
plt.title('ROC')
plt.legend(loc='lower right')
plt.savefig('/content/drive/MyDrive/cnn3d_roc.png')
plt.show()

# precision-recall
pr_p, pr_r, _ = precision_recall_curve(y_flat, probs_all.flatten())
plt.figure(figsize=(8, 6))
plt.plot(pr_r, pr_p, label='PR curve')
plt.xlabel('recall', fontsize=20)
plt.ylabel('precision', fontsize=20)
plt.title('precision-recall, 3-D CNN', fontsize=22)
plt.legend(loc='lower left')
plt.savefig('/content/drive/MyDrive/cnn3d_pr.png')
plt.show()
# F1 per epoch
plt.figure(figsize=(10, 6))
plt.plot(range(1, len(dev_f1s) + 1), dev_f1s, label='dev F1')
plt.plot(range(1, len(hold_f1s) + 1), hold_f1s, label='hold-out F1')
plt.xlabel('epoch')
plt.ylabel('F1')
plt.title('F1 by epoch')
plt.legend()
plt.grid(True)
plt.savefig('/content/drive/MyDrive/cnn3d_f1.png')
plt.show()
# maps for a few hold-out samples
# coordinates
lats = ds.latitude.values  # (105,)
lons = ds.longitude.values  # (237,)

# (debug prints of the coordinates)
# (disabled)

picks = [0, 50, 100]  # inside the hold-out split

for j in picks:
    if j >= len(hold_set):
        print(f"index {j} out of range (last {len(hold_set)-1})")
        continue
    x1, y1 = hold_set[j]  # one sample
    x1 = x1.unsqueeze(0).to(dev)  # batch of one
    with torch.no_grad():
        net.eval()
        out = net(x1)
        p = torch.softmax(out, dim=1)[:, 1, :, :]  # [1, lat, lon]
        hard1 = (p >= thr).float()
    hard1 = hard1.cpu().numpy().squeeze()  # [105, 237]
    obs = y1.cpu().numpy()  # [105, 237]

    # (debug shapes)
    # (disabled)

    # grid indices of wet points
    obs_idx = np.where(obs == 1)
    pred_idx = np.where(hard1 == 1)

    # (debug ranges)
    # (disabled)
    # (disabled)

    # indices to coordinates
    obs_lat = lats[obs_idx[0]]  # rows
    obs_lon = lons[obs_idx[1]]  # columns
    pred_lat = lats[pred_idx[0]]
    pred_lon = lons[pred_idx[1]]

    # counts
    print(f"sample {j}: observed wet points {len(obs_lon)}, ")
    #      (ranges disabled)
    #      (ranges disabled)
    print(f"sample {j}: predicted wet points {len(pred_lon)}, ")
    #      (ranges disabled)
    #      (ranges disabled)
    #
    # map
    fig = plt.figure(figsize=(12, 8))
    ax = plt.axes(projection=ccrs.PlateCarree())
    ax.set_extent([-125, -65, 24, 50], crs=ccrs.PlateCarree())
    ax.add_feature(cfeature.LAND, facecolor='lightgray')
    ax.add_feature(cfeature.OCEAN)
    ax.add_feature(cfeature.COASTLINE)
    ax.add_feature(cfeature.BORDERS)
    ax.add_feature(cfeature.STATES, linestyle='--')

    # points
    ax.scatter(obs_lon, obs_lat, c='red', s=50, alpha=0.5, label='observed', transform=ccrs.PlateCarree())
    ax.scatter(pred_lon, pred_lat, c='blue', s=50, alpha=0.5, label='predicted', transform=ccrs.PlateCarree())

    plt.title(f'observed vs predicted wet points, sample {j}')
    plt.legend()
    plt.savefig(f'/content/drive/MyDrive/cnn3d_map_{j}.png')
    plt.show()
