from __future__ import print_function
import argparse
import pickle
import numpy as np
import os
import gzip
import matplotlib.pyplot as plt

from steer_net import SteerNet
from drive_utils import *
import torch

def load_recordings(folder="./data", fname='data.pkl.gzip', split_at = 0.1):
    """
    unpickle the recorded (state, action) pairs and cut them
    into a first part for training and the rest for validation
    """
    print("loading recordings")
    pkl_path = os.path.join(folder, fname)

    fh = gzip.open(pkl_path,'rb')
    rec = pickle.load(fh)

    # frames in, actions out
    obs = np.array(rec["state"]).astype('float32')
    act = np.array(rec["action"]).astype('float32')

    # head for training, tail for validation
    n = len(rec["state"])
    obs_tr, act_tr = obs[:int((1-split_at) * n)], act[:int((1-split_at) * n)]
    obs_va, act_va = obs[int((1-split_at) * n):], act[int((1-split_at) * n):]
    return obs_tr, act_tr, obs_va, act_va


def prepare(obs_tr, act_tr, obs_va, act_va, hist_len=1):










    obs_tr = to_gray(obs_tr)[:,:CROP_ROWS,:]
    obs_va = to_gray(obs_va)[:,:CROP_ROWS,:]
    return obs_tr, act_tr, obs_va, act_va


def fit_net(obs_tr, act_tr, obs_va, act_va, fname, epochs=50, lr=1e-3, l2=1e-5, bs=32):

    print("fitting")
    net = SteerNet()
    mse = torch.nn.MSELoss()
    opt = torch.optim.SGD(net.parameters(), lr=lr, weight_decay=l2) # weight decay as L2

    obs_t = torch.from_numpy(obs_tr[:,np.newaxis,...])
    act_t = torch.from_numpy(act_tr)
    for ep in range(epochs):
      print("epoch %i" % (ep), end='\r')
      for start in range(0,len(obs_t),bs):
        hits = 0
        xb = obs_t[start:start+bs]
        yb = act_t[start:start+bs]
        out  = net(xb)
        l   = mse(out, yb)
        opt.zero_grad()
        l.backward()
        opt.step()

    net.save(fname)


if __name__ == "__main__":

    ap = argparse.ArgumentParser()
    ap.add_argument('out_file', metavar='F', default='net.pth', type=str, help='where to write the weights')
    opts = ap.parse_args()
    # load
    obs_tr, act_tr, obs_va, act_va = load_recordings("./data", split_at=0.9)
    # gray + crop
    obs_tr, act_tr, obs_va, act_va = prepare(obs_tr, act_tr, obs_va, act_va, hist_len=1)
    # fit
    fit_net(obs_tr, act_tr, obs_va, act_va, opts.out_file, epochs=10)


