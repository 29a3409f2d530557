# -*- coding: utf-8 -*-
"""
one pass (fit or evaluation) over a session-graph loader
"""


import numpy as np
import logging
from torchmetrics.functional import retrieval_normalized_dcg
import torch
from torchmetrics import RetrievalNormalizedDCG
def run_pass(net, loader, dev, tb, ep, top_k=20, optimizer=None, train_flag=True):
    if train_flag:
        net.train()
    else:
        net.eval()
        ndcg_list, hit_list, rr_list = [], [],[]

    loss_sum = 0.0
    n_steps = len(loader)

    for k, graphs in enumerate(loader):
        if train_flag:
            optimizer.zero_grad()
        logits = net(graphs.to(dev))
        gold = graphs.y - 1
        loss = net.loss_function(logits, gold)

        if train_flag:
            loss.backward()
            optimizer.step()
            tb.add_scalar('loss/train_batch_loss', loss.item(), ep * n_steps + k)
        else:
            a,b=[],[]
            top_idx = logits.topk(top_k)[1]    # batch * top_k
            top_val= logits.topk(top_k)[0]
            for ranked, g,pv in zip(top_idx.detach().cpu().numpy(), gold.detach().cpu().numpy(),top_val.detach().cpu().numpy()):
                hit_list.append(np.isin(g, ranked))
                if len(np.where(ranked == g)[0]) == 0:
                    rr_list.append(0)
                else:
                    rr_list.append(1 / (np.where(ranked == g)[0][0] + 1))
            gold = gold.view(-1, 1).expand_as(top_idx)
            matches = (gold == top_idx)
            groups = torch.arange(len(gold)).repeat_interleave(top_idx.shape[1])
            
            ndcg_list.append(RetrievalNormalizedDCG()(top_val.view(-1), matches.view(-1), groups))
        loss_sum += loss / graphs.num_graphs
    if train_flag:
        tb.add_scalar('loss/train_loss', loss_sum.item(), ep)
    else:
        ndcg_list=[v.cpu().numpy() for v in ndcg_list]
        tb.add_scalar('loss/test_loss', loss_sum.item(), ep)
        hit_rate = np.mean(hit_list) * 100
        
        mrr = np.mean(rr_list) * 100
        ndcg= np.mean(ndcg_list) * 100
        tb.add_scalar('index/hit', hit_rate, ep)
        tb.add_scalar('index/mrr', mrr, ep)
        tb.add_scalar('index/ndcg',ndcg,ep)
        print("hit " , hit_rate)
        print("mrr" , mrr)
        print("ndcg ",ndcg)
        return {"hit": hit_rate,"mrr":mrr,"ndcg":ndcg}
