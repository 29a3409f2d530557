import os
import numpy as np
import pandas as pd
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader

from train_datasets.gloss_clips import GlossClips
from models.S3D.model import S3D
from utils.load_weights import init_from_kinetics

import pdb

#import subprocess
#subprocess.call('pip freeze')
### cv2 import fails on the cluster although opencv is installed

# cluster locations of videos and label tables
class HpcPaths:
  def __init__(self):
    self.video_dir = "/scratch/user/wlasl/WLASL2000"
    self.label_csv = "/scratch/user/wlasl/WLASL_labels.csv"

class HpcPathsSmall:
  def __init__(self):
    self.video_dir = "/scratch/user/wlasl/WLASL100"
    self.label_csv = "/scratch/user/wlasl/WLASL100_labels.csv"

class HpcPaths1000:
  def __init__(self):
    self.video_dir = "/scratch/user/wlasl/WLASL2000"
    self.label_csv = "/scratch/user/wlasl/WLASL1000_labels.csv"
    

class Settings:
  def __init__(self):
    self.first_ep = 0
    self.last_ep = 100
    self.s3d_blocks = 5
    self.out_dir = os.path.join('/scratch/user/models', 'runs')
    self.resume_from = '/scratch/user/models/runs/S3D_gloss-91_ep-3.358131_loss_0.300306_acc' # ! set to the checkpoint to resume
    self.ckpt = "resume from resume_from" # None = begin at epoch 0
    # self.ckpt = True # resume from self.resume_from
    self.batch_size = 6 # per device
    self.lr = 0.1
    self.momentum = 0.9
    self.weight_decay = 5e-4
    self.num_workers = 4 # ! 0 when debugging
    self.log_every = 100
    self.multi_gpu = False
    # augmentation sizes
    self.crop = 224
    self.seq_len = 64
    #self.epsilon = 1e-2 # TODO tune
    self.k_best = 10
    
    
def main():
  paths = HpcPaths() # where the data lives
  #paths = HpcPaths1000()
  #paths = HpcPathsSmall()
  S = Settings()
  device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
  ############## data ##############
  table = pd.read_csv(paths.label_csv)
  vid_root = paths.video_dir

  # the three splits
  ds_fit = GlossClips(table.loc[table['split']=='train'], vid_root, seq_len=S.seq_len,train=True, grayscale=False)
  ds_val = GlossClips(table.loc[table['split']=='val'], vid_root, seq_len=S.seq_len, train=False, grayscale=False)
  ds_test = GlossClips(table.loc[table['split']=='test'], vid_root, seq_len=S.seq_len, train=False, grayscale=False)
  print("fit clips: ", len(table.loc[table['split']=='train']))

  ############## network and optimiser ##############
  n_glosses = len(set(table['gloss'])) #2000 glosses
  net = S3D(S.s3d_blocks).to(device)
  opt = optim.SGD(net.parameters(),
                        S.lr,
                        weight_decay=S.weight_decay,
                        momentum=S.momentum)
  
  ############## initial weights ##############
  if S.ckpt is None: # fresh run => Kinetics-400 weights
    init_from_kinetics(net, 'S3D_kinetics400.pt')
    
    fit_loss_hist = []
    fit_acc_hist = []
    val_loss_hist = []
    val_acc_hist = []
  
  else: # continue an earlier run
    net, opt, last_done, fit_loss_hist, val_loss_hist, fit_acc_hist, val_acc_hist = read_ckpt(S.resume_from, net, opt)
    S.first_ep = last_done

  ############## loaders ##############
  if S.multi_gpu:
    dl_fit = DataLoader(ds_fit, batch_size=S.batch_size, 
                                   shuffle=True,
                                   num_workers=S.num_workers,
                                   pin_memory=True)
    net = torch.nn.parallel.DistributedDataParallel(net)
  
  else:
    print(f"device: {device}")
    dl_fit = DataLoader(ds_fit, batch_size=S.batch_size, 
                                   shuffle=True,
                                   num_workers=S.num_workers)
    dl_val = DataLoader(ds_val, batch_size=1, 
                                   shuffle=True,
                                   num_workers=S.num_workers)
    # TODO not used yet
    dl_test = DataLoader(ds_test, batch_size=1, 
                                   shuffle=True,
                                   num_workers=S.num_workers)
    print(f"network on: {device}")
    net.to(device)                   
  
  ce = nn.CrossEntropyLoss().cuda()

  sched = optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.1, patience=5)

  print("loop starts")
  for ep in range(S.first_ep, S.last_ep):
    print(f"ep {ep}")
    
    # fitting step (disabled)
    #train_loss, train_acc = train(net, dl_fit, opt, ce, S)
    #fit_loss_hist.append(train_loss)
    #fit_acc_hist.append(train_acc)

    # validation pass
    val_loss_list, val_top1 = validate(net, dl_val, ce, S)
    val_loss_hist.append(val_loss_list)
    val_acc_hist.append(val_top1)

    # plateau scheduler
    sched.step(np.mean(val_loss_hist[-1]))

    ### checkpoint ###
    ckpt_file = os.path.join(S.out_dir, f'S3D_gloss-{ep+1}_ep-{np.mean(val_loss_list):.6f}_loss_{val_top1:5f}_acc')
    write_ckpt(ckpt_file, net, opt, ep, fit_loss_hist, val_loss_hist, fit_acc_hist, val_acc_hist)
    
    
