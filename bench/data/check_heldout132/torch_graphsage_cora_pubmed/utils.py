import sys
import os
import torch
import random
import math

from sklearn.utils import shuffle
from sklearn.metrics import f1_score

import torch.nn as nn
import numpy as np

def evaluate(store, name, sage, head, dev, best_f1, tag, cur_ep):
    te_nodes = getattr(store, name+'_test')
    va_nodes = getattr(store, name+'_val')
    y_all = getattr(store, name+'_labels')

    nets = [sage, head]

    frozen = []
    for net in nets:
        for p in net.parameters():
            if p.requires_grad:
                p.requires_grad = False
                frozen.append(p)

    z = sage(va_nodes)
    scores = head(z)
    _, guess = torch.max(scores, 1)
    y_va = y_all[va_nodes]
    assert len(y_va) == len(guess)
    pairs = zip(y_va, guess.data)

    va_f1 = f1_score(y_va, guess.cpu().data, average="micro")
    print("val F1:", va_f1)

    if va_f1 > best_f1:
        best_f1 = va_f1
        z = sage(te_nodes)
        scores = head(z)
        _, guess = torch.max(scores, 1)
        y_te = y_all[te_nodes]
        assert len(y_te) == len(guess)
        pairs = zip(y_te, guess.data)

        te_f1 = f1_score(y_te, guess.cpu().data, average="micro")
        print("test F1:", te_f1)

        for p in frozen:
            p.requires_grad = True

        torch.save(nets, 'models/model_best_{}_ep{}_{:.4f}.torch'.format(tag, cur_ep, te_f1))

    for p in frozen:
        p.requires_grad = True

    return best_f1

def embed_all_nodes(sage, store, name):
    print('computing embeddings of every node with the trained model.')
    unused = np.zeros((len(getattr(store, name+'_labels')), sage.out_size))
    every = np.arange(len(getattr(store, name+'_labels'))).tolist()
    chunk = 500
    n_chunks = math.ceil(len(every) / chunk)
    parts = []
    for c in range(n_chunks):
        ids = every[c*chunk:(c+1)*chunk]
        z_c = sage(ids)
        assert len(z_c) == len(ids)
        parts.append(z_c)
        # if ((c+1)*chunk) % 10000 == 0:
        #     print(f'done [{(c+1)*chunk}/{len(every)}]')

    assert len(parts) == n_chunks
    parts = torch.cat(parts, 0)
    assert len(parts) == len(every)
    print('embeddings ready.')
    return parts.detach()

def train_classification(store, sage, head, name, dev, best_f1, tag, epochs=800):
    print('fitting the classifier head ...')
    head_opt = torch.optim.SGD(head.parameters(), lr=0.5)
    # the head is trained on frozen embeddings
    #head.init_params()
    bs = 50
    tr_nodes = getattr(store, name+'_train')
    y_all = getattr(store, name+'_labels')
    z_all = embed_all_nodes(sage, store, name)
    for ep in range(epochs):
        tr_nodes = shuffle(tr_nodes)
        n_b = math.ceil(len(tr_nodes) / bs)
        seen = set()
        for b in range(n_b):
            ids = tr_nodes[b*bs:(b+1)*bs]
            seen |= set(ids)
            y_b = y_all[ids]
            z_b = z_all[ids]

            scores = head(z_b)
            loss = -torch.sum(scores[range(scores.size(0)), y_b], 0)
            loss /= len(ids)
            # print('ep [{}/{}], step [{}/{}], loss {:.4f}, seen [{}/{}] '.format(ep+1, epochs, b, n_b, loss.item(), len(seen), len(tr_nodes)))

            loss.backward()
            
            nn.utils.clip_grad_norm_(head.parameters(), 5)
            head_opt.step()
            head_opt.zero_grad()

        best_f1 = evaluate(store, name, sage, head, dev, best_f1, tag, ep)
    return head, best_f1

def apply_model(store, name, sage, head, unsup, bs, unsup_kind, dev, method):
    te_nodes = getattr(store, name+'_test')
    va_nodes = getattr(store, name+'_val')
    tr_nodes = getattr(store, name+'_train')
    y_all = getattr(store, name+'_labels')

    if unsup_kind == 'margin':
        n_neg = 6
    elif unsup_kind == 'normal':
        n_neg = 100
    else:
        print("unsup_loss must be 'margin' or 'normal'.")
        sys.exit(1)

    tr_nodes = shuffle(tr_nodes)

    nets = [sage, head]
    params = []
    for net in nets:
        for p in net.parameters():
            if p.requires_grad:
                params.append(p)

    opt = torch.optim.SGD(params, lr=0.7)
    opt.zero_grad()
    for net in nets:
        net.zero_grad()

    n_b = math.ceil(len(tr_nodes) / bs)

    seen = set()
    for b in range(n_b):
        ids = tr_nodes[b*bs:(b+1)*bs]

        # add positive/negative partners for the unsupervised loss
        # (harmless for the supervised loss)
        ids = np.asarray(list(unsup.extend_nodes(ids, num_neg=n_neg)))
        seen |= set(ids)

        # labels of the batch
        y_b = y_all[ids]

        # embeddings of the batch
        # from the sampled neighbourhoods
        z_b = sage(ids)

        if method == 'sup':
            # supervised only
            scores = head(z_b)
            l_sup = -torch.sum(scores[range(scores.size(0)), y_b], 0)
            l_sup /= len(ids)
            loss = l_sup
        elif method == 'plus_unsup':
            # supervised part
            scores = head(z_b)
            l_sup = -torch.sum(scores[range(scores.size(0)), y_b], 0)
            l_sup /= len(ids)
            # unsupervised part
            if unsup_kind == 'margin':
                l_net = unsup.get_loss_margin(z_b, ids)
            elif unsup_kind == 'normal':
                l_net = unsup.get_loss_sage(z_b, ids)
            loss = l_sup + l_net
        else:
            if unsup_kind == 'margin':
                l_net = unsup.get_loss_margin(z_b, ids)
            elif unsup_kind == 'normal':
                l_net = unsup.get_loss_sage(z_b, ids)
            loss = l_net

        print('step [{}/{}], loss {:.4f}, seen [{}/{}] '.format(b+1, n_b, loss.item(), len(seen), len(tr_nodes)))
        loss.backward()
        for net in nets:
            nn.utils.clip_grad_norm_(net.parameters(), 5)
        opt.step()

        opt.zero_grad()
        for net in nets:
            net.zero_grad()

    return sage, head
