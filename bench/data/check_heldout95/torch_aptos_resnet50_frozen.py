import numpy as np
import pandas as pd
import os
import glob
import sys
sys.setrecursionlimit(100000)  # deeper recursion allowed
import torch
import torchvision
from torch import nn, optim
import torch.nn.functional as F
from PIL import Image, ImageFile
from torchvision import transforms
from torch.utils.data import Dataset, DataLoader
from torchvision import models
import imageio
import matplotlib.pyplot as plt
import matplotlib.image as mpimg
import warnings
warnings.filterwarnings("ignore")
print(torch.__version__)
os.listdir('../input')
WANT_GPU = True
fundus_dir = '../input/aptos2019-blindness-detection/train_images/'
fundus_table = pd.read_csv('../input/aptos2019-blindness-detection/train.csv')
fundus_table.head(10)
fundus_table["diagnosis"].value_counts().plot(kind="pie")
fundus_test_dir = '../input/aptos2019-blindness-detection/test_images'
fundus_test_table = pd.read_csv("../input/aptos2019-blindness-detection/test.csv", encoding='latin-1')
fundus_test_table.head()
plt.figure(figsize=[15,15])
k = 1
for code in fundus_table['id_code'][:12]:
    pic = mpimg.imread(fundus_dir + code + '.png')
    plt.subplot(6,4,k)
    plt.imshow(pic)
    k += 1
plt.show()
class FundusSet(Dataset):
    def __init__(self, table, folder, tfm):
        super().__init__()
        self.table = table
        self.folder = folder
        self.tfm = tfm
    def __len__(self):
        return len(self.table)
    def __getitem__(self, i):
        fname = self.table.id_code[i] + '.png'
        grade = self.table.diagnosis[i]
        fpath = os.path.join(self.folder, fname)
        pic = mpimg.imread(fpath)
        pic = (pic + 1) * 127.5
        pic = pic.astype(np.uint8)
        pic = self.tfm(pic)
        return pic, grade
from IPython.display import Image
preview_files = ['../input/aptos2019-blindness-detection/train_images/000c1434d8d7.png',
                    '../input/aptos2019-blindness-detection/train_images/001639a390f0.png',
                   '../input/aptos2019-blindness-detection/train_images/002c21358ce6.png',
                    '..//input/aptos2019-blindness-detection/train_images/005b95c28852.png',
                    '../input/aptos2019-blindness-detection/train_images/005b95c28852.png'
                   ]
for f in preview_files:
    display(Image(filename=f))
fit_tfm = transforms.Compose([transforms.ToPILImage(mode='RGB'),
                                  transforms.RandomHorizontalFlip(),
                                  transforms.Resize(265),
                                  transforms.CenterCrop(224),
                                  transforms.ToTensor(),
                                     transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))])
eval_tfm = transforms.Compose([transforms.ToPILImage(mode='RGB'),
                                  transforms.Resize(265),
                                  transforms.CenterCrop(224),
                                  transforms.ToTensor(),
                                    transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))])
fit_set = FundusSet(table = fundus_table, folder = fundus_dir, tfm = fit_tfm)
eval_set = FundusSet(table = fundus_test_table, folder = fundus_test_dir, tfm = eval_tfm)
fit_loader = DataLoader(dataset = fit_set, batch_size=64, shuffle=True)
eval_loader = DataLoader(dataset = eval_set, batch_size=64)
import torch
from torchvision import datasets, transforms
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
net = torchvision.models.resnet50()
net.load_state_dict(torch.load("../input/resnet50/resnet50.pth"))
net
for w in net.parameters():
    w.requires_grad = False
import time
net.fc = nn.Linear(2048, 5)
net.to(dev)
opt = optim.Adam(net.parameters(), lr=0.01)
ce = nn.CrossEntropyLoss()
n_epochs = 15
n_steps = 0
run_loss = 0
log_every = 5
loss_trace=[]
for ep in range(n_epochs):
    net.train()
    for j, (xb, yb) in enumerate(fit_loader):
        xb, yb = xb.cuda(), yb.cuda()
        opt.zero_grad()
        logits = net(xb)
        loss = ce(logits, yb)
        loss.backward()
        opt.step()
        if j % 1000 == 0:
            loss_trace.append(loss.item())
        if ep % 10 == 9:
          torch.save(net.state_dict(), 'fundus_resnet50-ep{}.pth'.format(ep+1))
    print('pass: {} - loss: {:.6f}'.format(ep + 1, loss.item()))
sub_table = pd.read_csv('../input/aptos2019-blindness-detection/sample_submission.csv')
eval_set = FundusSet(table = sub_table, folder = fundus_test_dir, tfm = eval_tfm)
eval_loader = DataLoader(dataset = eval_set, shuffle=False)
grades = []
net.eval()
with torch.no_grad():
    for j, (xb, _) in enumerate(eval_loader):
        xb = xb.cuda()
        logits = net(xb)
        logits = logits.cpu().detach().numpy()
        grades.append(logits[0])
sub_table['diagnosis'] = np.argmax(grades, axis=1)
sub_table.head(15)
sub_table.to_csv('submission.csv', index=False)
