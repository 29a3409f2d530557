from __future__ import print_function

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim import lr_scheduler
from torch.utils.data import DataLoader
from models.fcn import VGGNet, FCN8sScaledBN, FCN8sScaled
from models.unet import UNet
from models.unet_resnet_encoder import UNetWithResnet50Encoder
from models.vgg_encoder import VGGEncoder
from models.resnet3D import resnet50_3D
from models.logistic import Logistic
from datasets.BRATS2018 import BRATS2018, NormalizeBRATS, ToTensor, ZeroPad
from datasets.BRATS2018_3D import BRATS2018_3D, NormalizeBRATS3D, CenterCropBRATS3D

from torchvision import transforms
import copy
from metrics.metrics import Evaluator
from metrics.torch_seg_metrics import *
from hyper_param_config import *

import numpy as np
import time
import datetime
import argparse
import os
import math
import signal

import logging
from logging.config import fileConfig

# module-level setup
if not os.path.exists('logs/'):
    os.makedirs('logs/')
    os.mknod('logs/basic_logs.log')
    
fileConfig('./logging_conf.ini')
logger = logging.getLogger('main')


logger.info('run settings: ')
logger.info(run_name)

out_dir = os.path.join("scores", run_name)
if not os.path.exists(out_dir):
    os.makedirs(out_dir)


ap = argparse.ArgumentParser()
ap.add_argument("task", help='seg trains a segmentation net, cls a classifier.',\
    default='seg', choices=['seg', 'cls'])
ap.add_argument('-i', '--input', help='which MRI modalities to feed', default='all',\
    choices=['t1ce', 'flair', 't2-flair', 'all'])
ap.add_argument('-g', '--grade', help='tumour grade of the training cases',\
    default='HGG', choices=['HGG', 'LGG'])
ap.add_argument('--seg_task', help='which label map to segment', default='seg',\
    choices=['seg', 'wt', 'et', 'tc'])
ap.add_argument('--pre_trained', help='resume from the checkpoint in the config',\
    action='store_true')
opts = ap.parse_args()

has_cuda = torch.cuda.is_available()
dev = torch.device('cuda:0' if has_cuda else 'cpu')
# end of module-level setup

def make_sets_and_loaders(modality, seg_kind_arg, BATCH, grade='HGG'):
    tfms = transforms.Compose([
            NormalizeBRATS(),
            ToTensor()
        ])
    
    if modality == 't1ce':
        sets = {
            ph: BRATS2018('./BRATS2018/',\
                            grade=grade,\
                            data_set=ph,\
                            seg_type=seg_kind_arg,\
                            transform=tfms)
            for ph in ['train', 'val']
        }
    elif modality == 'flair':
        sets = {
            ph: BRATS2018('./BRATS2018/',\
                            grade=grade,\
                            data_set=ph,\
                            scan_type='flair',\
                            seg_type=seg_kind_arg,\
                            transform=tfms)
            for ph in ['train', 'val']
        }
    elif modality == 't2-flair':
        sets = {
            ph: BRATS2018('./BRATS2018/',\
                            grade=grade,\
                            data_set=ph,\
                            scan_type='t2-flair',\
                            seg_type=seg_kind_arg,\
                            transform=tfms)
            for ph in ['train', 'val']
        }
    elif modality == 'all':
        sets = {
            ph: BRATS2018('./BRATS2018/',\
                            grade=grade,\
                            data_set=ph,\
                            scan_type='all',\
                            seg_type=seg_kind_arg,\
                            transform=tfms)
            for ph in ['train', 'val']
        }
    else:
        raise ValueError('modality must be t1ce, flair, t2-flair or all')
    

    loaders = {
        'train': DataLoader(sets['train'], batch_size=BATCH, shuffle=True, num_workers=0),
        'val': DataLoader(sets['val'], batch_size=BATCH, shuffle=False, num_workers=0)
    }

    return sets, loaders


def now_str() -> str:
    t0 = time.time()
    now_str = datetime.datetime.fromtimestamp(t0).strftime('%Y-%m-%d %H:%M:%S')
    return now_str


class SoftDice(nn.Module):
    def __init__(self, weight=None, size_average=True):
        super(SoftDice, self).__init__()
    
    def dice_coef(self, pr, y):
        eps = 5e-3
        bsz_now = pr.size(0)              # samples in the batch
        p_flat = pr.view(bsz_now, -1).float()
        t_flat = y.view(bsz_now, -1).float()

        inter = (p_flat * t_flat).sum()
        logger.debug('overlap {:.4f}, pred sum {:.4f}, target sum {:.4f}'.format(inter,\
            p_flat.sum(),\
            t_flat.sum()))

        return (2. * inter + eps) / (p_flat.sum() + t_flat.sum() + eps)

    def forward(self, logits, y):
        p = torch.sigmoid(logits)

        d = self.dice_coef(p, y)
        d = 1 - d

        return d


