import os
import time
import nibabel as nib

import torch
from torch.utils.data import Dataset
from torchvision import transforms
from torch.utils.data import DataLoader
import torch.nn.functional as F
import torch.nn as nn
import matplotlib.pyplot as plt

from lpba_prep import read_patch_pair,grid_corners,cut_subject,labels_to_onehot



SEED = 123
cube = 32
raw_root = r'E:\mri\LPBA40\native_space'
patch_root = r'E:\mri\LPBA40\patches'
out_root = r'E:\mri\LPBA40\out'

n_train_subjects = 30#subjects used to fit
n_pred_subjects = 2#subjects to predict later

if torch.cuda.is_available():
    torch.backends.cudnn.deterministic = True

dev = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')



class PatchSet(Dataset):
    """reads pre-cut T1/label patch pairs from disk"""
    def __init__(self, patch_root, mode,count, img_tf=None, lab_tf=None):

        self.patch_root = patch_root
        self.mode = mode
        self.count = count
        #self.lab = to_labels(lab)
        self.img_tf = img_tf
        self.lab_tf = lab_tf

    def __getitem__(self, i):
        i = i + 1
        [t1,lab] = read_patch_pair(self.patch_root, i, self.mode)
        #analyze .hdr inputs carry a trailing axis
        t1 = t1[:,:,:,0]
        lab = lab[:,:,:,0]

        if self.img_tf is not None:
            t1 = self.img_tf(t1)
        if self.lab_tf is not None:
            lab = self.lab_tf(lab)

        return t1, lab

    def __len__(self):
        return self.count

img_tf = transforms.Compose([
    #transforms.RandomAffine(degrees=(-20, 20), translate=(0.15, 0.15)),
    transforms.ToTensor(), 
    ])

lab_tf = transforms.Compose([
    #transforms.RandomAffine(degrees=(-20, 20), translate=(0.15, 0.15)),
    transforms.ToTensor(), 
    ])



n_train = 0
n_test = 0
n_pred = 0

for sid in range(1,n_train_subjects+1):
    n_train = n_train + cut_subject(raw_root, patch_root, sid, n_train, mode=0, patch_size=32)

for sid in range(n_train_subjects+1,41):
    n_test = n_test + cut_subject(raw_root, patch_root, sid, n_test, mode=1, patch_size=32)

BS = 8
train_set = PatchSet(patch_root,
            count = n_train,
            mode = 0,
            img_tf = img_tf,
            lab_tf = img_tf)

train_dl = DataLoader(dataset=train_set,
                          batch_size=BS,
                          shuffle=True)
                          #num_workers=1)

val_set = PatchSet(patch_root,
            count = n_test,
            mode = 1,
            img_tf = img_tf,
            lab_tf = img_tf)

val_dl = DataLoader(dataset=val_set,
                          batch_size=BS,
                          shuffle=True)
                          #num_workers=1)


torch.manual_seed(0)

n_ep = 2
for ep in range(n_ep):

    for bi, (t1, lab) in enumerate(train_dl):

        print('epoch:', ep+1, end='')
        print(' | step:', bi, end='')
        print(' | n:', lab.size()[0])
        t1 = t1.type(torch.FloatTensor)
        lab = lab.type(torch.FloatTensor)
        t1 = t1.view(-1, 1,cube,cube,cube).to(dev)
        lab = lab.view(-1, 1,cube,cube,cube).to(dev)
        print('input shape', t1.shape)
        print('just checking one batch')
        break

#################################
### network
#################################

class TwoConv(nn.Module):
    '''two (conv, BN, ReLU) stages'''
    def __init__(self, c_in, c_out):
        super(TwoConv, self).__init__()
        self.seq = nn.Sequential(
        nn.Conv3d(c_in, c_out, 3, padding=1),
        nn.BatchNorm3d(c_out),
        nn.ReLU(inplace=True),
        nn.Conv3d(c_out, c_out, 3, padding=1),
        nn.BatchNorm3d(c_out),
        nn.ReLU(inplace=True))
    
    def forward(self, x):
        x = self.seq(x)
        return x


class Stem(nn.Module):
    def __init__(self, c_in, c_out):
        super(Stem, self).__init__()
        self.seq = TwoConv(c_in, c_out)

    def forward(self, x):
        x = self.seq(x)
        return x


