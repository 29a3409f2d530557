import zipfile
import os

from google.colab import drive
drive.mount('/content/drive')

import copy
import os
from pathlib import Path
from PIL import Image

proj_dir="/content/drive/MyDrive/faces vae/"
data_dir=proj_dir+"data/"
attr_file=proj_dir+"list_attr_celeba.txt"
ckpt_dir=proj_dir+r"checkpoints/run_a/"
tb_dir=proj_dir+'tb/'

import pandas as pd
import argparse
import os
import random
import torch
import torch.nn as nn
import torch.nn.parallel
import torch.backends.cudnn as cudnn
import torch.optim as optim
import torch.utils.data
import torchvision.datasets as dset
import torchvision.transforms as transforms
import torchvision.utils as vutils
import numpy as np
import matplotlib.pyplot as plt
import matplotlib.animation as animation
from IPython.display import HTML

from torch.utils.tensorboard import SummaryWriter
import torchvision
from torchvision.utils import make_grid

celeb_root = '/data/celeba'
celeb_imgs = f'{celeb_root}/img_align_celeba'
archive_url = 'https://drive.google.com/file/d/0B7EVK8r0v71pZjFTYXZWM3FlRnM'

zip_url = f'{archive_url}/img_align_celeba.zip'

if not os.path.exists(celeb_root):
  os.makedirs(celeb_root)
  os.makedirs(celeb_imgs)

# !cp "/content/drive/MyDrive/faces vae/data/img_align_celeba.zip" {celeb_root}

unzip_dir=f'{celeb_root}/img_align_celeba/'

# !unzip {celeb_root+'/img_align_celeba.zip'} -d {celeb_root}

device = torch.device("cuda:0" if (torch.cuda.is_available()) else "cpu")

{unzip_dir}

from torch.utils.data import Dataset
pic_dir=f'{unzip_dir}/img_align_celeba/'

class FaceFolder(Dataset):
  def __init__(self, folder, tf=None):
    """
    Args:
      folder (string): where the face pictures are
      tf (callable, optional): applied to every picture
    """
    # only the file names are kept
    names = os.listdir(folder)

    self.folder = folder
    self.tf = tf 
    self.names = names

  def __len__(self): 
    return len(self.names)

  def __getitem__(self, idx):
    # full path of this face
    fp = os.path.join(self.folder, self.names[idx])
    # open it as RGB
    pic = Image.open(fp).convert('RGB')
    # resize, crop, scale
    if self.tf:
      pic = self.tf(pic)

    return pic

side=128

tf=transforms.Compose([
                           transforms.Resize(side),
                           transforms.CenterCrop(side),
                           transforms.ToTensor(),
                           transforms.Normalize((0.5, 0.5, 0.5),
                                                    (0.5, 0.5, 0.5))])

faces = FaceFolder('/content/img_align_celeba/img_align_celeba/', tf)

bs = 128

n_workers = 0 if device.type == 'cuda' else 4

pin = True if device.type == 'cuda' else False

face_loader = torch.utils.data.DataLoader(faces,
                                                batch_size=bs,
                                                num_workers=n_workers,
                                                pin_memory=pin,
                                                shuffle=True)

n_all=faces.__len__()
n_tr=int(0.9*n_all)
n_te=int((n_all-n_tr)*0.5)
n_va=n_all-n_tr-n_te

tr_set, rest_set =torch.utils.data.random_split(faces, [n_tr, n_te+n_va], generator=torch.Generator().manual_seed(42))
te_set,va_set=torch.utils.data.random_split(rest_set , [n_te, n_va], generator=torch.Generator().manual_seed(42))

tr_bs=128
te_bs=256
va_bs=256

tr_loader=torch.utils.data.DataLoader(tr_set,batch_size=tr_bs)
te_loader=torch.utils.data.DataLoader(te_set, batch_size=te_bs,shuffle=True)
va_loader=torch.utils.data.DataLoader(va_set, batch_size=va_bs,shuffle=True)

import sys
sys.path.insert(0,proj_dir+"/code/")
from vae_parts import *

side=128
vae=FaceVAE(z_dim=64, 
                side=(side,side),
                make_enc=wide_enc,
                make_dec=wide_dec,
                channels=3,
                hidden=1024)

#torch.save(vae,ckpt_dir+'init_128.model')

def gpu_free_share():
  tot = torch.cuda.get_device_properties(0).total_memory
  res = torch.cuda.memory_reserved(0)
  return((tot-res)/tot)

def elbo_terms(x,x_rec,mu,logvar):
  n=x.shape[0]
  kl=(-0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp()))
  rec=((x - x_rec)**2).sum()
  return (kl+rec)/n,kl/n,rec/n

def side_by_side(x,x_rec):
  both=torch.cat([x,x_rec],3)
  return torchvision.utils.make_grid((both*0.5+0.5).cpu().detach(), nrow=4)

torch.backends.cudnn.benchmark = True

epochs=25
tr_data=tr_loader
te_data=te_loader
va_data=va_loader
n_tr_it=len(tr_loader)
n_te_it=len(te_loader)
n_va_it=len(va_loader)
save_every=200
tb = SummaryWriter('./tb/vae/run_3')
ckpt_name="best_vae_epoch_{}_iter_{}_z64.model"
eval_every=25
img_every=200
lr=0.001
it0=0

run_name='run_1'

