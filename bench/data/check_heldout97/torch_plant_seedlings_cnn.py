import numpy as np

import pandas as pd

import pandas_profiling

import os

from PIL import Image

from sklearn.model_selection import train_test_split

from tqdm import tqdm

import random



import torch

import torch.nn as nn

import torch.nn.functional as F

import torch.optim as optim

from torch.autograd import Variable

from torch.utils.rows import DataLoader, Dataset

import torchvision

import torchvision.transforms as transforms



import matplotlib.pyplot as plt

sample_img = Image.open('/kaggle/input/plant-seedlings-classification/train/Maize/92c06eaca.png')

sample_img = sample_img.resize((224, 224))

sample_img = np.array(sample_img)

plt.imshow(sample_img)

plt.show()

print(sample_img.shape)
TRAIN_DIR = '/kaggle/input/plant-seedlings-classification/train'

TEST_DIR = '/kaggle/input/plant-seedlings-classification/test'
def find_unreadable(tr_root, te_root):

    broken = []

    paths = []

    

    species = [d for d in os.listdir(tr_root) if os.path.isdir(os.path.join(tr_root, d))]

    for sp in species:

        sp_dir = os.path.join(tr_root, sp)

        for im in os.listdir(sp_dir):

            paths.append(os.path.join(sp_dir, im))



    for sample_img in os.listdir(te_root):

        paths.append(os.path.join(te_root, sample_img))

            

    n_paths = len(paths)

    

    for im in paths:

        try:

            _ = Image.open(im)

        except:

            broken.append(im)

    

    return set(broken)

    

broken = find_unreadable(TRAIN_DIR, TEST_DIR)

broken
sp_dirs = [d for d in os.listdir(TRAIN_DIR) if os.path.isdir(os.path.join(TRAIN_DIR,d))]



name_to_idx = {}

idx_to_name = {}

for sp in range(len(sp_dirs)):

    name_to_idx[sp_dirs[sp]] = sp

    idx_to_name[sp] = [sp_dirs[sp]]
len(name_to_idx)
name_to_idx
idx_to_name
train_rows = []

val_rows = []

for k in range(len(name_to_idx.keys())):

    sp = list(name_to_idx.keys())[k]

    sp_path = os.path.join(TRAIN_DIR, sp)

    sp_files = [os.path.join(sp_path, d) for d in os.listdir(sp_path)]

    tr_part, va_part = train_test_split(sp_files, shuffle=True, test_size=0.3)

    

    for p in tr_part:

        train_rows.append([p, k])

        

    for q in va_part:

        val_rows.append([q, k])
len(train_rows)
class PlantTrainSet(Dataset):

    def __init__(self, rows, tf=None):

        self.rows = rows

        self.tf = tf

    

    def __len__(self):

        return len(self.rows)

    

    def __getitem__(self, ix):

        try:

            fpath, k = self.rows[ix]

            im = Image.open(fpath)



            if self.tf is not None:

                im = self.tf(im)

        

            return im, k     

        except:

            print('unreadable file, picking another')

            while True:

                try:

                    ix = random.randint(0, len(self.rows) - 2)

                    fpath, k = self.rows[ix]

                    im = Image.open(fpath)



                    if self.tf is not None:

                        im = self.tf(im)

        

                    return im, k

                except:

                    print('still unreadable')
class PlantValSet(Dataset):

    def __init__(self, rows, tf=None):

        self.rows = rows

        self.tf = tf

    

    def __len__(self):

        return len(self.rows)

    

    def __getitem__(self, ix):

        fpath, k = self.rows[ix]

        im = Image.open(fpath)

        

        if self.tf is not None:

            im = self.tf(im)

        

        return im, k       
class PlantTestSet(Dataset):

    def __init__(self, folder, tf=None):

        self.folder = folder

        self.tf = tf

        

        self.paths = [os.path.join(self.folder, d) for d in os.listdir(self.folder)]

    

    def __len__(self):

        return len(self.paths)

    

    def __getitem__(self, ix):

        fpath = self.paths[ix]

        im = Image.open(fpath)

        

        if self.tf is not None:

            im = self.tf(im)

        

        return im
