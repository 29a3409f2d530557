#!/usr/bin/env python
# -*- coding: utf-8 -*-

################################################################################
# (header of the original project: authors, date and CC BY 4.0 licence)       #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
################################################################################

"""
Training and testing helpers (PyTorch).
"""

# py2/py3
from __future__ import print_function
from __future__ import division
from __future__ import absolute_import

import numpy as np
import torch
from models.batch_renorm import BatchRenorm2D
from .common import pad_data, shuffle_in_unison, check_ext_mem, check_ram_usage

def train_net(opt, net, crit, bs, x, y, t,
              n_epochs, preproc=None, use_cuda=True, mask=None):
    """
    Fit a model on arrays that are already in memory.

        opt: optimizer.
        net: model.
        crit: loss.
        bs: minibatch size.
        x: images.
        y: labels.
        t: task id.
        n_epochs: passes over x.
        preproc: optional preprocessing of x.
        use_cuda: run on the GPU if there is one.
        mask: unused class mask.
    Returns the last running loss, the running accuracy and a dict of
    resource statistics.
    
    
    
    """

    ep_done = 0
    cur_t = t
    stats = {"ram": [], "disk": []}

    if preproc:
        x = preproc(x)

    (tx, ty), n_it = pad_data(
        [x, y], bs
    )

    shuffle_in_unison(
        [tx, ty], 0, in_place=True
    )

    net = maybe_cuda(net, use_cuda=use_cuda)
    acc = None
    run_loss = 0

    tx = torch.from_numpy(tx).type(torch.FloatTensor)
    ty = torch.from_numpy(ty).type(torch.LongTensor)

    net.train()

    for ep in range(n_epochs):

        stats['disk'].append(check_ext_mem("cl_ext_mem"))
        stats['ram'].append(check_ram_usage())

        print("epoch: ", ep)
        n_right, run_loss = 0, 0
        for it in range(n_it):

            lo = it * bs
            hi = (it + 1) * bs

            opt.zero_grad()

            xb = maybe_cuda(tx[lo:hi], use_cuda=use_cuda)
            yb = maybe_cuda(ty[lo:hi], use_cuda=use_cuda)
            logits = net(xb)

            _, pred = torch.max(logits, 1)
            n_right += (pred == yb).sum()

            loss = crit(logits, yb)
            run_loss += loss.item()

            loss.backward()
            opt.step()

            acc = n_right.item() / \
                  ((it + 1) * yb.size(0))
            run_loss /= ((it + 1) * yb.size(0))

            if it % 100 == 0:
                print(
                    'it {}: mean loss {:.6f}, '
                    'running acc {:.3f}'
                        .format(it, run_loss, acc)
                )

        ep_done += 1

    return run_loss, acc, stats


def preprocess_imgs(imgs, scale=True, norm=True, channel_first=True):
    """
    Scale, normalise with the ImageNet statistics and move channels
    first, as the torchvision pretrained models expect.

        imgs: batch of HWC images.
        scale: divide by 255.
        channel_first: NHWC -> NCHW.
        norm: subtract the mean and divide by the std per channel.
    Returns the processed batch.
    
    
    
    
    """

    if scale:
        # floats in [0, 1]
        imgs = imgs / 255

    if norm:
        # per-channel normalisation
        imgs[:, :, :, 0] = ((imgs[:, :, :, 0] - 0.485) / 0.229)
        imgs[:, :, :, 1] = ((imgs[:, :, :, 1] - 0.456) / 0.224)
        imgs[:, :, :, 2] = ((imgs[:, :, :, 2] - 0.406) / 0.225)

    if channel_first:
        # NHWC to NCHW
        imgs = np.transpose(imgs, (0, 3, 1, 2))

    return imgs


def maybe_cuda(obj, use_cuda=True, **kw):
    """
    Move obj to the GPU when asked to and one is present.

        obj: tensor or module.
        use_cuda: whether the GPU may be used.
    Returns
        obj, possibly on the GPU.
    """

    if use_cuda is not False and torch.cuda.is_available():
        obj = obj.cuda()
    return obj


def test_multitask(
        net, test_set, bs, preproc=None, use_cuda=True, multi_heads=[],
        last_layer_name="output", verbose=True):
    """
    Evaluate on a test set made of one part per task.

        net: model.
        test_set: list of ((x, y), t).
        bs: minibatch size.
        preproc: preprocessing of x.
        use_cuda: run on the GPU if there is one.
        multi_heads: stored output heads, one per task, in task
                     order.
    Returns
        stats: per-task and mean accuracy.
        
    """

    net.eval()

    acc_per_task = []
    stats = {'accs': [], 'acc': []}
    preds = []

    for (x, y), t in test_set:

        if preproc:
            x = preproc(x)

        if multi_heads != [] and len(multi_heads) > t:
            # load the head of this task
            if verbose:
                print("head: ", t)
            with torch.no_grad():
                if last_layer_name == "output":
                    net.output.weight.copy_(multi_heads[t].weight)
                else:
                    net.fc.weight.copy_(multi_heads[t].weight)
                    net.fc.bias.copy_(multi_heads[t].bias)

        net = maybe_cuda(net, use_cuda=use_cuda)
        acc = None

        ex = torch.from_numpy(x).type(torch.FloatTensor)
        ey = torch.from_numpy(y).type(torch.LongTensor)

        n_right, run_loss = 0, 0

        with torch.no_grad():

            n_it = ey.size(0) // bs + 1
            for it in range(n_it):

                lo = it * bs
                hi = (it + 1) * bs

                xb = maybe_cuda(ex[lo:hi], use_cuda=use_cuda)
                yb = maybe_cuda(ey[lo:hi], use_cuda=use_cuda)
                logits = net(xb)

                _, pred = torch.max(logits, 1)
                n_right += (pred == yb).sum()
                preds += list(pred.data.cpu().numpy())

                # print(pred)
                # print(yb)
            acc = n_right.item() / ey.shape[0]

        if verbose:
            print('task {} acc {:.3f}'.format(t, acc))
        acc_per_task.append(acc)
        stats['accs'].append(acc)

    stats['acc'].append(np.mean(acc_per_task))

    if verbose:
        print("==========================")
        print("mean acc:", stats['acc'])
        print("==========================")

    # blank the head before the next batch
    if multi_heads:
        if verbose:
            print("head reset...")
        with torch.no_grad():
            if last_layer_name == "output":
                net.output.weight.fill_(0)
            else:
                net.fc.weight.fill_(0)
                net.fc.bias.fill_(0)

    return stats, preds
