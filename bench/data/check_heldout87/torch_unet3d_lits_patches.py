import os
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
os.environ['CUDA_VISIBLE_DEVICES']='0,1,2'
#os.environ['CUDA_VISIBLE_DEVICES']='3,4'
from unet3d import UNet
import tqdm
from torch.utils.data import DataLoader, Dataset, random_split
from patch_sets import RandomPatchSet, FixedPatchSet
import progressbar

from torch.utils.data import Dataset, DataLoader
class PatchPairs(Dataset):
    def __init__(self, pairs):
        self.pairs = pairs
    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        x_path, y_path = self.pairs[i]
        x = np.load(x_path)
        x = np.float32(x)/128 - 1
        x = x[None,...]
        y = np.load(y_path)
        return {'image' : torch.from_numpy(x), 'label' : torch.from_numpy(y).long()}

volume_ids = [102, 103, 104, 105, 107, 108]
patch_dir = './data/train'
all_files = [os.path.join(patch_dir, f) for f in os.listdir(patch_dir)]
x_files = [f for f in all_files if 'input' in f]
xy_pairs = [(f, f.replace('input', 'label')) for f in x_files]
pset = PatchPairs(xy_pairs)
n_items = len(pset)
fit_set, chk_set = random_split(pset, [int(0.9*n_items), int(0.1*n_items)])
fit_loader = DataLoader(fit_set, batch_size = 2, shuffle = True, num_workers = 2)
chk_loader = DataLoader(chk_set, batch_size = 2, shuffle = False, num_workers = 2)

dev = torch.device('cuda')
model = UNet(n_class = 2);
gpus = torch.cuda.device_count()
model = nn.DataParallel(model, device_ids = list(range(gpus)))
model.to(dev);

opt = optim.Adam(model.parameters(), lr=1e-4, weight_decay=5e-5)
ce = nn.CrossEntropyLoss()

n_fit_batches, n_chk_batches = len(fit_loader), len(chk_loader)
print('Batches : ', n_fit_batches + n_chk_batches)
for ep in range(100):
    print('Pass : ', ep)
    fit_sum = 0
    model.train()
    for p in model.parameters():
        p.requires_grad = True    
    fit_it = iter(fit_loader)
    for k in range(n_fit_batches):
        item = next(fit_it)
        x, y  = item['image'], item['label']
        xin = x.to(dev, dtype = torch.float)
        y = y.to(dev)
        logits = model(xin)
        loss = ce(logits, y)
        loss.backward()
        if k % 5 == 0:
            print('Batch {} loss'.format(k) + ': {}'.format(loss.item()))
        fit_sum += loss.item()
        opt.step()
        del xin, y, logits
    mean_loss = fit_sum/n_fit_batches
    print('Fit loss: {:.4f}'.format(mean_loss))

    #keep the fit loss
    fit_hist = []
    fit_hist = np.append(fit_hist, mean_loss)

    for p in model.parameters():
        p.requires_grad = False
    if ep % 10 == 0:
        ckpt_file = os.path.join('./models', 'weights_ep{}.bin'.format(ep))
        torch.save(model.module.state_dict(), ckpt_file)
    chk_it = iter(chk_loader)
    chk_sum = 0
    model.eval()
    for k in range(n_chk_batches):
        item = next(chk_it)
        x, y = item['image'], item['label']
        xin = x.to(dev, dtype = torch.float)
        y = y.to(dev)
        logits = model(xin)
        loss = ce(logits, y)
        chk_sum += loss.item()
        del xin, y, logits
    mean_loss = chk_sum/n_chk_batches
    print('Check loss: {:.4f}'.format(mean_loss))

    #keep the check loss
    chk_hist = []
    chk_hist = np.append(chk_hist, mean_loss)

#write the histories
np.save('fit_loss.npy', fit_hist)
np.save('check_loss.npy', chk_hist)
