# Notebook cells in order: ResNet9 with one-cycle schedule on CIFAR-10.
# ~~~~~~~~~~ block 1

import torch
import torchvision
from torchvision.datasets.utils import download_url
from torch.utils.data import random_split
from torchvision.datasets import ImageFolder
from torchvision.transforms import ToTensor,ToPILImage
import matplotlib.pyplot as plt
from torchvision.utils import make_grid
from torch.utils.data.dataloader import DataLoader
from torchvision.utils import make_grid
import torch.nn as nn
import torch.nn.functional as F
import torchvision.transforms as tt
import numpy as np
# ~~~~~~~~~~ block 2
import torchvision.datasets as datasets
# ~~~~~~~~~~ block 3



from numba import cuda
cuda.select_device(7)
# ~~~~~~~~~~ block 4
norm_ms= ((0.4914,0.4822,0.4465),(0.2023,0.1994,0.2010))
aug_tf= tt.Compose([tt.RandomCrop(32, padding=4, padding_mode='reflect'),
                       tt.RandomHorizontalFlip(),
                       tt.ToTensor(),tt.Normalize(*norm_ms,inplace=True)])
plain_tf = tt.Compose([tt.ToTensor(),tt.Normalize(*norm_ms)])
# ~~~~~~~~~~ block 5
cifar_tr = datasets.CIFAR10(
    root="data",
    train=True,
    download=True,
    transform=aug_tf,
)
# ~~~~~~~~~~ block 6


cifar_te = datasets.CIFAR10(
    root="data",
    train=False,
    download=True,
    transform=plain_tf,
)
# ~~~~~~~~~~ block 7
ds_va = cifar_te
ds_tr = cifar_tr
ds_tr
# ~~~~~~~~~~ block 8

def peek_one(pic,cls_id):
    print('class: ', ds_tr.classes[cls_id],"("+str(cls_id)+")")
    plt.imshow(pic.permute(1,2,0))
    
def peek_grid(dl):
    for xb_imgs, yb in dl:
        fg,axx= plt.subplots(figsize=(12,12))
        axx.set_xticks([])
        axx.set_yticks([])
        axx.imshow(make_grid(xb_imgs[:64],nrow=8).permute(1,2,0))
        break
# ~~~~~~~~~~ block 9
bsz=400
# ~~~~~~~~~~ block 10

dl_tr= DataLoader(ds_tr,bsz,shuffle=True, num_workers=3, pin_memory=True)
dl_va= DataLoader(ds_va, bsz, num_workers=3,pin_memory=True)
# ~~~~~~~~~~ block 11
def pick_dev():
    """Choose cuda when present."""
    if torch.cuda.is_available():
        return torch.device('cuda')
    else:
        return torch.device('cpu')
    
def move_to(obj, dev):
    """Send a tensor or a list of tensors to dev."""
    if isinstance(obj, (list,tuple)):
        return [move_to(rec, dev) for rec in obj]
    return obj.to(dev, non_blocking=True)

class OnDeviceLoader():
    """Loader wrapper that moves each batch to dev."""
    def __init__(self, dl, dev):
        self.dl = dl
        self.device = dev
        
    def __iter__(self):
        """Iterate moved batches."""
        for bt in self.dl: 
            yield move_to(bt, self.device)

    def __len__(self):
        """How many batches."""
        return len(self.dl)
# ~~~~~~~~~~ block 12
dev = pick_dev()
dev
# ~~~~~~~~~~ block 13
dl_tr= OnDeviceLoader(dl_tr,dev)
dl_va = OnDeviceLoader(dl_va, dev)
# ~~~~~~~~~~ block 14
def frac_correct(outs, yb):
    _, guess = torch.max(outs, dim=1)
    return torch.tensor(torch.sum(guess == yb).item() / len(guess))

class ClfBase(nn.Module):
    def training_step(self, bt):
        xb_imgs, yb = bt 
        h = self(xb_imgs)
        ce = F.cross_entropy(h, yb)
        return ce
    
    def validation_step(self, bt):
        xb_imgs, yb = bt 
        h = self(xb_imgs)
        ce = F.cross_entropy(h, yb)
        hit = frac_correct(h, yb)
        return {'val_loss': ce.detach(), 'val_acc': hit}
        
    def validation_epoch_end(self, outs):
        ce_list = [rec['val_loss'] for rec in outs]
        ce_mean = torch.stack(ce_list).mean()
        hit_list = [rec['val_acc'] for rec in outs]
        hit_mean = torch.stack(hit_list).mean()
        return {'val_loss': ce_mean.item(), 'val_acc': hit_mean.item()}
    
    def epoch_end(self, ep, summary):
        print("ep {} | fit ce {:.4f} | val ce {:.4f} | val acc {:.4f}".format(
            ep, summary['train_loss'], summary['val_loss'], summary['val_acc']))
