import sys
import os
import torch
import argparse
import pyhocon
import random

from data_center import *
from utils import *
from models import *

cli = argparse.ArgumentParser(description='GraphSAGE in plain PyTorch')

cli.add_argument('--dataSet', type=str, default='cora')
cli.add_argument('--agg_func', type=str, default='MEAN')
cli.add_argument('--epochs', type=int, default=50)
cli.add_argument('--b_sz', type=int, default=20)
cli.add_argument('--seed', type=int, default=824)
cli.add_argument('--cuda', action='store_true',
                 help='run on the GPU')
cli.add_argument('--gcn', action='store_true')
cli.add_argument('--learn_method', type=str, default='sup')
cli.add_argument('--unsup_loss', type=str, default='normal')
cli.add_argument('--max_vali_f1', type=float, default=0)
cli.add_argument('--name', type=str, default='debug')
cli.add_argument('--config', type=str, default='./src/experiments.conf')
opts = cli.parse_args()

if torch.cuda.is_available():
    if not opts.cuda:
        print("note: a GPU is present; pass --cuda to use it")
    else:
        gpu = torch.cuda.current_device()
        print('GPU', gpu, torch.cuda.get_device_name(gpu))

dev = torch.device("cuda" if opts.cuda else "cpu")
print('device:', dev)

if __name__ == '__main__':
    random.seed(opts.seed)
    np.random.seed(opts.seed)
    torch.manual_seed(opts.seed)
    torch.cuda.manual_seed_all(opts.seed)

    # settings file
    cfg = pyhocon.ConfigFactory.parse_file(opts.config)

    # graph
    name = opts.dataSet
    store = GraphStore(cfg)
    store.load_dataSet(name)
    x_all = torch.FloatTensor(getattr(store, name+'_feats')).to(dev)

    sage = GraphSage(cfg['setting.num_layers'], x_all.size(1), cfg['setting.hidden_emb_size'], x_all, getattr(store, name+'_adj_lists'), dev, gcn=opts.gcn, agg_func=opts.agg_func)
    sage.to(dev)

    n_cls = len(set(getattr(store, name+'_labels')))
    head = Classification(cfg['setting.hidden_emb_size'], n_cls)
    head.to(dev)

    unsup = UnsupervisedLoss(getattr(store, name+'_adj_lists'), getattr(store, name+'_train'), dev)

    if opts.learn_method == 'sup':
        print('supervised GraphSAGE')
    elif opts.learn_method == 'plus_unsup':
        print('supervised plus unsupervised GraphSAGE')
    else:
        print('unsupervised GraphSAGE')

    for ep in range(opts.epochs):
        print('======== epoch %d ========' % ep)
        sage, head = apply_model(store, name, sage, head, unsup, opts.b_sz, opts.unsup_loss, dev, opts.learn_method)
        if (ep+1) % 2 == 0 and opts.learn_method == 'unsup':
            head, opts.max_vali_f1 = train_classification(store, sage, head, name, dev, opts.max_vali_f1, opts.name)
        if opts.learn_method != 'unsup':
            opts.max_vali_f1 = evaluate(store, name, sage, head, dev, opts.max_vali_f1, opts.name, ep)
