
# coding: utf-8

import numpy as np
import torch
import torch.nn as nn
import torch.autograd as autograd
import torch.nn.functional as F
import torch.optim as optim
from tqdm import tqdm
import codecs
import operator
import argparse
import h5py
import json
import os
import utils

def read_splits(folder):
    try:
        tr = utils.load_h5(folder+"/processed_train.h5", "train")
        va = utils.load_h5(folder+"/processed_valid.h5", "valid")
        te = utils.load_h5(folder+"/processed_test.h5", "test")
        vocab = utils.load_json(folder+"/vocab.json")
        return tr, va, te, vocab

    except FileNotFoundError:
        print ("missing processed_train.h5 / valid / test / vocab.json in ", folder)
        exit()
    
    #id_to_word = {v:k for k,v in vocab.items()}
    return -1

class WordLSTM(nn.Module):
    def __init__(self, cfg): # emb size, hidden size, vocab, batch, layers, dropout, gpu flag
        super(WordLSTM, self).__init__()
        
        self.on_gpu = cfg["use_gpu"]
        self.hidden_size = cfg["rnn_size"]
        self.vocab_size = cfg["vocab_size"] 
        self.batch_size = cfg["batch_size"]
        self.embedding_size = cfg["embedding_size"]
        self.dropout = cfg["dropout"]
        self.num_layers = cfg["rnn_layers"]
        self.embed = nn.Embedding(self.vocab_size, self.embedding_size)

        self.lstm = nn.LSTM(self.embedding_size, self.hidden_size, num_layers=self.num_layers, dropout=self.dropout)

        self.proj = nn.Linear(self.hidden_size, self.vocab_size)
        self.hidden = self.init_hidden()

    def init_hidden(self):
        # zero state of shape (layers, batch, hidden)
        c0 = autograd.Variable(torch.zeros(self.num_layers, self.batch_size, self.hidden_size))
        h0 = autograd.Variable(torch.zeros(self.num_layers, self.batch_size, self.hidden_size))
        if self.on_gpu:
            c0 = c0.cuda()
            h0 = h0.cuda()
        return (c0, h0)
    
    def forward(self, tokens):
        emb = self.embed(tokens)
        out, self.hidden = self.lstm(emb, self.hidden)
        logits = self.proj(out)
        log_probs = F.log_softmax(logits, dim=2)
        return log_probs

def fit(tr_batches, vocab, n_epochs, va_batches, save_prefix, cfg, on_gpu):
    for ep in range(n_epochs):
        running = 0
        for blk in tqdm(tr_batches, desc="Epoch %d/%d"%(ep+1, n_epochs)):
            net.zero_grad()
            net.hidden = net.init_hidden()
            
            inp = utils.to_tensor(blk[:-1,:])
            tgt = utils.to_tensor(blk[1:,:])

            if on_gpu:
                inp = inp.cuda()
                tgt = tgt.cuda()

            log_probs = net(inp)

            gold = tgt.contiguous().view(-1, 1).squeeze()
            pred = log_probs.view(-1, len(vocab))
            
            loss = criterion(pred, gold)
            running += loss.data
            
            loss.backward()
            opt.step()

        cfg["model"] = net.state_dict()
        cfg["optimizer"] = opt.state_dict()
        cfg["epoch"] = ep
        torch.save(cfg, save_prefix+"_"+str(ep))

        print ("Train loss: ", running.data.cpu().numpy()/len(tr_batches))
        net.eval()
        print ("Valid loss: ", utils.score(net, criterion, va_batches, on_gpu)/len(va_batches))
        net.train()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description='word-level LSTM LM')

    ap.add_argument('--data_dir', type=str, required=True, help='folder with the processed files')
    ap.add_argument('--embedding_size', type=int, default=650, help='embedding width')
    ap.add_argument('--rnn_size', type=int, default=650, help='LSTM width')
    ap.add_argument('--sequence_length', type=int, default=35)
    ap.add_argument('--batch_size', type=int, default=20)
    ap.add_argument('--epochs', type=int, default=10)
    ap.add_argument('--rnn_layers', type=int, default=1)
    ap.add_argument('--dropout', type=float, default=0.0)
    ap.add_argument('--output_model', type=str, required=True)

    opts = ap.parse_args()

    on_gpu = torch.cuda.is_available()

    # data
    if not os.path.isdir(opts.data_dir):
        print ("data folder not found")
        exit(0)

    cfg = {}
    cfg["embedding_size"] = opts.embedding_size
    cfg["rnn_size"] = opts.rnn_size
    cfg["rnn_layers"] = opts.rnn_layers
    cfg["dropout"] = opts.dropout
    cfg["use_gpu"] = on_gpu
    cfg["sequence_length"] = opts.sequence_length
    cfg["batch_size"] = opts.batch_size

    tr, va, te, vocab = read_splits(opts.data_dir)
    cfg["vocab_size"] = len(vocab)

    tr_batches = utils.make_batches(tr, opts.sequence_length, opts.batch_size, vocab)
    va_batches = utils.make_batches(va, opts.sequence_length, opts.batch_size, vocab)
    te_batches =  utils.make_batches(te, opts.sequence_length, opts.batch_size, vocab)
    
    # model, loss, optimiser
    net = WordLSTM(cfg)
    if on_gpu:
        print ("GPU in use")
        net.cuda()
    criterion = nn.NLLLoss()
    opt = optim.SGD(net.parameters(), lr=0.1)

    # show the network
    print (net)

    # train
    fit(tr_batches, vocab, opts.epochs, va_batches, opts.output_model, cfg, on_gpu)

    # final test score
    print ("Test loss: ", utils.score(net, criterion, te_batches, on_gpu)/len(te_batches))