def train(net, loader, opt, ce, S):
  step_losses = []
  net.train()
  t_start = time.time()
  hits = 0
  print("---------- fitting ----------")
  for i, (xb, yb) in enumerate(loader):

    xb = xb.cuda()
    yb = yb.cuda()

    logits = net(xb)
    l = ce(logits, yb)
    step_losses.append(l.detach().cpu())

    opt.zero_grad()
    l.backward()
    opt.step()
    
    # count top-1 hits
    _, topk_idx = logits.topk(1, 1, True, True)
    for j in range(len(topk_idx)):
      if topk_idx[j] == np.where(yb.cpu()[j] == 1)[0][0]:
        hits += 1

    t_now = time.time()
    if i % (S.log_every) == 0:
      print(f"step {i}/{len(loader)}\nmean loss: {np.mean(step_losses):.6f}\nrunning acc: {hits / (S.batch_size*(i+1)):.4f}\nelapsed: {(t_now - t_start)/60:.4f} min")

  hits = hits/len(loader.dataset)
  print(f"fit accuracy: {hits}")
  return step_losses, hits

def validate(net, loader, ce, S):
  step_losses = []
  net.eval()
  t_start = time.time()
  top1 = 0
  top5 = 0
  top10 = 0
  print("---------- validating ----------")
  for i, (xb, yb) in enumerate(loader):
    with torch.no_grad():
      xb = xb.cuda()
      yb = yb.cuda()
      #print(f"batch: {xb.size()}")
      #print("X", xb.size())
      #print("Y", yb.size())
      logits = net(xb)
      #print("OUT", logits.size())
      l = ce(logits, yb)
      step_losses.append(l.cpu())
      _, topk_idx = logits.topk(S.k_best, 1, True, True)
      topk_idx = topk_idx.squeeze(0)
      
      for j in range(len(topk_idx)):
        if topk_idx[j].item() == np.where(yb.cpu()[0] == 1)[0][0] and j == 0:
          top1 += 1
          top5 += 1
          top10 += 1
          break
        elif topk_idx[j].item() == np.where(yb.cpu()[0] == 1)[0][0] and j <= 4:
          top5 += 1
          top10 += 1
          break

        elif topk_idx[j].item() == np.where(yb.cpu()[0] == 1)[0][0] and j <=9:
          top10 += 1

          break
      
      t_now = time.time()
      if i % (S.log_every/2) == 0:
        print(f"step {i}/{len(loader)}\nmean loss: {np.mean(step_losses):.6f}\ntop-1: {top1 /(i+1):.4f}\ntop-5: {top5 /(i+1):.4f}\nelapsed: {(t_now - t_start)/60:.4f} min")

  top1 = top1/len(loader.dataset)
  top5 = top5/len(loader.dataset)
  top10 = top10/len(loader.dataset)
  print(f"top1: {top1}")
  print(f"top5: {top5}")
  print(f"top10: {top10}")
  return step_losses, top1


def write_ckpt(fpath, net, opt, ep, fit_loss_hist, val_loss_hist, fit_acc_hist, val_acc_hist):
  # everything needed to resume
  torch.save({'ep' : ep,
              'model_state_dict' : net.state_dict(),
              'optimizer_state_dict' : opt.state_dict(),
              'fit_loss_hist' : fit_loss_hist,
              'val_loss_hist' : val_loss_hist,
              'fit_acc_hist' : fit_acc_hist,
              'val_acc_hist' : val_acc_hist
              }, fpath)

def read_ckpt(fpath, net, opt):
  print("### resuming from checkpoint ###")
  ckpt = torch.load(fpath)
  net.load_state_dict(ckpt['model_state_dict'])
  opt.load_state_dict(ckpt['optimizer_state_dict'])
  ep = ckpt['ep']
  fit_loss_hist = ckpt['fit_loss_hist']
  val_loss_hist = ckpt['val_loss_hist']
  fit_acc_hist = ckpt['fit_acc_hist']
  val_acc_hist = ckpt['val_acc_hist']
  return net, opt, ep, fit_loss_hist, val_loss_hist, fit_acc_hist, val_acc_hist


if __name__ == '__main__':
  main()

  
  
