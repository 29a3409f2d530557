# change detection on Sentinel-2 pairs with a fully convolutional network

import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
from torch.autograd import Variable

from fresunet import FresUNet

import os
import numpy as np
from skimage import io
from scipy.ndimage import zoom
from tqdm import tqdm as tqdm
from pandas import read_csv
from math import floor, ceil, sqrt, exp
import time
import warnings

DATASET_DIR = './OSCD/'
CHANGE_WEIGHT_BOOST = 10 # extra weight on the "changed" class; 1 means none
BATCH_LEN = 32
PATCH_SIZE = 96
EPOCH_COUNT = 50
STANDARDISE_IMAGES = True
TRAIN_STEP = int(PATCH_SIZE/2) - 1
BAND_SET = 3 # 0 RGB, 1 RGB+NIR, 2 bands of 20 m or finer, 3 every band
RESTORE_WEIGHTS = False

def fit_to_shape(img, target):
    img = img[:target[0],:target[1]]
    cur = img.shape
    pad0 = max(0,target[0] - cur[0])
    pad1 = max(0,target[1] - cur[1])
    return np.pad(img,((0,pad0),(0,pad1)),'edge')

def read_all_bands(scene_dir):
    prefix = os.listdir(scene_dir)[0][:-7]
    red = io.imread(scene_dir + prefix + "B04.tif")
    ref_shape = red.shape
    green = io.imread(scene_dir + prefix + "B03.tif")
    blue = io.imread(scene_dir + prefix + "B02.tif")
    b08 = io.imread(scene_dir + prefix + "B08.tif")
    b05 = fit_to_shape(zoom(io.imread(scene_dir + prefix + "B05.tif"),2),ref_shape)
    b06 = fit_to_shape(zoom(io.imread(scene_dir + prefix + "B06.tif"),2),ref_shape)
    b07 = fit_to_shape(zoom(io.imread(scene_dir + prefix + "B07.tif"),2),ref_shape)
    b8a = fit_to_shape(zoom(io.imread(scene_dir + prefix + "B8A.tif"),2),ref_shape)
    b11 = fit_to_shape(zoom(io.imread(scene_dir + prefix + "B11.tif"),2),ref_shape)
    b12 = fit_to_shape(zoom(io.imread(scene_dir + prefix + "B12.tif"),2),ref_shape)
    b01 = fit_to_shape(zoom(io.imread(scene_dir + prefix + "B01.tif"),6),ref_shape)
    b09 = fit_to_shape(zoom(io.imread(scene_dir + prefix + "B09.tif"),6),ref_shape)
    b10 = fit_to_shape(zoom(io.imread(scene_dir + prefix + "B10.tif"),6),ref_shape)
    img = np.stack((red,green,blue,b08,b05,b06,b07,b8a,b11,b12,b01,b09,b10),axis=2).astype('float')
    if STANDARDISE_IMAGES:
        img = (img - img.mean()) / img.std()
    return img

def read_scene_pair(pair_dir):
    if BAND_SET == 3:
        img_a = read_all_bands(pair_dir + '/imgs_1/')
        img_b = read_all_bands(pair_dir + '/imgs_2/')
    change_mask = io.imread(pair_dir + '/cm/cm.png', as_gray=True) != 0
    shape_a = img_a.shape
    shape_b = img_b.shape
    img_b = np.pad(img_b,((0, shape_a[0] - shape_b[0]), (0, shape_a[1] - shape_b[1]), (0,0)),'edge')
    return img_a, img_b, change_mask

def to_chw_tensor(img):
    chw = img.transpose((2, 0, 1))
    return torch.from_numpy(chw)

class ScenePairDataset(Dataset):

    def __init__(self, root_dir, is_train = True, patch_size = 96, hop = None, every_band = False, augment=None):
        self.augment = augment
        self.root_dir = root_dir
        self.patch_size = patch_size
        if not hop:
            self.hop = 1
        else:
            self.hop = hop
        if is_train:
            list_file = 'train.txt'
        else:
            list_file = 'test.txt'
        self.scene_names = read_csv(root_dir + list_file).columns
        self.scene_count = self.scene_names.shape[0]
        pix_total = 0
        pix_changed = 0
        self.images_a = {}
        self.images_b = {}
        self.masks = {}
        self.patches_per_scene = {}
        self.patch_total = 0
        self.patch_index = []
        for scene in tqdm(self.scene_names):
            img_a, img_b, change_mask = read_scene_pair(self.root_dir + scene)
            self.images_a[scene] = to_chw_tensor(img_a)
            self.images_b[scene] = to_chw_tensor(img_b)
            self.masks[scene] = change_mask
            shp = change_mask.shape
            pix_total += np.prod(shp)
            pix_changed += change_mask.sum()
            shp = self.images_a[scene].shape
            rows_n = ceil((shp[1] - self.patch_size + 1) / self.hop)
            cols_n = ceil((shp[2] - self.patch_size + 1) / self.hop)
            scene_patches = rows_n * cols_n
            self.patches_per_scene[scene] = scene_patches
            self.patch_total += scene_patches
            for i in range(rows_n):
                for j in range(cols_n):
                    entry = (scene,
                                    [self.hop*i, self.hop*i + self.patch_size, self.hop*j, self.hop*j + self.patch_size],
                                    [self.hop*(i + 1), self.hop*(j + 1)])
                    self.patch_index.append(entry)
        self.class_weights = [ CHANGE_WEIGHT_BOOST * 2 * pix_changed / pix_total, 2 * (pix_total - pix_changed) / pix_total]

    def scene_tensors(self, scene):
        return self.images_a[scene], self.images_b[scene], self.masks[scene]

    def __len__(self):
        return self.patch_total

    def __getitem__(self, k):
        entry = self.patch_index[k]
        scene = entry[0]
        box = entry[1]
        img_a = self.images_a[scene][:, box[0]:box[1], box[2]:box[3]]
        img_b = self.images_b[scene][:, box[0]:box[1], box[2]:box[3]]
        label = self.masks[scene][box[0]:box[1], box[2]:box[3]]
        label = torch.from_numpy(1*np.array(label)).float()
        item = {'I1': img_a, 'I2': img_b, 'label': label}
        if self.augment:
            item = self.augment(item)
        return item

