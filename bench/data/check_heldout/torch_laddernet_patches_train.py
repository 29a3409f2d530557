# source: https://github.com/juntang-zhuang/LadderNet/blob/46f064092a23a4c1ae8067f9da818e52327d2d29/src/retinaNN_training.py + lib/extract_patches.py + lib/pre_processing.py (memory issue: https://github.com/juntang-zhuang/LadderNet/issues/7)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import random

import cv2
import h5py
import numpy as np
import torch
import torch.backends.cudnn as cudnn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from tqdm import tqdm

from losses import LossMulti
from LadderNetv65 import LadderNetv6

# values from configuration.txt
data_dir = './DRIVE_datasets_training_testing/'
imgs_file = 'DRIVE_dataset_imgs_train.hdf5'
masks_file = 'DRIVE_dataset_groundTruth_train.hdf5'
patch_h = 48
patch_w = 48
n_patches = 190000
inside_fov = False
batch_size = 1024


def read_hdf5(path):
    with h5py.File(path, "r") as f:
        return f["image"][()]


def to_gray(rgb):
    gray = rgb[:, 0, :, :] * 0.299 + rgb[:, 1, :, :] * 0.587 + rgb[:, 2, :, :] * 0.114
    return np.reshape(gray, (rgb.shape[0], 1, rgb.shape[2], rgb.shape[3]))


def preprocess(stack):
    out = to_gray(stack)
    out = (out - np.mean(out)) / np.std(out)
    for i in range(out.shape[0]):
        out[i] = ((out[i] - np.min(out[i])) / (np.max(out[i]) - np.min(out[i]))) * 255
    clahe = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(8, 8))
    equalized = np.empty(out.shape)
    for i in range(out.shape[0]):
        equalized[i, 0] = clahe.apply(np.array(out[i, 0], dtype=np.uint8))
    table = np.array([((i / 255.0) ** (1.0 / 1.2)) * 255 for i in np.arange(0, 256)]).astype("uint8")
    gamma = np.empty(equalized.shape)
    for i in range(equalized.shape[0]):
        gamma[i, 0] = cv2.LUT(np.array(equalized[i, 0], dtype=np.uint8), table)
    return gamma / 255.


def inside_field(x, y, img_w, img_h, ph):
    dx = x - int(img_w / 2)
    dy = y - int(img_h / 2)
    limit = 270 - int(ph * np.sqrt(2.0) / 2.0)
    return np.sqrt(dx * dx + dy * dy) < limit


def sample_patches(full_imgs, full_masks, ph, pw, count, inside=True):
    patches = np.empty((count, full_imgs.shape[1], ph, pw))
    patch_masks = np.empty((count, full_masks.shape[1], ph, pw))
    img_h = full_imgs.shape[2]
    img_w = full_imgs.shape[3]
    per_img = int(count / full_imgs.shape[0])
    filled = 0
    for i in range(full_imgs.shape[0]):
        k = 0
        while k < per_img:
            cx = random.randint(0 + int(pw / 2), img_w - int(pw / 2))
            cy = random.randint(0 + int(ph / 2), img_h - int(ph / 2))
            if inside and not inside_field(cx, cy, img_w, img_h, ph):
                continue
            patches[filled] = full_imgs[i, :, cy - int(ph / 2):cy + int(ph / 2), cx - int(pw / 2):cx + int(pw / 2)]
            patch_masks[filled] = full_masks[i, :, cy - int(ph / 2):cy + int(ph / 2), cx - int(pw / 2):cx + int(pw / 2)]
            filled += 1
            k += 1
    return patches, patch_masks


def training_patches(imgs_path, masks_path, ph, pw, count, inside):
    raw_imgs = read_hdf5(imgs_path)
    raw_masks = read_hdf5(masks_path)
    imgs = preprocess(raw_imgs)
    masks = raw_masks / 255.
    imgs = imgs[:, :, 9:574, :]
    masks = masks[:, :, 9:574, :]
    return sample_patches(imgs, masks, ph, pw, count, inside)


device = 'cuda' if torch.cuda.is_available() else 'cpu'
total_epoch = 200
val_fraction = 0.1
lr_epochs = np.array([50, 150, total_epoch])
lr_values = np.array([0.01, 0.001, 0.0001])

net = LadderNetv6(num_classes=2, layers=4, filters=10, inplanes=1)
ckpt_name = 'LadderNetv65_layer_4_filter_10.pt7'
criterion = LossMulti(jaccard_weight=0)
optimizer = optim.Adam(net.parameters(), lr=lr_values[0])

all_patches, all_patch_masks = training_patches(
    data_dir + imgs_file, data_dir + masks_file, patch_h, patch_w, n_patches, inside_fov)


class PatchSet(Dataset):
    def __init__(self, imgs, masks):
        self.imgs = imgs
        self.masks = masks

    def __len__(self):
        return self.imgs.shape[0]

    def __getitem__(self, idx):
        m = np.squeeze(self.masks[idx], 0)
        return torch.from_numpy(self.imgs[idx, ...]).float(), torch.from_numpy(m).long()


val_idx = random.sample(range(all_patch_masks.shape[0]), int(np.floor(val_fraction * all_patch_masks.shape[0])))
train_idx = list(set(range(all_patch_masks.shape[0])) - set(val_idx))

train_set = PatchSet(all_patches[train_idx, ...], all_patch_masks[train_idx, ...])
train_loader = DataLoader(train_set, batch_size=batch_size, shuffle=True, num_workers=4)

val_set = PatchSet(all_patches[val_idx, ...], all_patch_masks[val_idx, ...])
val_loader = DataLoader(val_set, batch_size=batch_size, shuffle=True, num_workers=4)

preview = min(all_patches.shape[0], 40)
sample_view = all_patches[0:preview, :, :, :]

best_loss = np.inf
lr_plan = np.zeros(total_epoch)
for l in range(len(lr_epochs)):
    if l == 0:
        lr_plan[0:lr_epochs[l]] = lr_values[l]
    else:
        lr_plan[lr_epochs[l - 1]:lr_epochs[l]] = lr_values[l]

if device == 'cuda':
    net.cuda()
    net = torch.nn.DataParallel(net, device_ids=range(torch.cuda.device_count()))
    cudnn.benchmark = True


def train(epoch):
    net.train()
    running = 0
    for group in optimizer.param_groups:
        group['lr'] = lr_plan[epoch]
    for batch_idx, (inputs, targets) in enumerate(tqdm(train_loader)):
        inputs, targets = inputs.to(device), targets.to(device)
        optimizer.zero_grad()
        outputs = net(inputs)
        loss = criterion(outputs, targets)
        loss.backward()
        optimizer.step()
        running += loss.item()
    print(epoch, running / np.float32(len(train_loader)))


def test(epoch):
    global best_loss
    net.eval()
    val_loss = 0
    with torch.no_grad():
        for batch_idx, (inputs, targets) in enumerate(val_loader):
            inputs, targets = inputs.to(device), targets.to(device)
            outputs = net(inputs)
            loss = criterion(outputs, targets)
            val_loss += loss.item()
    if val_loss < best_loss:
        os.makedirs('checkpoint', exist_ok=True)
        torch.save({'net': net.state_dict(), 'best_loss': best_loss, 'epoch': epoch}, './checkpoint/' + ckpt_name)
        best_loss = val_loss


for epoch in range(0, total_epoch):
    train(epoch)
    test(epoch)
