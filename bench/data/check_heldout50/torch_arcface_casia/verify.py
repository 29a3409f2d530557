# -*- coding: utf-8 -*-
"""
LFW pair verification for the face embedding network.

(pair list: two image names and a same/different flag per line)
"""
from __future__ import print_function
import os
import cv2
from models import *
import torch
import numpy as np
import time
from settings import Options
from torch.nn import DataParallel


def read_pair_names(pair_file):
    with open(pair_file, 'r') as fh:
        rows = fh.readlines()
    names = []
    for row in rows:
        parts = row.split()

        if parts[0] not in names:
            names.append(parts[0])

        if parts[1] not in names:
            names.append(parts[1])
    return names


def read_face(path):
    im = cv2.imread(path, 0)
    if im is None:
        return None
    im = np.dstack((im, np.fliplr(im)))
    im = im.transpose((2, 0, 1))
    im = im[:, np.newaxis, :, :]
    im = im.astype(np.float32, copy=False)
    im -= 127.5
    im /= 127.5
    return im


def embed_all(net, paths, batch_size=10):
    stack = None
    embs = None
    n_batches = 0
    for j, path in enumerate(paths):
        im = read_face(path)
        if im is None:
            print('could not read {}'.format(path))

        if stack is None:
            stack = im
        else:
            stack = np.concatenate((stack, im), axis=0)

        if stack.shape[0] % batch_size == 0 or j == len(paths) - 1:
            n_batches += 1

            x = torch.from_numpy(stack)
            x = x.to(torch.device("cuda"))
            out = net(x)
            out = out.data.cpu().numpy()

            plain = out[::2]
            flipped = out[1::2]
            emb = np.hstack((plain, flipped))
            # print(emb.shape)

            if embs is None:
                embs = emb
            else:
                embs = np.vstack((embs, emb))

            stack = None

    return embs, n_batches


def load_partial(net, path):
    own = net.state_dict()
    saved = torch.load(path)
    saved = {k: v for k, v in saved.items() if k in own}
    own.update(saved)
    net.load_state_dict(own)


def names_to_vectors(names, embs):
    table = {}
    for j, nm in enumerate(names):
        # key = nm.split('/')[1]
        table[nm] = embs[j]
    return table


def cosine(a, b):
    return np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))


def best_threshold(scores, truth):
    scores = np.asarray(scores)
    truth = np.asarray(truth)
    top_acc = 0
    top_th = 0
    for j in range(len(scores)):
        th = scores[j]
        guess = (scores >= th)
        acc = np.mean((guess == truth).astype(int))
        if acc > top_acc:
            top_acc = acc
            top_th = th

    return (top_acc, top_th)


def pair_accuracy(table, pair_file):
    with open(pair_file, 'r') as fh:
        rows = fh.readlines()

    scores = []
    truth = []
    for row in rows:
        parts = row.split()
        va = table[parts[0]]
        vb = table[parts[1]]
        same = int(parts[2])
        s = cosine(va, vb)

        scores.append(s)
        truth.append(same)

    acc, th = best_threshold(scores, truth)
    return acc, th


def lfw_check(net, paths, names, pair_file, batch_size):
    t0 = time.time()
    embs, n_batches = embed_all(net, paths, batch_size=batch_size)
    print(embs.shape)
    dt = time.time() - t0
    print('total {} s, per batch {} s'.format(dt, dt / n_batches))
    table = names_to_vectors(names, embs)
    acc, th = pair_accuracy(table, pair_file)
    print('LFW pair accuracy: ', acc, 'threshold: ', th)
    return acc


if __name__ == '__main__':

    cfg = Options()
    if cfg.backbone == 'resnet18':
        net = resnet_face18(cfg.use_se)
    elif cfg.backbone == 'resnet34':
        net = resnet34()
    elif cfg.backbone == 'resnet50':
        net = resnet50()

    net = DataParallel(net)
    # load_partial(net, cfg.test_model_path)
    net.load_state_dict(torch.load(cfg.test_model_path))
    net.to(torch.device("cuda"))

    names = read_pair_names(cfg.lfw_test_list)
    paths = [os.path.join(cfg.lfw_root, nm) for nm in names]

    net.eval()
    lfw_check(net, paths, names, cfg.lfw_test_list, cfg.test_batch_size)




