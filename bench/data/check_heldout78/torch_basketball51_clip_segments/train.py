from clips import ClipFolderReader, ClipTensors
from torch.utils.data import DataLoader
import os
import torch
import numpy as np
import yaml
from settings import read_settings
import math
import pickle
from sklearn.metrics import classification_report
from sklearn.metrics import confusion_matrix
from itertools import chain
import matplotlib.pyplot as plt
import seaborn as sns
import wandb
import pandas as pd
import sklearn

from nets.conv3d_lstm import Conv3dLstm
from nets.conv_only import ConvOnly
from nets.grey_net import GreyNet
from nets.vgg_lstm import VggLstm
from run_log import RunLog
from nets.two_stream import TwoStreamNet

# ------------------------------ settings ------------------------------------------------------------------------------

hp = read_settings('model')

BATCH = hp['batch_size']
n_epochs = hp['epochs']

loader_kwargs = {'batch_size': BATCH,
                'shuffle': True,
                'num_workers': 0,
                'drop_last': True,
                'pin_memory': True
                }

if torch.cuda.is_available():
    dev = torch.device('cuda')
else:
    dev = torch.device('cpu')

print(f'running on: {dev}')

ckpt_dir = os.path.join(os.getcwd(), hp["checkpoint_dir"])

if not os.path.exists(ckpt_dir):
    os.makedirs(ckpt_dir)

# ------------------------------------------------------------------------------------------------------------------------

# -------- first attempt: one loader over the whole training set (needs far too much memory) ---------------------------

def fit_all(net, loader, criterion, opt, log, n_epochs):
    net.train()
    
    for ep in range(n_epochs):

        print(f'epoch {ep}')
        batch_losses = []

        for b, item in enumerate(loader):
            net.zero_grad()

            print(f'epoch {ep}, batch {b} / {int(len(loader.dataset)/BATCH)}')
            
            clip = item['videos']

            tgt = item['labels']

            #print(f'clip {clip.shape}')

            clip = clip.to(dev)
            tgt = tgt.to(dev)

            scores = net(clip)

            scores = scores.to(dev)

            #tgt = torch.tensor(tgt, dtype = torch.long)

            loss = criterion(scores, tgt)
            loss.backward()
            opt.step()

            print(f'\tloss {loss}')
            batch_losses.append(loss.cpu().detach().numpy())
            
            torch.save(net.state_dict(), os.path.join(ckpt_dir, f'all_epoch_{ep}'))

        log.log({'train_loss': np.average(batch_losses)})

# ------------------------------------------------------------------------------------------------------------------------

# -------- second attempt: decode one slice of the clips at a time, slower but lighter ----------------------------------

