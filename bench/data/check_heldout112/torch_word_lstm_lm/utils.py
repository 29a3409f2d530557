import os
import json
import numpy as np
import codecs
import h5py
import torch
import torch.nn as nn
import torch.autograd as autograd
import torch.nn.functional as F
import torch.optim as optim
from tqdm import tqdm

def sentences_for_testing(path, vocab):
    rows = []

    try:
        with codecs.open(path) as fh:
            for ln in fh:
                rows.append(ln.strip().split() + ["eos"])
    except FileNotFoundError:
        print ("no such file: ", path)
        exit()

    print ("Rows read: ", len(rows))
    out = []
    ids = []
    for row in rows:
        ids = []
        for w in row:
            if w in vocab:
                ids.append(vocab[w])
            else:
                ids.append(vocab["<unk>"])
        out.append(np.array(ids))

    return out

def ids_for_validation(path, vocab):
    
    rows = []

    try:
        with codecs.open(path) as fh:
            for ln in fh:
                rows.append(ln.strip().split() + ["eos"])
    except FileNotFoundError:
        print ("no such file: ", path)
        exit()

    print ("Rows read: ", len(rows))
    out = []
    for row in rows:
        for w in row:
            if w in vocab:
                out.append(vocab[w])
            else:
                out.append(vocab["<unk>"])
    out = np.array(out, dtype=np.int)
    return out


def load_json(path):
    with open(path) as fh:
        return json.load(fh)

def save_json(obj, path):
    fh = open(path,"w")
    fh.write(json.dumps(obj))
    fh.close()

def save_h5(arr, key, path):
    store = h5py.File(path, 'w')
    store.create_dataset(key, data=arr)
    print ("Wrote ", path)

def load_h5(path, key):
    store = h5py.File(path, 'r')
    return store[key][:]


def make_batches(ids, steps, bsz, vocab):    
    per_batch = steps * bsz

    if per_batch == len(ids):
        blocks = ids.reshape(-1, bsz, steps)

    else:
        filler = np.array((per_batch - len(ids)%(per_batch)) * [vocab["eos"]], dtype=np.int)
        blocks = np.concatenate((ids, filler)).reshape((-1, bsz, steps))

    # blocks: [n_blocks x rows_per_batch x steps]

    # the LSTM wants steps first, rows second
    # so swap the two inner axes
    blocks = np.swapaxes(blocks, 1, 2)

    #print("blocks: ", blocks.shape)
    return blocks

def to_tensor(blk):
    t = torch.from_numpy(blk)
    return t


def score(net, criterion, blocks, on_gpu):
    running = 0
    for blk in tqdm(blocks):
        net.zero_grad()
        net.hidden = net.init_hidden()

        inp = to_tensor(blk[:-1,:])
        tgt = to_tensor(blk[1:,:])

        if on_gpu:
            inp = inp.cuda()
            tgt = tgt.cuda()
        
        log_probs = net(inp)
        gold = tgt.contiguous().view(-1, 1).squeeze()
        pred = log_probs.view(-1, net.vocab_size)

        loss = criterion(pred, gold)
        running += loss.data

    return running.cpu().numpy()

def next_word(net, blk, id_to_word, on_gpu): # a batch holding one word
    
    net.batch_size = 1
    net.zero_grad()
    net.hidden = net.init_hidden()

    t = torch.from_numpy(blk[0,:])

    if on_gpu:
        t = t.cuda()

    log_probs = net(t)

    # print (log_probs)
    pred = log_probs.view(-1, net.vocab_size)

    vals, idxs = torch.max(pred, 1)
    print(id_to_word[idxs[0].item()])

    return id_to_word[idxs[0].item()]