class Head(nn.Module):
    def __init__(self, c_in, c_out):
        super(Head, self).__init__()
        self.seq = nn.Conv3d(c_in, c_out, 1)

    def forward(self, x):
        x = self.seq(x)
        return x


class Down(nn.Module):
    def __init__(self, c_in, c_out):
        super(Down, self).__init__()
        self.seq = nn.Sequential(
        nn.MaxPool3d(2),
        TwoConv(c_in, c_out))

    def forward(self, x):
        x = self.seq(x)
        return x

class Up(nn.Module):
    def __init__(self, c_in, c_out):
        super(Up, self).__init__()
        self.seq = nn.Sequential(
        TwoConv(c_in, c_out),
        nn.Upsample(scale_factor=2, mode='nearest'))

    def forward(self, x):
        x = self.seq(x)
        return x

class ConvStack(nn.Module):
    def __init__(self, c_in, c_out, use_bn, depth=2):
        super(ConvStack, self).__init__()

        self.blocks = nn.ModuleList()
        if use_bn:
            blk = nn.Sequential(nn.Conv3d(c_in, c_out, 3, 1, padding=1),
                nn.BatchNorm3d(c_out),
                nn.ReLU())
            self.blocks.append(blk)
            for _ in range(1, depth):
                blk = nn.Sequential(nn.Conv3d(c_out, c_out, 3, 1, padding=1),
                    nn.BatchNorm3d(c_out),
                    nn.ReLU())
                self.blocks.append(blk)
        else:
            blk = nn.Sequential(nn.Conv3d(c_in, c_out, 3, 1, padding=1),
                    nn.ReLU())

            self.blocks.append(blk)
            for _ in range(1, depth):
                blk = nn.Sequential(nn.Conv3d(c_out, c_out, 3, 1, padding=1),
                        nn.ReLU())
                self.blocks.append(blk)

    def forward(self, inp):
        out = inp
        for blk in self.blocks:
            out = blk(out)
        return out
    
class Net3D(nn.Module):
    def __init__(self, in_ch, n_out):
        super(Net3D, self).__init__()
        self.stem = Stem(in_ch, 32)
        self.d1 = Down(32, 64)
        self.d2 = Down(64, 128)
        self.d3 = Down(128, 256)
        self.d4 = Down(256, 512)
        self.mid = ConvStack(512,1024,use_bn = True)
        self.u5 = Up(1024, 512)
        self.u4 = Up(512, 256)
        self.u3 = Up(256, 128)
        self.u2 = Up(128, 64)
        self.u1 = Up(64, 32)
        self.u0 = Up(32,  n_out)

    def forward(self, x):
        e1 = self.stem(x.float())
        e2 = self.d1(e1)
        e3 = self.d2(e2)
        e4 = self.d3(e3)
        e5 = self.d4(e4)
        m = self.mid(e5)
        e5 = self.u5(m)
        e4 = self.u4(e5)
        e3 = self.u3(e4)
        e2 = self.u2(e3)
        e1 = self.u1(e2)
        e0 = self.u0(e1)
        sz0 = x.size()[2]
        sz1 = x.size()[3]
        sz2 = x.size()[4]
        self.resize = nn.Upsample(size = (sz0,sz1,sz2),mode='trilinear')
        scores = self.resize(e0)
        p = F.softmax(scores)
        return scores,p

#################################
### set up
#################################
torch.manual_seed(SEED)

net = Net3D(in_ch=1, n_out=4)
net = net.float()

opt = torch.optim.SGD(net.parameters(), lr=0.05,momentum=0.9)

#################################
### losses
#################################
def focal(pred,lab):
    gamma = 2
    alpha = 0.25

    lab = labels_to_onehot(lab)
    
    shp = lab.shape
    ones = torch.ones(shp)
    zeros = torch.zeros(shp)
    
    return cost


def tversky_loss(pred, lab):
    #Tversky index as a loss
    '''
    alpha=beta=0.5 gives Dice
    alpha=beta=1 gives Jaccard
    alpha+beta=1 gives a Dice variant
    '''
    alpha = 1
    beta = 1

    #one-hot the labels
    lab = labels_to_onehot(lab)

    shp = lab.shape
    ones = torch.ones(shp)
    p0 = pred
    p1 = ones - p0
    g0 = lab
    g1 = ones - g0

    tp = torch.sum(p0 * g0)
    fp = torch.sum(p1 * g0)
    fn = torch.sum(p0 * g1)
    ti = tp / (tp + alpha*fn + beta*fp)
    cost = 1-ti

    return cost