def fit_by_slices(net, criterion, opt, n_epochs, slice_frac, log='', save_as='', resume_from='', grey=False, with_flow=False, lr=0.5, decay=0.01):
    print("slice-wise training")
    if resume_from != '':
        net.load_state_dict(torch.load(os.path.join(ckpt_dir, resume_from)))
        print(f'resumed from {resume_from}')
    
    for ep in range(n_epochs):
    
        print(f'epoch {ep}')
        tr_losses = []
        va_losses = []

        net.train()
        lo = 0
        part = 0

        # training slices
        while lo < 1:
            part += 1
            print(f'training slice {part} of {math.ceil(1/slice_frac)}')
            hi = lo+slice_frac
            if hi > 1:
                hi = 1

            tr_bundle = ClipFolderReader(os.path.join(os.getcwd(), 'dataset', 'train'), grey=grey, with_flow=with_flow, seg_start=lo, seg_end=hi).read_all()
            tr_part = ClipTensors(tr_bundle, flow_on=with_flow)
            tr_loader = DataLoader(tr_part, **loader_kwargs)

            for b, item in enumerate(tr_loader):

                net.zero_grad()
                
                clip = item['videos']
                tgt = item['labels']
                if with_flow:
                    #print(item)
                    fl = item['optical_flow']
                    # print(f'clip = {clip.shape}')
                    # print(f'flow = {fl.shape}')

                #print(f'clip {clip.shape}')
                clip = clip.to(dev)
                tgt = tgt.to(dev)
                if with_flow:
                    fl = fl.to(dev)
                    scores = net(clip, fl)
                
                else:
                    scores = net(clip)

                scores = scores.to(dev)

                #tgt = torch.tensor(tgt, dtype = torch.long)

                loss = criterion(scores, tgt)
                loss.backward()
                opt.step()

                # print(f'\tloss {loss}')
                tr_losses.append(loss.cpu().detach().numpy())
                print(f'epoch {ep} -- train batch {b+1} of {int(len(tr_loader.dataset)/BATCH)} -- mean loss {np.average(tr_losses)} -- done {round(((b+1)*100)/int(len(tr_loader.dataset)/BATCH), 2)}%       ', end='\r', flush=True)
            print('\n')

            lo += slice_frac
                
        lo = 0
        part = 0

        net.eval()

        pairs = []

        # validation slices
        while lo < 1:
            part += 1
            print(f'validation slice {part} of {math.ceil(1/slice_frac)}')
            hi = lo+slice_frac
            if hi > 1:
                hi = 1

            va_bundle = ClipFolderReader(os.path.join(os.getcwd(), 'dataset', 'val'), grey=grey, with_flow=with_flow, seg_start=lo, seg_end=hi).read_all()
            va_part = ClipTensors(va_bundle, flow_on=with_flow)
            va_loader = DataLoader(va_part, **loader_kwargs)

            for b, item in enumerate(va_loader):

                net.zero_grad()

                clip = item['videos']
                tgt = item['labels']
                if with_flow:
                    fl = item['optical_flow']

                #print(f'clip {clip.shape}')
                clip = clip.to(dev)
                tgt = tgt.to(dev)
                if with_flow:
                    fl = fl.to(dev)
                    scores = net(clip, fl)
                
                else:
                    scores = net(clip)

                scores = scores.to(dev)

                #tgt = torch.tensor(tgt, dtype = torch.long)

                loss = criterion(scores, tgt)
                # loss.backward()
                # opt.step()
                probs = torch.softmax(scores, dim = 1)
                probs = torch.argmax(probs, dim = 1)

                for j, p in enumerate(probs):
                    pairs.append((p, tgt[j]))

                # print(f'\tloss {loss}')
                va_losses.append(loss.cpu().detach().numpy())
                print(f'epoch {ep} -- val batch {b+1} of {int(len(va_loader.dataset)/BATCH)} -- mean loss {np.average(va_losses)} -- done {round(((b+1)*100)/int(len(va_loader.dataset)/BATCH), 2)}%       ', end='\r', flush=True)
            print('\n')

            lo += slice_frac
        
        right = 0
        for pr in pairs:
            # print(pr[0], pr[1])
            if pr[0] == pr[1]:
                right += 1

        if save_as == '':
            torch.save(net.state_dict(), os.path.join(ckpt_dir, f'scratch_net'))
        else:
            torch.save(net.state_dict(), os.path.join(ckpt_dir, f'{save_as}_{lr}_{decay}'))

        if log != '':
            log.log({
                'train_loss': np.average(tr_losses),
                'eval_loss': np.average(va_losses),
                'epoch_acc': right/len(pairs)
                })

    print("pickling the network")
    with open(f'./trained_models/{save_as}.pkl', 'wb') as fh:
        pickle.dump(net, fh)
        
# ------------------------------------------------------------------------------------------------------------------------

# -------- test pass, again one slice of the clips at a time ------------------------------------------------------------

