# ...

# ...

# ...



import numpy as np

import pandas as pd



# ...

# ...



import os

print(os.listdir("../input"))

from PIL import Image

import matplotlib.pyplot as plt

from torch.utils.data import Dataset, DataLoader

from sklearn import preprocessing

import torch

import torch.nn as nn

import torch.nn.functional as F

from torchvision import datasets, transforms

import time

# ...
all_jpgs = os.listdir('../input/train/')

len(all_jpgs)
all_jpgs = list(filter(lambda x: x != 'train', all_jpgs))

len(all_jpgs)
def in_train_dir(p): return f"../input/train/{p}"

all_jpgs = list(map(in_train_dir, all_jpgs))
class PetImages(Dataset):

    def __init__(self, files, prep):

        super().__init__()

        self.file_list = files

        self.n_items = len(self.file_list)

        self.prep = prep

        

    def __len__(self): return self.n_items

    

    def __getitem__(self, i): 

        fp = self.file_list[i]

        im = Image.open(fp).convert('RGB')

        im = self.prep(im)

        target = 0 if 'cat' in fp else 1

        return (im, target)
prep = transforms.Compose([

    transforms.Resize((224, 224)),

    transforms.ToTensor(),

    transforms.Normalize((0.5,), (0.5,))

])

import random
random.shuffle(all_jpgs)

fit_jpgs = all_jpgs[:20000]

hold_jpgs = all_jpgs[20000:]
fit_set = PetImages(fit_jpgs, prep)

fit_loader = DataLoader(fit_set, batch_size=100)

len(fit_set), len(fit_loader)
hold_set = PetImages(hold_jpgs, prep)

hold_loader = DataLoader(hold_set, batch_size=100)

len(hold_set), len(hold_loader)
class ThreeConvNet(nn.Module):

    def __init__(self):

        super().__init__()

        self.c1 = nn.Conv2d(in_channels = 3, out_channels = 16, kernel_size=(5, 5), stride=2, padding=1)

        self.c2 = nn.Conv2d(in_channels = 16, out_channels = 32, kernel_size=(5, 5), stride=2, padding=1)

        self.c3 = nn.Conv2d(in_channels = 32, out_channels = 64, kernel_size=(3, 3), padding=1)

        self.l1 = nn.Linear(in_features= 64 * 6 * 6, out_features=500)

        self.l2 = nn.Linear(in_features=500, out_features=50)

        self.l3 = nn.Linear(in_features=50, out_features=2)

        

        

    def forward(self, t):

        t = F.relu(self.c1(t))

        t = F.max_pool2d(t, 2)

        

        t = F.relu(self.c2(t))

        t = F.max_pool2d(t, 2)

        

        t = F.relu(self.c3(t))

        t = F.max_pool2d(t, 2)

        

# ...

        t = t.view(t.shape[0], -1)

        t = F.relu(self.l1(t))

        t = F.relu(self.l2(t))

        t = self.l3(t)

        

# ...

        return t
net = ThreeConvNet().cuda()

loss_hist = []

acc_hist = []

N_EP = 5

t_begin = time.time()

xent = nn.CrossEntropyLoss()

adam = torch.optim.Adam(net.parameters(), lr = 0.001)

for ep in range(N_EP):

    ep_loss = 0

    ep_acc = 0

    for t, tgt in fit_loader:

        t = t.cuda()

        tgt = tgt.cuda()

        logits = net(t)

        step_loss = xent(logits, tgt)

        

        adam.zero_grad()

        step_loss.backward()

        adam.step()

        

        step_acc = ((logits.argmax(dim=1) == tgt).float().mean())

        ep_acc += step_acc

        ep_loss += step_loss

        print('.', end='', flush=True)

        

    ep_acc = ep_acc/len(fit_loader)

    acc_hist.append(ep_acc)

    ep_loss = ep_loss / len(fit_loader)

    loss_hist.append(ep_loss)

    print("ep {} | fit loss {:.4f} acc {:.4f} | {}s".format(ep, ep_loss, ep_acc, time.time() - t_begin))





    with torch.no_grad():

        va_loss_sum = 0

        va_acc_sum = 0

        for va_t, va_tgt in hold_loader:

            va_t = va_t.cuda()

            va_tgt = va_tgt.cuda()

            va_logits = net(va_t)

            va_step_loss = xent(va_logits, va_tgt)



            va_loss_sum += va_step_loss            

            va_step_acc = ((va_logits.argmax(dim=1) == va_tgt).float().mean())

            va_acc_sum += va_step_acc

        va_acc_sum = va_acc_sum/len(hold_loader)

        va_loss_sum = va_loss_sum / len(hold_loader)

        print("ep {} | hold loss {:.4f} acc {:.4f} | {}s\n".format(ep, va_loss_sum, va_acc_sum, time.time() - t_begin))
eval_jpgs = os.listdir('../input/test/')

len(eval_jpgs)
eval_jpgs = list(filter(lambda x: x != 'test', eval_jpgs))

len(eval_jpgs)
def in_test_dir(p): return f"../input/test/{p}"

eval_jpgs = list(map(in_test_dir, eval_jpgs))
eval_jpgs[:10]
class PetImagesUnlabelled(Dataset):

    def __init__(self, files, prep):

        super().__init__()

        self.file_list = files

        self.n_items = len(self.file_list)

        self.prep = prep

        

    def __len__(self): return self.n_items

    

    def __getitem__(self, i): 

        fp = self.file_list[i]

        im = Image.open(fp).convert('RGB')

        im = self.prep(im)

        stem = fp.split('/')[-1].split('.')[0]

        return (im, stem)
eval_set = PetImagesUnlabelled(eval_jpgs, prep)

eval_loader = DataLoader(eval_set, batch_size=100)

len(eval_set), len(eval_loader)
rows = []

with torch.no_grad():

    for t, stem in eval_loader:

        t = t.cuda()

        logits = net(t)

        p_dog = F.softmax(logits, dim=1)[:, 1].tolist()

        rows += list(zip(list(stem), p_dog))

# ...
len(rows)
rows.sort(key = lambda d: int(d[0]))
rows[:10]
id_col = list(map(lambda x: x[0], rows))

p_col = list(map(lambda x: x[1], rows))
id_col[:10], p_col[:10]
result = pd.DataFrame({'id':id_col,'label':p_col})

result.to_csv('submission.csv', i=False)
result.head()
# ...