def dice_loss_3d(pred,lab):
    lab = labels_to_onehot(lab)

    shp = lab.shape
    ones = torch.ones(shp)
    p0 = pred
    p1 = ones - p0
    g0 = lab
    g1 = ones - g0

    tp = torch.sum(p0 * g0)
    fp = torch.sum(p1 * g0)
    fn = torch.sum(p0 * g1) 

    d = 2*tp / (2*tp + fp + fn)
    cost = 1-d
    return cost

def focal(pred, lab):
    gamma = 2
    alpha = 0.25

    pt1 = torch.where(torch.equal(lab,1), pred,torch.ones(pred))
    pt0 = torch.where(torch.equal(lab,0), pred,torch.ones(pred))
    #cost = (-1)*torch.sum(alpha*torch.pow(1. - pt1, gamma) * torch.log(pt1))-torch.sum((1-alpha
    return 0
                        

def mean_loss(net, dl):
    acc_loss, n_vox = 0., 0
    with torch.no_grad():
        for t1, lab in dl:
            t1 = t1.view(-1,1,cube,cube,cube).to(dev)
            lab = lab.view(-1,cube,cube,cube).to(dev)
            t1 = t1.type(torch.FloatTensor)
            lab = lab.type(torch.FloatTensor)
            scores, p = net(t1)
            #loss = 0
            loss = dice_loss_3d(p,lab)
            #cost = F.cross_entropy(scores, lab)
            
            n_vox += lab.size(0)*32*32*32
            acc_loss += loss

        acc_loss = acc_loss / n_vox
        return acc_loss

################################################
# voxel accuracy
###############################################

def voxel_accuracy(net, dl):
    n_right, n_vox = 0, 0
    with torch.no_grad():
        for t1, lab in dl:

            t1 = t1.view(-1,1,cube,cube,cube).to(dev)
            lab = lab.view(-1,cube,cube,cube).to(dev)
            t1 = t1.type(torch.FloatTensor)
            lab = lab.type(torch.FloatTensor)
            scores, p = net.forward(t1)
            pred = torch.argmax(p, 1)
            n_vox += lab.size(0)*32*32*32
            n_right += (pred == lab).sum()
        return n_right.float()/n_vox * 100


t0 = time.time()
step_costs = []
ep_costs = []

EPOCHS = 60

for ep in range(EPOCHS):
    net.train()
    cost = 0
    for bi, (t1, lab) in enumerate(train_dl):

        t1 = t1.view(-1,1,cube,cube,cube).to(dev)
        #lab = lab.view(-1,cube,cube,cube).to(dev)
        lab = lab.long().to(dev)
        t1 = t1.type(torch.FloatTensor)
        lab = lab.type(torch.FloatTensor)
        ### forward and backward
        scores, p = net(t1)
        cost = dice_loss_3d(p, lab)
        #cost = F.cross_entropy(scores, lab)
        opt.zero_grad()
        
        cost.backward()
        step_costs.append(cost)
        ### parameter update
        opt.step()
        
        ### progress
        if not bi % 50:
            print ('epoch: %03d/%03d | step %03d/%03d | cost: %.4f' 
                 %(ep+1, EPOCHS, bi, 
                len(train_dl), cost))
            torch.save(net, os.path.join(out_root ,'net.pt'))
        
    net.eval()
    
    cost = mean_loss(net, train_dl)
    ep_costs.append(cost)
    torch.save(net,os.path.join(out_root,'net.pt'))
    tr_acc = voxel_accuracy(net, train_dl)
    va_acc = voxel_accuracy(net, val_dl)
    
    print('epoch: %03d/%03d train cost: %.4f' % (
        ep+1, EPOCHS, cost))
    print('train acc: %.3f | val acc: %.3f' % (tr_acc, va_acc))
    print('elapsed: %.2f min' % ((time.time() - t0)/60))
    
print('total time: %.2f min' % ((time.time() - t0)/60))


plt.plot(range(len(step_costs)), step_costs)
plt.ylabel('cost')
plt.xlabel('step')
plt.show()

plt.plot(range(len(ep_costs)), ep_costs)
plt.ylabel('cost')
plt.xlabel('epoch')
plt.show()

print('test acc: %.2f' % voxel_accuracy(net, val_dl))
