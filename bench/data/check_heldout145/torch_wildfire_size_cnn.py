#!/usr/bin/env python
# coding: utf-8

# --- cell


from u import *
import PIL
PIL.Image.MAX_IMAGE_PIXELS = 933120000
from PIL import Image


# --- cell


Root = Path('data')


# --- cell


perims = Root / 'ca_fire_perimeters.kml'
import xml.etree.ElementTree as ET
doc = ET.parse(perims)
top = doc.getroot()


# # burned areas

# --- cell


burns = {}
for node in top[0][1][1:]:
#     debug print of the node
    acres = None
    mon = None
    for field in node[1][0]:
        if field.attrib['name'] == 'GIS_ACRES':
            acres = float(field.text)
            break
    for field in node[1][0]:
        if field.attrib['name'] == 'ALARM_DATE':
            mon = int(field.text.split('/')[1])
            break
    if acres == None:
        continue
    ring = node[2][0][0][0][0].text
    ring = ring.split(' ')

    lons = []
    lats = []
    for pt in ring:
        lo, la = map(float, pt.split(','))
        lons.append(lo)
        lats.append(la)
    lo = np.mean(lons)
    la = np.mean(lats)
    burns[(lo, la)] = (acres, mon) # in acres


# --- cell


centres = np.array(list(burns.keys()))
lo_min, la_min = centres.min(axis=0)
lo_max, la_max = centres.max(axis=0)


# --- cell


col0 = int(lo_min * 120 + 120 * 180) - 50
col1 = int(lo_max * 120 + 120 * 180) + 1 + 50
row1 = int(90 * 120 - la_min * 120) + 1 + 50
row0 = int(90 * 120 - la_max * 120) - 50


# # climate rasters

# --- cell


from multiprocessing import Pool
def crop_one(tif):
    print(tif)
    out = tif.replace('tif','npy')
    if out.exists():
        return
    img = Image.open(tif)
    img = np.array(img)
    part = img[row0:row1, col0:col1]
    with open(out, 'wb') as fh:
        np.save(fh, part)


# --- cell


tifs = (Root /'worldclim').glob('*/*.tif')
# run crop_one over a pool of 48 processes
#     (disabled)
# or one by one
#     (disabled)


# --- cell


by_month = {}
for m in range(1, 13):
    tifs = sorted((Root /'worldclim').glob(f'*/*{m:02d}.npy'))
    layers = []
    for tif in tifs:
        arr = np.load(tif)
        if tif._up._name == 'temperature_average':
            arr[arr == arr.min()] = 0
            arr = arr / 25
        elif tif._up._name == 'solar':
            arr[arr == arr.max()] = 0
            arr = arr / arr.max()
        elif tif._up._name in ['vapor', 'wind', 'precipitation']:
            arr[arr == arr.min()] = 0
            arr = arr / arr.max()
        layers.append(arr)
    layers = np.array(layers)
    by_month[m] = layers


# --- cell


feats = []
targets = []
for (lo, la), (acres, mon) in burns.items():
    cx = int(lo * 120 + 120 * 180)
    cy = int(120 * 90 - la * 120)
    if mon != None:
        r = cy - row0
        c = cx - col0
        feats.append(by_month[mon][:, r - 25 : r + 26, c - 25 : c + 26])
        targets.append(acres)
feats = np.array(feats)
targets = np.array(targets)


# --- cell


from sklearn.model_selection import train_test_split
xtr, xte, ytr, yte = train_test_split(feats, targets, test_size=0.1, random_state=42)


# --- cell


import torch
from torch import nn
import torch.nn.functional as F


# --- cell


class AreaRegressor(nn.Module):
    def __init__(self):
        super().__init__()

        self.convs = nn.Sequential(
            nn.Conv2d(5, 32, 4, stride=1, padding=0),
            nn.ReLU(),
            nn.MaxPool2d(2, stride=2),
            nn.Conv2d(32, 64, 3, stride=1, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2, stride=2),
            nn.Conv2d(64, 128, 3, stride=1, padding=1),
            nn.ReLU(),
            nn.AvgPool2d(12, stride=None)
        )
        self.fc = nn.Sequential(nn.Linear(128, 256), nn.ReLU(), nn.Linear(256, 1))

    def forward(self, x):
        # feature maps, then the regression head
        h = self.convs(x)
        return self.fc(h.squeeze(2).squeeze(2)).squeeze(1)


# --- cell


xtr_aug = np.concatenate([xtr, xtr[:, :, ::-1, :]])
ytr_aug = np.concatenate([ytr, ytr])


# --- cell


xtr_aug = np.concatenate([xtr_aug,
                                 np.rot90(xtr_aug, 1, axes=(2,3)),
                                 np.rot90(xtr_aug, 2, axes=(2,3)),
                                 np.rot90(xtr_aug, 3, axes=(2,3))])


# --- cell


ytr_aug = np.concatenate([ytr_aug, ytr_aug, ytr_aug, ytr_aug])


# --- cell


model = AreaRegressor().cuda()


# --- cell


opt = torch.optim.Adam(model.parameters(), lr=1e-3)


# --- cell


"""
plan of the loop:
    draw a random batch from the training arrays
    turn it into tensors
    run the model on it
    mean squared error against the targets
    backpropagate
    take an optimiser step
"""

def score(model, xs, ys):
    with torch.no_grad():
        xs_t = torch.tensor(xs, dtype=torch.float32, device='cuda:0')
        ys_t = torch.tensor(ys, dtype=torch.float32, device='cuda:0')
        pred = model(xs_t)
        err = F.mse_loss(pred, ys_t)
        return err

steps = 1000
every = 50
bs = 10000
for s in range(steps):
    pick = np.random.choice(len(xtr_aug), size=bs)
    xb = xtr_aug[pick]
    yb = ytr_aug[pick]
    xb_t = torch.tensor(xb, dtype=torch.float32, device='cuda:0')
    yb_t = torch.tensor(yb, dtype=torch.float32, device='cuda:0')
    pred_b = model(xb_t)
    err = F.mse_loss(pred_b, yb_t)
    opt.zero_grad() # reset gradients
    err.backward() # gradients of the loss
    opt.step() # parameter update

    if (s + 1) % every == 0:
        err = score(model, xte, yte)
        print(f'step {s+1}: held-out MSE {err}', flush=True)


# --- cell



