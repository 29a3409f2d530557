import os
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split
from utils import DefectImages, accuracy_of
from models import SmallDefectCNN, DefectResNet

import argparse

ap = argparse.ArgumentParser()

ap.add_argument('-t', '--target', required=True, help='object category')
ap.add_argument('-c', '--no_cuda', required=False, default=None, help='gpu index')
ap.add_argument('--lr', default= 0.001, type=float , required=False, help='step size')
ap.add_argument('--no_epoch', default= 30, type= int, required=False, help='epochs')
ap.add_argument('--model', default= 'simpleCNN', required=True, help='simpleCNN, resnet18')
# ap.add_argument('--freeze', default= True, type=bool, required=False, help='freeze the backbone')

opt = ap.parse_args()

category = opt.target
arch = opt.model
# freeze = opt.freeze

ckpt_dir = os.path.join('./saves/', category)

if not os.path.exists(ckpt_dir):
    os.makedirs(ckpt_dir)

dev_name='cuda'

if opt.no_cuda is not None:
    dev_name = 'cuda:'+str(opt.no_cuda)

dev = torch.device(dev_name if torch.cuda.is_available() else 'cpu')

good_dirs = [os.path.join('./data/', category, 'train', 'good'), os.path.join('./data/', category, 'test', 'good')]

test_root = os.path.join('./data/', category, 'test')
test_kinds = next(os.walk(test_root))[1]

defect_dirs=[]

for kind in test_kinds:
    if kind != 'good':
        defect_dirs.append(os.path.join('./data/', category, 'test', kind))

# defect_dirs = ['./data/bottle/test/broken_large/', './data/bottle/test/broken_small/']


full_set = DefectImages(good_dirs, defect_dirs)

n_val = int(len(full_set)*0.15)
n_test = int(len(full_set)*0.15)
n_train = len(full_set) - n_val - n_test

tr_set, va_set, te_set =random_split(full_set,[n_train, n_val, n_test])

tr_loader = DataLoader(tr_set, batch_size=16, shuffle=True)
va_loader = DataLoader(va_set, batch_size=16, shuffle=False)
te_loader = DataLoader(te_set, batch_size=16, shuffle=False)


step = opt.lr
epochs = opt.no_epoch

if arch == 'simpleCNN':
    clf = SmallDefectCNN().to(dev)
elif arch == 'resnet18':
    clf = DefectResNet().to(dev)
else:
    print('unknown architecture')

bce = nn.BCELoss()
optim = torch.optim.Adam(clf.parameters(), lr=step)

best_va = 0.

for ep in range(epochs):
    n_seen=0
    running=0
    for it, (x, y) in enumerate(tr_loader):
        x = x.to(dev)
        y = y.to(dev, dtype=torch.float)
        y = y.view(-1,1)
        p = clf(x)

        optim.zero_grad()
        loss = bce(p, y)
        loss.backward()
        optim.step()

        running+=loss.item()
        n_seen+=1

        if it%10==0:
            clf.eval()
            va_acc = accuracy_of(clf, va_loader, dev)
            if va_acc > best_va:
                best_va = va_acc
                ckpt = os.path.join(ckpt_dir,   'ep-{:02d}-va-{:.3f}.pth'.format(ep, va_acc))
                torch.save(clf.state_dict(), ckpt)
                print('best val acc: {:.3f} test acc: {:.3f}'.format(best_va, accuracy_of(clf, te_loader, dev)))
            clf.train()
    if best_va == 1:
        break
    print('ep : {:02d} loss: {:.4f} train acc: {:.3f} '.format(ep, running/n_seen, accuracy_of(clf, tr_loader, dev)))

if arch == 'simpleCNN':
    final = SmallDefectCNN().to(dev)
elif arch == 'resnet18':
    final = DefectResNet().to(dev)
else:
    print('unknown architecture')

print('checkpoint: {}'.format(ckpt))
final.load_state_dict(torch.load(ckpt))
final.eval()
te_acc = accuracy_of(final, te_loader, dev)
print('final test acc : ', te_acc)

with open('./saves/test_results.txt', 'a') as fh:
    fh.write('resnet18 frozen {:15}:{:.4f}\n'.format(category, te_acc))
