from scipy.sparse import data
import torch
import torch.nn as nn
import numpy as np
import scipy.sparse
import scipy.io
from sklearn.metrics import roc_auc_score
from datetime import datetime
import argparse

from models.dominant import Dominant
from utils import read_attributed_graph
from models.adae import AnomalyDAE


def recon_loss(adj, A_rec, feats, X_rec, alpha):
    # how far the reconstructed attributes are
    attr_sq = torch.pow(X_rec - feats, 2)
    attr_err = torch.sqrt(torch.sum(attr_sq, 1))
    attr_mean = torch.mean(attr_err)

    # how far the reconstructed adjacency is
    adj_sq = torch.pow(A_rec - adj, 2)
    adj_err = torch.sqrt(torch.sum(adj_sq, 1))
    adj_mean = torch.mean(adj_err)


    per_node =  alpha * attr_err + (1-alpha) * adj_err

    return per_node, adj_mean, attr_mean

def fit(opts):
    adj, feats, truth, adj_target = read_attributed_graph(opts.dataset)

    adj = torch.FloatTensor(adj)
    adj_target = torch.FloatTensor(adj_target)
    feats = torch.FloatTensor(feats)

    if opts.model == "adae":
        net = AnomalyDAE(in_dim = feats.size(1), num_nodes = feats.size(0), hidden_dim = opts.hidden_dim, dropout = opts.dropout)
    else:
        net = Dominant(feat_size = feats.size(1), hidden_size = opts.hidden_dim, dropout = opts.dropout)
    
    if opts.device == 'cuda':
        dev = torch.device(opts.device)
        adj = adj.to(dev)
        adj_target = adj_target.to(dev)
        feats = feats.to(dev)
        net = net.cuda()
        
    
    opt = torch.optim.Adam(net.parameters(), lr = opts.lr)
    

    for epoch in range(opts.epoch):
        net.train()
        opt.zero_grad()
        # print(feats.shape, adj.shape)
        A_rec, X_rec = net(feats, adj)
        # print(A_rec.shape, X_rec.shape)
        # print(adj_target.shape, feats.shape)
        per_node, adj_part, attr_part = recon_loss(adj_target, A_rec, feats, X_rec, opts.alpha)
        total = torch.mean(per_node)
        total.backward()
        opt.step()        
        print("epoch:", '%04d' % (epoch), "loss=", "{:.5f}".format(total.item()), "adj_part=", "{:.5f}".format(adj_part.item()),"attr_part=", "{:.5f}".format(attr_part.item()))

        if epoch%10 == 0 or epoch == opts.epoch - 1:
            net.eval()
            A_rec, X_rec = net(feats, adj)
            per_node, adj_part, attr_part = recon_loss(adj_target, A_rec, feats, X_rec, opts.alpha)
            anomaly_score = per_node.detach().cpu().numpy()
            print("epoch:", '%04d' % (epoch), 'AUC', roc_auc_score(truth, anomaly_score))


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--dataset', default='BlogCatalog', help='graph name: Flickr/ACM/BlogCatalog')
    ap.add_argument('--hidden_dim', type=int, default=128, help='embedding width (default: 64)')
    ap.add_argument('--epoch', type=int, default=100, help='number of epochs')
    ap.add_argument('--model', default="adae", help='which model')
    ap.add_argument('--lr', type=float, default=1e-3, help='Adam step size')
    ap.add_argument('--dropout', type=float, default=0., help='dropout probability')
    ap.add_argument('--alpha', type=float, default=0.8, help='attribute vs structure weight')
    ap.add_argument('--device', default='cuda', type=str, help='cuda/cpu')
    

    opts = ap.parse_args()

    fit(opts)