def test_by_slices(net, log, slice_frac, grey=False, with_flow=False):
    net.eval()

    pairs = []

    y_true = []
    y_pred = []

    lo = 0
    part = 0

    # test slices
    while lo < 1:
        part += 1
        print(f'test slice {part} of {math.ceil(1/slice_frac)}')
        hi = lo+slice_frac
        if hi > 1:
            hi = 1

        te_bundle = ClipFolderReader(os.path.join(os.getcwd(), 'dataset', 'test'), grey=grey, with_flow=with_flow, seg_start=lo, seg_end=hi).read_all()
        te_part = ClipTensors(te_bundle, flow_on=with_flow)
        te_loader = DataLoader(te_part, **loader_kwargs)

        for b, item in enumerate(te_loader):

            net.zero_grad()
            
            clip = item['videos']
            tgt = item['labels']
            if with_flow:
                fl = item['optical_flow']

            #print(f'clip {clip.shape}')
            clip = clip.to(dev)
            tgt = tgt.to(dev)
            if with_flow:
                fl = fl.to(dev)
                scores = net(clip, fl)
            
            else:
                scores = net(clip)

            scores = scores.to(dev)

            #tgt = torch.tensor(tgt, dtype = torch.long)

            probs = torch.softmax(scores, dim = 1)
            probs = torch.argmax(probs, dim = 1)

            y_true.append(torch.flatten(tgt.cpu().detach()).tolist())
            y_pred.append(torch.flatten(probs.cpu().detach()).tolist())

            for j, p in enumerate(probs):
                pairs.append((p, tgt[j]))

            # print(f'\tloss {loss}')
            # va_losses.append(loss.cpu().detach().numpy())
            # print(f'epoch {ep} -- val batch {b+1} of {int(len(va_loader.dataset)/BATCH)} -- mean loss {np.average(va_losses)} -- done {round(((b+1)*100)/int(len(va_loader.dataset)/BATCH), 2)}%       ', end='\r', flush=True)
        print('\n')

        lo += slice_frac
    
    right = 0
    for pr in pairs:
        # print(pr[0], pr[1])
        if pr[0] == pr[1]:
            right += 1

    names = ['2p0', '2p1', '3p0', '3p1', 'ft0', 'ft1', 'mp0', 'mp1']

    y_true = sum(y_true, [])
    y_pred = sum(y_pred, [])

    true_names = [names[t] for t in y_true]
    pred_names = [names[t] for t in y_pred]

    rep = classification_report(true_names, pred_names, labels=names, output_dict = True, zero_division = 0)
    print(f'report:\n{classification_report(true_names, pred_names, labels=names, output_dict = False, zero_division = 0)}')

    cm = confusion_matrix(true_names, pred_names, labels=names)

    ax = sns.heatmap(pd.DataFrame(rep).iloc[:-1, :].T, cmap = 'coolwarm', annot=True)
    plt.tight_layout()
    log.log({'classification_report': wandb.Image(ax.figure)})
    plt.close()

    ax1 = sns.heatmap(cm/np.sum(cm), cmap = 'Blues', annot=True, xticklabels=names, yticklabels=names, fmt='.2f')
    log.log({'confusion_matrix': wandb.Image(ax1.figure)})
    plt.close()

    log.log({
        'test_acc': right/len(pairs)
        })

# ------------------------------ entry point ---------------------------------------------------------------------------

# bundle = ClipFolderReader(os.path.join(os.getcwd(), 'dataset'), True).read_all()
# all_clips = ClipTensors(bundle)
# all_loader = DataLoader(all_clips, **loader_kwargs)
# print(len(all_loader.dataset))

net = Conv3dLstm(dev)
# net = TwoStreamNet(dev)
# net = VggLstm(dev)
# net = GreyNet(dev)
# net = ConvOnly(dev)

# te_bundle = ClipFolderReader(os.path.join(os.getcwd(), 'dataset', 'test'), grey=False, with_flow=True, seg_start=0, seg_end=0.01).read_all()

criterion = torch.nn.CrossEntropyLoss()
# lr_grid = [0.2, 0.1, 0.05]
# decay_grid = [0.01, 0.001, 0.0001]

lr = hp['lr']
decay = hp['decay']

opt = torch.optim.Adam(net.parameters(), lr = lr, weight_decay = decay)

# run_log = RunLog(f"bb51_scratch_run", project='BB51')
# log = run_log.get_logger()

fit_by_slices(net, criterion, opt, n_epochs, 0.1, save_as='scratch_run', grey=False, with_flow=False, lr=lr, decay=decay)

# for lr in lr_grid:
#     for decay in decay_grid:

#         print(f'lr {lr} - decay {decay}')

#         net = GreyNet(dev)
#         opt = torch.optim.Adam(net.parameters(), lr = lr, weight_decay = decay)

#         run_log = RunLog(f"bb51_grey_{lr}_{decay}", project='BB51')
#         log = run_log.get_logger()
        
#         net.to(dev)
#         # print(f'lr {lr} - decay {decay}')

#         fit_by_slices(net, criterion, opt, log, n_epochs, 0.04, grey=True, lr=lr, decay=decay)
        
#         print("pickling the network")
#         with open(f'./grey_{lr}_{decay}.pkl', 'wb') as fh:
#             pickle.dump(net, fh)
#============

# print("pickling the network")
# with open(f'./grey_sgd_{lr}_{decay}.pkl', 'wb') as fh:
#     pickle.dump(net, fh)

# print(f'unpickling the network')
# with open(f'./trained_models/grey.pkl', 'rb') as fh:
#     net = pickle.load(fh)

# ckpt_dir = './checkpoints'
# resume_from = 'conv_only_checkpoint'

# net.load_state_dict(torch.load(os.path.join(ckpt_dir, resume_from)))

# run_log = RunLog(f"bb51_grey_test", project='BB51')
# log = run_log.get_logger()

# test_by_slices(net, log, 0.1, grey=True, with_flow=False)

#==================
# fit_all(net, all_loader, criterion, opt, log, n_epochs)

# the slice-wise loaders above replace fit_all
