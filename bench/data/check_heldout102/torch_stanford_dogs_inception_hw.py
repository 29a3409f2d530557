# -*- coding: utf-8 -*-
"""dogs_hw.ipynb

Exported from a Colab notebook.

Homework: train a classifier on a small (20-breed) subset of the Stanford Dogs images.

Parts of the assignment
0. install the packages in requirements.txt
1. data loading
    * 1.1. a torch Dataset that reads the dog images
    * 1.2. an 80 / 20 split per breed, handed to DataLoaders
2. the CNN
    * 2.1. a torchvision model
    * 2.2. a self-designed CNN (needs at least 70% test accuracy)
    * 2.3. print both architectures with torchsummary
3. the training loop and test accuracy
4. plot the loss and the train / test accuracy per epoch and save the figures

Hand in the notebooks and the figures as one archive.
"""

import os, torch, torchvision, random
import pandas as pd
import numpy as np
import torch.nn as nn
import matplotlib.pyplot as plt
from PIL import Image

import torch.nn.functional as F
import torchvision.transforms as transforms
import torchvision.models as models
from torch.utils.data import Dataset, random_split, DataLoader
from torchvision.datasets import ImageFolder
from torchvision import models
from torch import optim
from torch.optim import lr_scheduler
from torchsummary import summary
import time

dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

from google.colab import drive
drive.mount('/content/drive',force_remount=False)

"""### Part 1: data loading"""

# 1.1. the Dataset

class BreedImages(Dataset):

    def __init__(self, paths, targets, transform):

        self.paths = paths # image files
        self.targets = targets # breed index of each file
        self.transform = transform # preprocessing

    def __len__(self):

        return len(self.paths) # number of images

    def __getitem__(self, k):

        img = Image.open(self.paths[k]).convert('RGB')
        img = self.transform(img)
        target = np.array(self.targets[k])

        return img, target # one sample

norm = transforms.Normalize(mean = [0.485, 0.456, 0.406], std = [0.229, 0.224, 0.225])

# preprocessing
tf_train = transforms.Compose([
    transforms.Resize(256),
    transforms.RandomResizedCrop(224),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
    norm
])

tf_test = transforms.Compose([
    transforms.Resize(224),
    transforms.CenterCrop(224),
    transforms.ToTensor(),
    norm
])

# 1.2. the split

def make_loaders(root):

    folder = ImageFolder(root)

    # one list per breed
    per_breed = [[] for i in range(len(folder.classes))]
    # print(per_breed)

    # file names grouped by breed
    for p, c in folder.samples:
        per_breed[c].append(p)

    tr_paths, te_paths = [], []
    tr_targets, te_targets = [], []

    for b, files in enumerate(per_breed): # b: breed index, files: its image paths

        np.random.seed(42)
        np.random.shuffle(files)

        # -------------------------------------------
        # 80% train, 20% test within each breed
        # -------------------------------------------

        frac_train = 0.8
        frac_test = 0.2

        # print(str(b) + ': ' + str(len(files)) + ' | ' + str(frac_train) + ' | ' + str(frac_test))

        for p in files[:int(len(files)*frac_train)] : # first 80% to train
            tr_paths.append(p)
            tr_targets.append(b)

        for p in files[int(len(files)*frac_train):] : # last 20% to test
            te_paths.append(p)
            te_targets.append(b)

    tr_loader = DataLoader(BreedImages(tr_paths, tr_targets, tf_train),
                                  batch_size = bs, shuffle = True, num_workers= 4)
    te_loader = DataLoader(BreedImages(te_paths, te_targets, tf_test),
                                  batch_size = bs, shuffle = False, num_workers= 4)

    return tr_loader, te_loader

"""### Part 2: the CNN"""

# 2.2. own design: VGG-like stem with inception blocks

class DogNet(nn.Module):

    def __init__(self):

        super(DogNet, self).__init__()
        self.plan = [64,64,"M",128,128,"M",256,'I',"M",512,'I','I',"M",512,'I']
        self.in_channels = 3
        self.prev_out = 0
        self.side = 224
        self.n_classes = 20
        self.features = self.make_features(self.plan)
        self.head = nn.Sequential(
        nn.Linear(512, 1024), # pooled to 1 x 1 x 512 then flattened
        nn.BatchNorm1d(1024),
        nn.ReLU(True),
        nn.Dropout(p= 0.5),
        nn.Linear(1024,1024),
        nn.BatchNorm1d(1024),
        nn.ReLU(True),
        nn.Dropout(p= 0.5),
        # nn.Linear(1024,1024),
        # nn.BatchNorm1d(1024),
        # nn.ReLU(True),
        # nn.Dropout(p= 0.5),
        nn.Linear(1024, self.n_classes))

    def forward(self, x):

        x = self.features(x)
        x = nn.AdaptiveAvgPool2d(1)(x)
        x = x.reshape(x.shape[0],-1)
        x = self.head(x)
        return x

    def make_features(self, plan): # turn the plan into layers
        mods = []
        c_in = self.in_channels

        for item in plan: # one entry of the plan at a time
            if type(item) == int:
                c_out = item
                mods += [nn.Conv2d(in_channels= c_in, out_channels= c_out,
                kernel_size=(3,3), stride=(1,1), padding=(1,1)),nn.BatchNorm2d(c_out) ,nn.ReLU(True)]
                c_in = c_out # next layer reads these channels
                self.prev_out = c_out

            elif item == 'M': # pooling, no weights
                mods += [nn.MaxPool2d(kernel_size=(2,2), stride= (2,2))]

            elif item == 'I': # inception block
                ch = self.prev_out
                if ch == 256:
                  mods += [MultiBranch(ch, 64, 96, 128, 16, 32, 32)]
                elif ch == 512:
                  mods += [MultiBranch(ch, 192, 96, 208, 16, 48, 64)]

        return nn.Sequential(*mods)