aug_train = transforms.Compose([

        transforms.Resize((224, 224)),

        transforms.RandomHorizontalFlip(),

        transforms.ColorJitter(brightness=0.2, contrast=0.2, saturation=0.1, hue=0.1),

        transforms.RandomAffine(degrees=40, translate=None, scale=(1, 2), shear=15, resample=False, fillcolor=0),

        transforms.ToTensor(),

        transforms.Normalize((0.485, 0.456, 0.406), (0.229, 0.224, 0.225))

])
aug_eval = transforms.Compose([

        transforms.Resize((224, 224)),

        transforms.ToTensor(),

        transforms.Normalize((0.485, 0.456, 0.406), (0.229, 0.224, 0.225))

])
ds_train = PlantTrainSet(

    train_rows, 

    tf=aug_train)
im, sp = ds_train.__getitem__(150)

plt.figure(figsize=(8, 8))

transforms.ToPILImage()(im)
ds_val = PlantValSet(

    train_rows, 

    tf=aug_eval)
ds_test = PlantTestSet(

    TEST_DIR, 

    tf=aug_eval)
im = ds_test.__getitem__(150)

print(im.size())

plt.figure(figsize=(8, 8))

transforms.ToPILImage()(im)
dl_train = DataLoader(ds_train, batch_size=8, shuffle=True, num_workers=8)

dl_val = DataLoader(ds_val, batch_size=1, shuffle=False)

dl_test = DataLoader(ds_test, batch_size=1, shuffle=False)
class SmallCNN(nn.Module):

    def __init__(self):

        super(SmallCNN, self).__init__()

        

        self.features = nn.Sequential(

            nn.Conv2d(3, 6, 5),

            nn.BatchNorm2d(6),

            nn.MaxPool2d(2, 2),

            nn.Dropout(0.5),

            nn.Conv2d(6, 16, 5),

            nn.BatchNorm2d(16),

            nn.MaxPool2d(2, 2),

            nn.Dropout(0.5),

            nn.Conv2d(16, 32, 5)

        )

        

        self.classifier = nn.Sequential(

            nn.Linear(32 * 49 * 49, 512),

            nn.ReLU(),

            nn.Linear(512, 100),

            nn.ReLU(),

            nn.Linear(100, len(name_to_idx))

        )             



    def forward(self, x):

        x = self.features(x)

        x = x.view(x.size(0), -1)

        x = self.classifier(x)

        return x



cnn = SmallCNN()
cnn
ce = nn.CrossEntropyLoss()

sgd = optim.SGD(cnn.parameters(), lr=0.0001, momentum=0.9)
for ep in range(3):



    run_loss = 0.0

    for step, rows in enumerate(iter(dl_train), 0):

        # ...

        xb, yb = rows



        # ...

        sgd.zero_grad()



        # ...

        logits = cnn(xb)

        l = ce(logits, yb)

        l.backward()

        sgd.step()



        # ...

        run_loss += l.item()

        if step % 50 == 49:

            print('[%d, %5d] loss: %.3f' %

                  (ep + 1, step + 1, run_loss / 50))

            run_loss = 0.0



print('training done')
torch.save(cnn.state_dict(), '/kaggle/working/plant_cnn.pth')
cnn = SmallCNN()

cnn.load_state_dict(torch.load('/kaggle/working/plant_cnn.pth'))
n_ok = 0

n_top3 = 0

n_seen = 0

with torch.no_grad():

    # ...

    for step in range(len(ds_val)):

        try:

            paths, y_true = ds_val.__getitem__(step)

            paths = paths[None, :, :]

            

            ranked = cnn(paths).numpy()[0].argsort()[::-1]

            

            if y_true == ranked[0]:

                n_ok += 1

            

            if y_true in ranked[:3]:

                n_top3 += 1

            

            n_seen += 1

        except:

            print('skipped one')



print('val accuracy: %d %%' % (100 * n_ok / n_seen))

print('val top-3 accuracy: %d %%' % (100 * n_top3 / n_seen))

print('evaluated: ', n_seen)