def push_images(best, x, te_data, tb, it):
  te=next(iter(te_data))
  if (device!='cpu'):
    te=te.to(device)
  with torch.no_grad():
    best=best.to(device)
    x_rec, mu, logvar=best.forward(x)
    g=side_by_side(x,x_rec)
    tb.add_image('train/images', g, 
                      it)

    te_rec, mu, logvar=best.forward(te)
    g=side_by_side(te,te_rec)
    tb.add_image('test/images',g,it)
    del te 
    
    z=torch.randn_like(torch.rand((30,vae.z_dim)))
    
    if (device!= 'cpu'):
      z=z.to(device)
    
    z=best.dec(z)
    g=torchvision.utils.make_grid((z*0.5+0.5).cpu().detach(), nrow=4)
    tb.add_image('generated/images',g,it)

def push_test_loss(net, te_data, tb, it, 
                  lowest):
  te_kl=0
  te_rec=0
  with torch.no_grad():
    for te in te_data:
        if (device!= 'cpu'):
          te=te.to(device)
        te_out, mu, logvar=net.forward(te)
        _,kl,rec=elbo_terms(te,te_out,mu,logvar)
        te_kl+=kl/n_te_it
        te_rec+=rec/n_te_it
      
  te_loss=te_kl+te_rec

  tb.add_scalar('loss/KL_test', te_kl.item(), it)
  tb.add_scalar('loss/BCE_test', te_rec.item(), it)
  tb.add_scalar('loss/total_test', te_loss.item(), it)

  return te_loss

epochs=25
tr_data=tr_loader
te_data=te_loader
va_data=va_loader
n_tr_it=len(tr_loader)
n_te_it=len(te_loader)
n_va_it=len(va_loader)
save_every=200
tb = SummaryWriter('./tb/vae/run_3')
ckpt_name="best_vae_epoch_{}_iter_{}_z64.model"
eval_every=25
img_every=200
lr=0.001
it0=0

run_name=f'run_new/lr_{lr}_enc_{2}_dec_{2}'

def fit_vae(net, tr_data, te_data, va_data, epochs,
                run_name, lr, save_every=200,
                ckpt_name=run_name+"_epoch_{}_iter_{}_z64.model",
                it0=0, eval_every=25):
  
  n_tr_it=len(tr_loader)
  n_te_it=len(te_loader)
  n_va_it=len(va_loader)
  opt = optim.AdamW(net.parameters(), lr=lr)
  tb = SummaryWriter('./tb/vae/'+ run_name)

  if (device!= 'cpu'):
    net=net.to(device)

  lowest=10e8
  best=None
  for ep in range(epochs):
    for i,x in enumerate(tr_data):
      it=it0+ep*n_tr_it+i
      opt.zero_grad()
      if (device!= 'cpu'):
          x=x.to(device)
      x_rec, mu, logvar=net.forward(x)
      loss,kl,rec=elbo_terms(x,x_rec,mu,logvar)
      loss.backward()
      opt.step()

      #per-step training curves
      tb.add_scalar('loss/KL_train', kl.item(), it)
      tb.add_scalar('loss/BCE_train', rec.item(), it)
      tb.add_scalar('loss/total_train', loss.item(), it)

      if((i%eval_every)==0):
        te_loss=push_test_loss(net, te_data, tb, 
                                        it, lowest)
        
        print(f"epoch {ep}, step {i} done."+ \
               f" test loss {te_loss}", flush=True)
        torch.cuda.empty_cache()

        if te_loss<lowest:
          del best
          best=copy.deepcopy(net)
          torch.cuda.empty_cache()
          lowest=te_loss
          
      if ((i%img_every)==0):
        push_images(best, x, te_data, tb, it)
        os.system('cp -r /content/tb "/content/drive/MyDrive/faces vae/tb"')
        torch.cuda.empty_cache()

      if (i%save_every)==0:
        torch.save(best,ckpt_dir +ckpt_name.format(ep,it0+i))
        lowest=10e8

  va_kl=0
  va_rec=0
  # validation numbers once training is over
  with torch.no_grad():
    for va,_ in va_data:
      if (device!= 'cpu'):
          va=va.to(device)
      va_out, mu, logvar=best.forward(va)

      _,kl,rec=elbo_terms(va,va_out,mu,logvar)
      va_kl+=kl/n_te_it
      va_rec+=rec/n_te_it
          
  va_loss=va_kl+te_rec

  tb.add_scalar('loss/KL_val', va_kl.item(), ep*n_tr_it+i)
  tb.add_scalar('loss/BCE_val', va_rec.item(), ep*n_tr_it+i)
  tb.add_scalar('loss/total_val', va_loss.item(), ep*n_tr_it+i)
  tb.flush()

  ### copy the logs to the drive by hand
  #os.system('cp -r /content/tb "/content/drive/MyDrive/faces vae/tb"')
  print(f"finished epoch {ep}. validation loss {va_loss}" , flush=True)
  torch.save(best,ckpt_dir + ckpt_name.format(ep,it0+i))
  tb.close()

fit_vae(vae, tr_data, te_data, va_data, epochs,
            run_name, lr, save_every=200,
            ckpt_name=run_name+"_epoch_{}_iter_{}_z64.model",
            it0=0, eval_every=25)

os.system('cp -r /content/tb "/content/drive/MyDrive/faces vae/tb"')

# %load_ext tensorboard
# %tensorboard --logdir /content/tb

os.system('cp -r /content/tb "/content/drive/MyDrive/faces vae/tb"')