def train_seg(modality, grade, seg_kind_arg, num_classes, BATCH, N_EPOCHS, has_cuda, lr0, wd, from_ckpt=False):
    logger.info('training on modality {}'.format(modality))
    net = UNet(4, 4, residual=True, expansion=2)
    
    crit = nn.CrossEntropyLoss()
    
    opt = optim.Adam(params=net.parameters(), lr=lr0, weight_decay=wd)
    
    if from_ckpt:
        ckpt = torch.load(ckpt_path, map_location=dev)
        net.load_state_dict(ckpt['model_state_dict'])
    
    if has_cuda:
        t0 = time.time()
        net.to(dev)

        print("moved to GPU in {}s".format(time.time() - t0))

    sched = lr_scheduler.StepLR(opt, step_size=lr_every, gamma=lr_factor)  # step schedule (factor from the config)

    sets, loaders = make_sets_and_loaders(modality, seg_kind_arg, BATCH, grade=grade)

    t_start = time.time()
    best_state = copy.deepcopy(net.state_dict())
    best_miou = 0.0

    loss_tab = np.zeros((2, N_EPOCHS))
    acc_tab = np.zeros((2, N_EPOCHS))
    cls_acc_tab = np.zeros((2, N_EPOCHS))
    miou_tab = np.zeros((2, N_EPOCHS))
    meter = Evaluator(num_classes)

    def on_signal(signum, frm):
        np.save(os.path.join(out_dir, 'epoch_accuracy'), acc_tab)
        np.save(os.path.join(out_dir, 'epoch_mean_iou'), miou_tab)
        np.save(os.path.join(out_dir, 'epoch_loss'), loss_tab)

        net.load_state_dict(best_state)

        logger.info('stopped by signal, weights saved')
        torch.save(net.state_dict(), os.path.join(out_dir, 'stopped_net.pt'))
        torch.save({
            'model_state_dict': net.state_dict(),
            'optimizer_state_dict': opt.state_dict()
        }, os.path.join(out_dir, 'stopped_net.tar'))
        
        quit()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    

    for ep in range(N_EPOCHS):
        logger.info('epoch {}/{}'.format(ep + 1, N_EPOCHS))
        logger.info('-' * 28)
        
        
        for pi, ph in enumerate(['train', 'val']):
            if ph == 'train':
                net.train()
                logger.info(ph)
            else:
                net.eval()
                logger.info(ph)
            
            meter.reset()
            loss_sum = 0.0
            dice_sum = 0.0
            
            for bi, b in enumerate(loaders[ph]):
                x, y = b
                x = x.to(dev)
                y = y.to(dev)

                # clear gradients
                opt.zero_grad()

                with torch.set_grad_enabled(ph == 'train'):
                    out = net(x)
                    l = crit(out, y)
                    
                    if ph == 'train':
                        l.backward()
                        opt.step()

                pr = torch.argmax(F.softmax(out, dim=1), dim=1, keepdim=True)
                loss_sum += l * x.size(0)
                logger.debug('step {} loss sum {:.4f}'.format(bi,\
                    loss_sum))

                # confusion matrix for pixel accuracy and IoU
                pr = torch.squeeze(pr, dim=1)
                pr = pr.cpu().numpy()
                y = y.cpu().numpy()
                meter.add_batch(y, pr)

            
            loss_tab[pi, ep] = loss_sum / len(sets[ph])
            acc_tab[pi, ep] = meter.Pixel_Accuracy()
            cls_acc_tab[pi, ep] = meter.Pixel_Accuracy_Class()
            miou_tab[pi, ep] = meter.Mean_Intersection_over_Union()
            
            logger.info('{} loss {:.4f}, acc {:.4f}, class acc {:.4f}, mIoU {:.6f}'.format(ph,\
                loss_tab[pi, ep],\
                acc_tab[pi, ep],\
                cls_acc_tab[pi, ep],\
                miou_tab[pi, ep]))


            if ph == 'val' and miou_tab[pi, ep] > best_miou:
                best_miou = miou_tab[pi, ep]
                best_state = copy.deepcopy(net.state_dict())
            
            if ph == 'val' and (ep + 1) % 10 == 0:
                logger.info('checkpoint written at epoch {}'.format(ep + 1))
                torch.save(net.state_dict(), os.path.join(out_dir, 'net_ep{}.pt'.format(ep + 1)))
        
        print()
    
    dt = time.time() - t_start
    logger.info('done in {}m {}s'.format(int(dt / 60),\
        int(dt) % 60))
    
    # restore the best weights
    net.load_state_dict(best_state)

    # curves to disk
    np.save(os.path.join(out_dir, 'epoch_accuracy'), acc_tab)
    np.save(os.path.join(out_dir, 'epoch_mean_iou'), miou_tab)
    np.save(os.path.join(out_dir, 'epoch_loss'), loss_tab)

    return net, opt

