from scipy.sparse import data
import torch
import torch.nn as nn
import numpy as np
import scipy.sparse
import scipy.io
from sklearn.metrics import roc_auc_score
from datetime import datetime
import argparse
import os.path

from model import Dominant
from utils import read_attributed_graph



def recon_loss(A, A_rec, X, X_rec, w):
    # attribute reconstruction
    x_err = torch.pow(X_rec - X, 2)
    x_err_per_node = torch.sqrt(torch.sum(x_err, 1))
    x_cost = torch.mean(x_err_per_node)

    # structure reconstruction
    a_err = torch.pow(A_rec - A, 2)
    a_err_per_node = torch.sqrt(torch.sum(a_err, 1))
    a_cost = torch.mean(a_err_per_node)


    node_cost =  w * x_err_per_node + (1-w) * a_err_per_node

    return node_cost, a_cost, x_cost

def fit(opts):
    A_n, X, y, A_t = read_attributed_graph(opts.dataset)

    A_n = torch.FloatTensor(A_n)
    A_t = torch.FloatTensor(A_t)
    X = torch.FloatTensor(X)

    
    net = Dominant(feat_size = X.size(1), hidden_size = opts.hidden_dim, dropout = opts.dropout)

    if os.path.exists(opts.model_path) and opts.train == False:
        net.load_state_dict(torch.load(opts.model_path))
        print("weights loaded")

    if opts.device == 'cuda':
        dev = torch.device(opts.device)
        A_n = A_n.to(dev)
        A_t = A_t.to(dev)
        X = X.to(dev)
        net = net.cuda()
        
    
    opt = torch.optim.Adam(net.parameters(), lr = opts.lr)
    

    if opts.train == True:
        for ep in range(opts.epoch):
            net.train()
            opt.zero_grad()
            A_rec, X_rec = net(X, A_n)
            per_node, s_loss, f_loss = recon_loss(A_t, A_rec, X, X_rec, opts.alpha)
            total = torch.mean(per_node)
            total.backward()
            opt.step()        
            print("ep:", '%04d' % (ep), "loss=", "{:.5f}".format(total.item()), "struct=", "{:.5f}".format(s_loss.item()),"attr=", "{:.5f}".format(f_loss.item()))

            if ep%10 == 0 or ep == opts.epoch - 1:
                net.eval()
                A_rec, X_rec = net(X, A_n)
                per_node, s_loss, f_loss = recon_loss(A_t, A_rec, X, X_rec, opts.alpha)
                scores = per_node.detach().cpu().numpy()
                print("ep:", '%04d' % (ep), 'AUC', roc_auc_score(y, scores))
    
    if opts.train == False:
        net.eval()
        A_rec, X_rec = net(X, A_n)
        per_node, s_loss, f_loss = recon_loss(A_t, A_rec, X, X_rec, opts.alpha)
        scores = per_node.detach().cpu().numpy()
        print('AUC', roc_auc_score(y, scores))
    
    if opts.train == True:
        torch.save(net.state_dict(), opts.model_path)
        print("weights saved")


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--dataset', default='BlogCatalog', help='one of Flickr/ACM/BlogCatalog')
    ap.add_argument('--hidden_dim', type=int, default=64, help='embedding width (default 64)')
    ap.add_argument('--epoch', type=int, default=100, help='epochs')
    ap.add_argument('--lr', type=float, default=5e-3, help='step size')
    ap.add_argument('--dropout', type=float, default=0.3, help='drop probability')
    ap.add_argument('--alpha', type=float, default=0.8, help='attribute vs structure weight')
    ap.add_argument('--device', default='cpu', type=str, help='cuda or cpu')
    ap.add_argument('--model_path', default='./weights/dominant.pth', type=str, help='checkpoint path')
    ap.add_argument('--train', default=True, type=bool, help='train or only score')

    opts = ap.parse_args()

    fit(opts)