train_dataset = ScenePairDataset(DATASET_DIR, is_train = True, hop = TRAIN_STEP)
class_weights = torch.FloatTensor(train_dataset.class_weights).cuda()
train_loader = DataLoader(train_dataset, batch_size = BATCH_LEN, shuffle = True, num_workers = 4)

test_dataset = ScenePairDataset(DATASET_DIR, is_train = False, hop = TRAIN_STEP)

model, model_tag = FresUNet(2*13, 2), 'FresUNet'
model.cuda()

loss_fn = nn.NLLLoss(weight=class_weights) # expects log-softmax scores

SPLITS = 2

def test_scores(dataset):
    model.eval()
    loss_sum = 0
    pix_seen = 0
    tp = 0
    tn = 0
    fp = 0
    fn = 0
    for scene in dataset.scene_names:
        a_full, b_full, mask_full = dataset.scene_tensors(scene)
        shp = mask_full.shape
        row_edges = np.arange(0,shp[0],ceil(shp[0]/SPLITS))
        col_edges = np.arange(0,shp[1],ceil(shp[1]/SPLITS))
        for ri in range(SPLITS):
            for ci in range(SPLITS):
                r0 = row_edges[ri]
                if ri == SPLITS-1:
                    r1 = shp[0]
                else:
                    r1 = row_edges[ri+1]
                c0 = ci
                if ci == SPLITS-1:
                    c1 = shp[1]
                else:
                    c1 = col_edges[ci+1]
                img_a = a_full[:, r0:r1, c0:c1]
                img_b = b_full[:, r0:r1, c0:c1]
                mask = mask_full[r0:r1, c0:c1]
                img_a = Variable(torch.unsqueeze(img_a, 0).float()).cuda()
                img_b = Variable(torch.unsqueeze(img_b, 0).float()).cuda()
                mask = Variable(torch.unsqueeze(torch.from_numpy(1.0*mask),0).float()).cuda()
                scores = model(img_a, img_b)
                loss = loss_fn(scores, mask.long())
                loss_sum += loss.data * np.prod(mask.size())
                pix_seen += np.prod(mask.size())
                _, guess = torch.max(scores.data, 1)
                pred_map = (guess.int() > 0).cpu().numpy()
                true_map = (mask.data.int() > 0).cpu().numpy()
                tp += np.logical_and(pred_map, true_map).sum()
                tn += np.logical_and(np.logical_not(pred_map), np.logical_not(true_map)).sum()
                fp += np.logical_and(pred_map, np.logical_not(true_map)).sum()
                fn += np.logical_and(np.logical_not(pred_map), true_map).sum()
    mean_loss = loss_sum/pix_seen
    pix_accuracy = 100 * (tp + tn)/pix_seen
    precision = tp / (tp + fp)
    recall = tp / (tp + fn)
    f1 = 2 * precision * recall / (precision + recall)
    prf = [precision, recall, f1]
    return mean_loss, pix_accuracy, prf

def train_model(epoch_total = EPOCH_COUNT, keep = True):
    f1_now = 0
    f1_top = 0
    optimizer = torch.optim.Adam(model.parameters(), weight_decay=1e-4)
    lr_sched = torch.optim.lr_scheduler.ExponentialLR(optimizer, 0.95)
    for epoch in tqdm(range(epoch_total)):
        model.train()
        print('pass ' + str(epoch + 1) + ' / ' + str(EPOCH_COUNT))
        for batch in train_loader:
            img_a = Variable(batch['I1'].float().cuda())
            img_b = Variable(batch['I2'].float().cuda())
            label = torch.squeeze(Variable(batch['label'].cuda()))
            optimizer.zero_grad()
            scores = model(img_a, img_b)
            loss = loss_fn(scores, label.long())
            loss.backward()
            optimizer.step()
        lr_sched.step()
        train_loss, train_accuracy, prf = test_scores(train_dataset)
        f1_now = prf[2]
        test_loss, test_accuracy, _ = test_scores(test_dataset)
        if f1_now > f1_top:
            f1_top = f1_now
            ckpt_name = 'net-best_epoch-' + str(epoch + 1) + '_fm-' + str(f1_now) + '.pth.tar'
            torch.save(model.state_dict(), ckpt_name)

def write_test_maps(dataset):
    for scene in tqdm(dataset.scene_names):
        with warnings.catch_warnings():
            img_a, img_b, mask = dataset.scene_tensors(scene)
            img_a = Variable(torch.unsqueeze(img_a, 0).float()).cuda()
            img_b = Variable(torch.unsqueeze(img_b, 0).float()).cuda()
            scores = model(img_a, img_b)
            _, guess = torch.max(scores.data, 1)
            rgb = np.stack((255*mask,255*np.squeeze(guess.cpu().numpy()),255*mask),2)
            io.imsave(f'{model_tag}-{scene}.png',rgb)

if RESTORE_WEIGHTS:
    model.load_state_dict(torch.load('net_final.pth.tar'))
else:
    train_model()
    torch.save(model.state_dict(), 'net_final.pth.tar')

write_test_maps(test_dataset)