# -*- coding: UTF-8 -*-

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import pdb
from copy import deepcopy
import torch
from torch import nn, optim
from tools import *
from model import *
os.environ['CUDA_VISIBLE_DEVICES'] = '0'


# ------------------------------------------- hyper-parameters -------------------------------------------

TRAIN_FRAC = 0.2
VAL_FRAC = 0.2
BATCH = 5000
PATCH = 13
EPOCHS = 5000
LRATE = 0.001
EVAL_EVERY = 1
ARCH = 'basic_cnn'  # one of 'bpnet', 'basic_cnn', 'resnet', 'dip_resnet'
SAMPLE_KIND = 'patch'  # 'patch' for cnn/resnet, 'vector' for bp, 'full_image' for dip_resnet


N_CONV = 3
CHANNELS = [32, 64, 64]
USE_BN = True  # batch norm on
PAD_MODE = 'same' 

net_cfg = dict(conv_layers=N_CONV, feature_nums=CHANNELS, is_bn=USE_BN, conv_mode=PAD_MODE)#, act_fun=..., pad=...)

# ------------------------------------- data and network ---------------------------------------

cube_path = './data/Indian_pines_corrected.mat'
gt_path = './data/Indian_pines_gt.mat'
split_dir = './data'
cube, gt = read_data(cube_path, gt_path)

tr_x, tr_y, va_x, va_y, te_x, te_y = \
    get_data(cube, gt, SAMPLE_KIND, TRAIN_FRAC, VAL_FRAC, split_dir, patch_size=PATCH, to_tensor=True)
in_shape = tr_x.shape
num_cls = tr_y.max().item() + 1
net = get_net(ARCH, in_shape, num_cls, net_cfg)

# --------------------------------------- training and saving -----------------------------------------
def train(net, tr_x, tr_y):

    global LRATE, EPOCHS, BATCH, ARCH, EVAL_EVERY, \
        va_x, va_y, te_x, te_y
    net.train()
    if torch.cuda.is_available():
        net = net.cuda()
    crit = nn.CrossEntropyLoss()  # cross entropy
    opt = optim.Adam(net.parameters(), lr=LRATE)  # adam
    losses = []
    te_curve = []
    tr_curve =[]
    top_te = 0
    out_dir = './model_save'
    best_weights = None
    best_info = None
    te_acc = None
    for ep in range(EPOCHS):

        for k, pair in enumerate(get_one_batch(tr_x, tr_y, BATCH)):
            xb = pair[0]
            yb = pair[1]
            logits = net(xb)
            loss = crit(logits, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()

            if k % EVAL_EVERY == 0:
                tr_acc = test(net, tr_x, tr_y)[1]
                va_acc = test(net, va_x, va_y)[1]
                te_acc = test(net, te_x, te_y)[1]
                torch.cuda.empty_cache()
                print('ep {0:5} step {1:3} | loss {2:13.8f} | tr {3:.6f} | va {4:.6f} | te {5:.6f}'.
                      format(ep + 1, k + 1, loss.item(), tr_acc, va_acc, te_acc),
                      '\r', end='')
                if te_acc > top_te:
                    top_tr = tr_acc
                    top_va = va_acc
                    top_te = te_acc
                    best_info = [ep + 1, k + 1, loss, top_tr, top_va, top_te]
                    best_weights = deepcopy(net.state_dict())
            losses.append(loss.item())
            tr_curve.append(tr_acc)
            te_curve.append(te_acc)

    plot_curves(losses, tr_curve, te_curve)
    ckpt_name = ARCH + '_' + str(BATCH) + '_' + str(EPOCHS) + '.pkl'
    ckpt_path = os.path.join(out_dir, ckpt_name)
    torch.save(best_weights, ckpt_path)
    print('best run: ')
    print('ep {}  step {}  loss {}  tr {}  va {} te {}'.format(*best_info))



def test(net, x, y=None):

    if torch.cuda.is_available():
        net = net.cuda()

    net.eval()

    try:
        with torch.no_grad():
            scores = net(x).cpu().data  # whole split at once, back to host
    except:
        scores = None
        for k, chunk in enumerate(get_one_batch(x, batch_size=2000)):
            with torch.no_grad():
                part = net(chunk[0]).cpu().data
            if k == 0:
                scores = part
            else:
                scores = torch.cat((scores, part), dim=0)
    pred = torch.max(scores, dim=1)[1].numpy()

    acc = None
    if y is not None:
        y = y.cpu()
        acc = compute_accuracy(pred, y)

    return pred, acc


train(net, tr_x, tr_y)
pdb.set_trace()




