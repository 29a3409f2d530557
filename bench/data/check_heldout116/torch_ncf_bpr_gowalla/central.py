import torch
import numpy as np
import time
from datasets import *
import torch.utils.data as data
import pdb
from tqdm import tqdm

from sklearn.metrics import mean_squared_error as mse
from sklearn.metrics import ndcg_score

import concurrent.futures  as futures
from util import *

from net import NCF, MF, NCFUser

def build_net(opts, n_users, n_items, comp, sd):
    ''' network from the cli options, compressed when asked'''
    net = None
    if opts.model == "NCF":
        if comp < 1.0:
            net = NCFUser(n_users, n_items, opts.emb_dim, opts.ncf_layers, opts.ncf_dropout, 
                        comp, sd)
        else:
            net = NCF(n_users, n_items, opts.emb_dim, opts.ncf_layers, opts.ncf_dropout)
    else:
        raise NotImplementedError
    return net


def run_central(opts):
    print(opts)

    DATA_DIR="/srv/recsys/data/"+opts.dataset+"/"
    fit_txt = DATA_DIR + "train.txt"
    held_txt = DATA_DIR + "test.txt"

    fit_ds = PairTriples(fit_txt, num_neg=opts.num_neg)
    held_ds = PairTriples(held_txt, num_neg=0) # held split: no negatives
        
    fit_loader = data.DataLoader(
                dataset=fit_ds, batch_size=opts.batch_size, shuffle=False
                )
    held_loader = data.DataLoader(
                dataset=held_ds, batch_size=1024, shuffle=False
                )
    print("fit rows:", fit_ds.__len__())
    print("held rows:", held_ds.__len__())

    n_users = max(held_ds.user_max, fit_ds.user_max) + 1
    n_items = max(held_ds.item_max, fit_ds.item_max) + 1
    i_dim = opts.emb_dim
    u_dim = opts.emb_dim
    n_gpus = torch.cuda.device_count()
    
    if opts.model == "NCF":
        net = NCF(n_users, n_items, opts.emb_dim, opts.ncf_layers, opts.ncf_dropout)
    elif opts.model == "MF":
        net = MF(n_users, n_items, opts.emb_dim)
    elif opts.model == "NCFU":
        net = NCFUser(n_users, n_items, opts.emb_dim, opts.ncf_layers, opts.ncf_dropout, 0.5, 2023)

    net = build_net(opts, n_users, n_items, parse_comp(opts.central_compression), opts.seed)
    print(net)
    print("parameters:", n_params(net))

    torch.manual_seed(10101)
    np.random.seed(10111)

    dev = torch.device("cuda:" + str(0))
    net.train()
    net.to(dev)
    opt = torch.optim.Adam(net.parameters(), lr=opts.learn_rate)

    stopper = Stopper(opts.early_trend_window, True, opts.early_stop_thold)
    print("total passes", opts.T * opts.E)
    for ep in tqdm(range(opts.T*opts.E)):
        net = net.to(dev)
        net.train()
        bpr_hist = []
        reg_hist = []
        for b, (ub, pb, nb) in enumerate(fit_loader):
            net.zero_grad()
            l_bpr, l_reg = net.bpr_loss(torch.LongTensor(ub).cuda(), torch.LongTensor(pb).cuda(), torch.LongTensor(nb).cuda())
            l_all = l_bpr + opts.reg_lambda * l_reg
            l_all.backward()
            opt.step()
            bpr_hist.append(float(l_bpr.detach().cpu()))
            reg_hist.append(float(l_reg.detach().cpu()))
        #if ep > 0:
        #    score_ndcg(net, fit_loader, held_loader, n_items, dev)
        if ep % opts.eval_every == 0:
            ndcg_now = score_ndcg(net, fit_ds, held_ds, 
                      n_items, dev, user_batch=10, full=True)
            print("\n[",ep,"/",opts.T*opts.E, "ndcg",ndcg_now, flush=True)
            if stopper.step(ndcg_now):
                  print("stopping: no gain")
                  break
        if DEBUG:
            print(ep,  "-->", np.mean(bpr_hist), np.mean(reg_hist))