# ~~~~~~~~~~ block 15
def cbr(c_in, c_out, pool=False):
    mods = [nn.Conv2d(c_in, c_out, kernel_size=3, padding=1), 
              nn.BatchNorm2d(c_out), 
              nn.ReLU(inplace=True)]
    if pool: mods.append(nn.MaxPool2d(2))
    return nn.Sequential(*mods)

class Res9Net(ClfBase):
    def __init__(self, c_in, n_cls):
        super().__init__()
        
        self.conv1 = cbr(c_in, 64)
        self.conv2 = cbr(64, 128, pool=True)
        self.res1 = nn.Sequential(cbr(128, 128), cbr(128, 128))
        
        self.conv3 = cbr(128, 256, pool=True)
        self.conv4 = cbr(256, 512, pool=True)
        self.res2 = nn.Sequential(cbr(512, 512), cbr(512, 512))
        
        self.classifier = nn.Sequential(nn.MaxPool2d(4), 
                                        nn.Flatten(), 
                                        nn.Linear(512, n_cls))
        
    def forward(self, xb):
        h = self.conv1(xb)
        h = self.conv2(h)
        h = self.res1(h) + h
        h = self.conv3(h)
        h = self.conv4(h)
        h = self.res2(h) + h
        h = self.classifier(h)
        return h
# ~~~~~~~~~~ block 16
net= move_to(Res9Net(3,10), dev)
net
# ~~~~~~~~~~ block 17
@torch.no_grad()
def run_val(net, va_loader):
    net.eval()
    outs = [net.validation_step(bt) for bt in va_loader]
    return net.validation_epoch_end(outs)

def cur_lr(opt):
    for grp in opt.param_groups:
        return grp['lr']

def train_onecycle(n_epochs, peak_lr, net, tr_loader, va_loader, 
                  weight_decay=0, grad_clip=None, opt_func=torch.optim.SGD):
    torch.cuda.empty_cache()
    log = []
    

    opt = opt_func(net.parameters(), peak_lr, weight_decay=weight_decay)

    lr_sched = torch.optim.lr_scheduler.OneCycleLR(opt, peak_lr, epochs=n_epochs, 
                                                steps_per_epoch=len(tr_loader))
    
    for ep in range(n_epochs):

        net.train()
        step_losses = []
        lr_trace = []
        for bt in tr_loader:
            ce = net.training_step(bt)
            step_losses.append(ce)
            ce.backward()
            

            if grad_clip: 
                nn.utils.clip_grad_value_(net.parameters(), grad_clip)
            
            opt.step()
            opt.zero_grad()
            

            lr_trace.append(cur_lr(opt))
            lr_sched.step()
        

        summary = run_val(net, va_loader)
        summary['train_loss'] = torch.stack(step_losses).mean().item()
        summary['lrs'] = lr_trace
        net.epoch_end(ep, summary)
        log.append(summary)
    return log
# ~~~~~~~~~~ block 18

log = [run_val(net, dl_va)]
log
# ~~~~~~~~~~ block 19
n_epochs = 70
peak_lr = 0.01
grad_clip = 0.1
weight_decay = 1e-4
opt_func = torch.optim.Adam
# ~~~~~~~~~~ block 20
log += train_onecycle(n_epochs, peak_lr, net, dl_tr, dl_va, 
                             grad_clip=grad_clip, 
                             weight_decay=weight_decay, 
                             opt_func=opt_func)
# ~~~~~~~~~~ block 21
def plot_acc(log):
    acc_seq = [rec['val_acc'] for rec in log]
    plt.figure(figsize=(10,6))
    plt.plot(acc_seq, '-x')
    plt.xlabel('epoch')
    plt.ylabel('accuracy')
    plt.title('Accuracy vs. No. of epochs');
# ~~~~~~~~~~ block 22
plot_acc(log)
# ~~~~~~~~~~ block 23
def plot_ce(log):
    step_losses = [rec.get('train_loss') for rec in log]
    va_seq = [rec['val_loss'] for rec in log]
    plt.figure(figsize=(10,6))
    plt.plot(step_losses, '-bx')
    plt.plot(va_seq, '-rx')
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.legend(['Training', 'Validation'])
    plt.title('Loss vs. No. of epochs');
# ~~~~~~~~~~ block 24
plot_ce(log)
# ~~~~~~~~~~ block 25
def plot_lr_trace(log):
    lr_trace = np.concatenate([rec.get('lrs', []) for rec in log])
    plt.figure(figsize=(10,6))
    plt.plot(lr_trace)
    plt.xlabel('Batch no.')
    plt.ylabel('Learning rate')
    plt.title('Learning Rate vs. Batch no.');
# ~~~~~~~~~~ block 26
plot_lr_trace(log)