def train_cls(num_classes, BATCH, N_EPOCHS, has_cuda, lr0, wd, from_ckpt=False):
    logger.info('training the HGG/LGG classifier')
    net = Logistic(volume=(4, 160, 160, 144), num_classes=num_classes)
    
    crit = nn.CrossEntropyLoss()
    
    opt = optim.Adam(params=net.parameters(), lr=lr0, weight_decay=wd)
    
    if from_ckpt:
        ckpt = torch.load(ckpt_path, map_location=dev)
        net.load_state_dict(ckpt['model_state_dict'])
    
    if has_cuda:
        t0 = time.time()
        net.to(dev)

        print("moved to GPU in {}s".format(time.time() - t0))

    sched = lr_scheduler.StepLR(opt, step_size=lr_every, gamma=lr_factor)
    
    tfms = transforms.Compose([
        CenterCropBRATS3D(),
        NormalizeBRATS3D(),
        ToTensor()
    ])

    sets = {
            ph: BRATS2018_3D('BRATS2018/',\
                            data_set=ph,\
                            transform=tfms)
            for ph in ['train', 'val']
        }
    loaders = {
        'train': DataLoader(sets['train'], batch_size=BATCH, shuffle=True, num_workers=0),
        'val': DataLoader(sets['val'], batch_size=BATCH, shuffle=False, num_workers=0)
    }

    t_start = time.time()
    best_state = copy.deepcopy(net.state_dict())
    best_accuracy = 0.0

    loss_tab = np.zeros((2, N_EPOCHS))
    acc_tab = np.zeros((2, N_EPOCHS))
    
    
    def on_signal(signum, frm):
        np.save(os.path.join(out_dir, 'epoch_accuracy'), acc_tab)
        np.save(os.path.join(out_dir, 'epoch_loss'), loss_tab)

        net.load_state_dict(best_state)

        logger.info('stopped by signal, weights saved')
        torch.save(net.state_dict(), os.path.join(out_dir, 'stopped_net.pt'))
        torch.save({
            'model_state_dict': net.state_dict(),
            'optimizer_state_dict': opt.state_dict()
        }, os.path.join(out_dir, 'stopped_net.tar'))
        
        quit()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    for ep in range(N_EPOCHS):
        logger.info('epoch {}/{}'.format(ep + 1, N_EPOCHS))
        logger.info('-' * 28)
        
        for pi, ph in enumerate(['train', 'val']):
            if ph == 'train':
                net.train()
                logger.info(ph)
            else:
                net.eval()
                logger.info(ph)
            
            loss_sum = torch.tensor(0, dtype=torch.float32)
            hit_sum = torch.tensor(0, dtype=torch.float32)
            

            for bi, b in enumerate(loaders[ph]):
                x, lab = b
                x = x.view(x.size(0), -1).to(dev)
                lab = lab.view(-1,).to(dev)

                # clear gradients
                opt.zero_grad()

                with torch.set_grad_enabled(ph == 'train'):
                    out = net(x)
                    l = crit(out, lab)
                    
                    if ph == 'train':
                        l.backward()
                        opt.step()
                
                pr = torch.argmax(F.softmax(out, dim=1), dim=1).view(-1,)
                loss_sum += l * x.size(0)
                hit_sum += torch.sum(pr == lab)
                
                logger.debug('step {} loss sum {:.4f}'.format(bi,\
                    loss_sum))
            
            loss_tab[pi, ep] = loss_sum.cpu().detach().numpy() / len(sets[ph])
            acc_tab[pi, ep] = hit_sum.cpu().numpy() / len(sets[ph])
            

            logger.info('{} loss {:.4f}, acc {:.4f}'.format(ph,\
                loss_tab[pi, ep],\
                acc_tab[pi, ep]))
            
            if ph == 'val' and acc_tab[pi, ep] > best_accuracy:
                best_accuracy = acc_tab[pi, ep]
                best_state = copy.deepcopy(net.state_dict())
            
            if ph == 'val' and (ep + 1) % 10 == 0:
                logger.info('checkpoint written at epoch {}'.format(ep + 1))
                torch.save(net.state_dict(), os.path.join(out_dir, 'net_ep{}.pt'.format(ep + 1)))

    
    dt = time.time() - t_start
    logger.info('done in {}m {}s'.format(int(dt / 60),\
        int(dt) % 60))

    # restore the best weights
    net.load_state_dict(best_state)

    # curves to disk
    np.save(os.path.join(out_dir, 'epoch_accuracy'), acc_tab)
    np.save(os.path.join(out_dir, 'epoch_loss'), loss_tab)

    return net, opt
    
            

if __name__ == "__main__":
    if opts.task == 'seg':
        net, opt = train_seg(opts.input, opts.grade, opts.seg_task, N_CLASSES, BATCH, N_EPOCHS, has_cuda, LR, wd, opts.pre_trained)
    else:
        net, opt = train_cls(N_CLASSES, BATCH, N_EPOCHS, has_cuda, LR, wd, opts.pre_trained)
    
    logger.info('final weights saved')
    torch.save(net.state_dict(), os.path.join(out_dir, 'final_net.pt'))
    torch.save({
        'model_state_dict': net.state_dict(),
        'optimizer_state_dict': opt.state_dict()
    }, os.path.join(out_dir, 'final_net_checkpoint.tar'))