class MultiBranch(nn.Module):
    def __init__(self, c_in, o1, r3, o3, r5, o5, opool):
        super(MultiBranch, self).__init__()
        self.b1 = ConvBNReLU(c_in, o1, kernel_size= 1)

        self.b2 = nn.Sequential(
          ConvBNReLU(c_in, r3, kernel_size= 1),
          ConvBNReLU(r3, o3, kernel_size= 3, stride= 1, padding= 1))

        self.b3 = nn.Sequential(
          ConvBNReLU(c_in, r5, kernel_size= 1),
          ConvBNReLU(r5, o5, kernel_size= 5, stride= 1, padding= 2))

        self.b4 = nn.Sequential(
          nn.MaxPool2d(kernel_size= 3, stride= 1, padding= 1),
          ConvBNReLU(c_in, opool, kernel_size= 1))

    def forward(self, x):
        # four branches joined on the channel axis
        return torch.cat([self.b1(x), self.b2(x), self.b3(x), self.b4(x)], dim= 1)
        # dim 0 would stack on the batch axis instead

# the building block of the branches
class ConvBNReLU(nn.Module):
    def __init__(self, c_in, c_out, **kw):
        super(ConvBNReLU, self).__init__()
        self.act = nn.ReLU()
        self.conv = nn.Conv2d(c_in, c_out, **kw)
        self.bn = nn.BatchNorm2d(c_out)

    def forward(self,x):
        return self.act(self.bn(self.conv(x)))

summary(DogNet().to(dev),(3,224,224))

"""### Settings

tune as needed
"""

torch.cuda.empty_cache()
bs = 64
lr = 1e-4
n_epochs = 50

root_dir = '/content/drive/My Drive/data/stanford_dog'

# 2.3.

tr_loader, te_loader = make_loaders(root_dir)

torch.cuda.empty_cache()
net = DogNet().to(dev) # the self-designed network

# opt = optim.SGD(net.parameters(), lr = lr, momentum= 0.9, weight_decay= 0.0001)
# sched = lr_scheduler.StepLR(opt, step_size=20, gamma=0.1)
opt = optim.Adam(net.parameters(), lr = lr) # the optimiser

# print(summary(net, (3,224,224))

# the loss
loss_fn = nn.CrossEntropyLoss()
 # cross entropy over the 20 breeds

epoch_losses = []
acc_train_hist, acc_test_hist = [], []
top_acc, top_auc = 0.0, 0.0

"""### 3. training and testing"""

def run():
  if __name__ == '__main__':

    for ep in range(n_epochs):
      t0 = time.time()
      n_steps = 0
      ok_train, seen_train = 0, 0
      ok_test, seen_test = 0, 0
      running = 0.0

      net.train() # training mode

      print('epoch: ' + str(ep + 1) + ' / ' + str(n_epochs))

      # ---------------------------
      # training
      # ---------------------------

      for k, (xb, yb) in enumerate(tr_loader) :
          # print('step :{}'.format(k),end='\r')
          t_step = time.time()
          xb, yb = xb.to(dev), yb.to(dev)

          opt.zero_grad()
          t_fwd = time.time()
          out = net(xb) # forward pass
          # print('forward took {:.2f} s'.format(time.time()-t_fwd),end='\r')
          loss = loss_fn(out, yb) # the loss

          loss.backward() # gradients
          opt.step() # update

          # running train accuracy
          _, pred = torch.max(out.data,1)
          seen_train += yb.size(0)
          ok_train += (pred == yb).sum().item()

          running += loss.item()
          n_steps += 1
          # print('step took {:.2f} s'.format(time.time()-t_step),end='\r')
      # sched.step()
      print('train epoch: %d / loss: %.3f | acc: %.3f' % \
            (ep + 1, running / n_steps, ok_train / seen_train))
      t1 = time.time()
      print('epoch took %.3f s'%(t1-t0))


      # --------------------------
      # testing
      # --------------------------

      net.eval() # evaluation mode

      for k, (xb, yb) in enumerate(te_loader) :

          with torch.no_grad(): # no graph while testing
              xb, yb = xb.to(dev), yb.to(dev)

              out = net(xb) # forward pass
  #                 accuracy below
              _, pred = torch.max(out.data,1)
              seen_test += yb.size(0)
              ok_test += (pred == yb).sum().item()

      print('test acc: %.3f' % (ok_test / seen_test))

      acc_train_hist.append(100 *(ok_train / seen_train)) # train accuracy
      acc_test_hist.append(100 * (ok_test / seen_test))  # test accuracy
      epoch_losses.append(running / n_steps) # loss
  return 'done'

run()

"""### 4. curves of loss and accuracy"""

plt.figure()

plt.plot(list(range(1,n_epochs+1)), epoch_losses) # loss curve

plt.title('Training Loss')
plt.ylabel('loss'), plt.xlabel('epoch')
plt.legend(['loss'], loc = 'upper left')
plt.savefig('loss.jpg')
plt.show()

plt.figure()

plt.plot(list(range(1,n_epochs+1)), acc_train_hist) # train accuracy
plt.plot(list(range(1,n_epochs+1)), acc_test_hist) # test accuracy

plt.title('Training acc')
plt.ylabel('acc (%)'), plt.xlabel('epoch')
plt.legend(['training acc', 'testing acc'], loc = 'upper left')
plt.savefig('accu.jpg')
plt.show()

torch.save(net, 'dog_classifier.pt')
