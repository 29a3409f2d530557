# -*- coding: utf-8 -*-
"""
session graph recommender: entry point
"""

import os
import argparse
import logging
from tqdm import tqdm
from dataset import SessionGraphSet
from torch_geometric.data import DataLoader
from model import *
from train import run_pass
from torchmetrics import RetrievalRecall
from tensorboardX import SummaryWriter
import csv

# logging setup
logging.basicConfig(level=logging.DEBUG,
                    format='%(asctime)s %(filename)s[line:%(lineno)d] %(message)s')


ap = argparse.ArgumentParser()
ap.add_argument('--dataset', default='diginetica', help='which data: diginetica/yoochoose1_4/yoochoose1_64/sample')
ap.add_argument('--batch_size', type=int, default=100, help='sessions per batch')
ap.add_argument('--hidden_size', type=int, default=100, help='width of the hidden state')
ap.add_argument('--epoch', type=int, default=10, help='how many passes over the data')
ap.add_argument('--lr', type=float, default=0.001, help='step size')  # [0.001, 0.0005, 0.0001]
ap.add_argument('--lr_dc', type=float, default=0.1, help='decay factor of the step size')
ap.add_argument('--lr_dc_step', type=int, default=3, help='epochs between two decays')
ap.add_argument('--l2', type=float, default=1e-5, help='weight decay')  # [0.001, 0.0005, 0.0001, 0.00005, 0.00001]
ap.add_argument('--top_k', type=int, default=20, help='cut-off for the ranking metrics')
cfg = ap.parse_args()
logging.warning(cfg)


def main():
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    here = os.getcwd()
    fit_set = SessionGraphSet(here + '/../exp/' + cfg.dataset, phrase='train')

    fit_loader = DataLoader(fit_set, batch_size=cfg.batch_size, shuffle=True)
    held_set = SessionGraphSet(here + '/../exp/' + cfg.dataset, phrase='test')
    held_set.process()
    
    held_loader = DataLoader(held_set, batch_size=cfg.batch_size, shuffle=False)
    tb_dir = here + '/SRGNN_log/' + str(cfg.dataset) + '/' + str(cfg)
    print("\ntensorboard dir\n",tb_dir)
    if not os.path.exists(tb_dir):
        os.makedirs(tb_dir)
    logging.warning('writing logs under {}'.format(tb_dir))
    tb = SummaryWriter(tb_dir)

    if cfg.dataset == 'diginetica':
        n_items = 43097
    elif cfg.dataset == 'yoochoose1_64' or cfg.dataset == 'yoochoose1_4':
        n_items = 37483
    else:
        n_items = 309

    net = GNNModel(hidden_size=cfg.hidden_size, n_node=n_items).to(dev)

    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr, weight_decay=cfg.l2)
    #the scheduler lowers the step size
    # every few epochs.
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=cfg.lr_dc_step, gamma=cfg.lr_dc)

    logging.warning(net)
    
    for ep in tqdm(range(cfg.epoch)):
        sched.step()
        run_pass(net, fit_loader, dev, tb, ep, top_k=cfg.top_k, optimizer=opt, train_flag=True)
        with torch.no_grad():
            scores=run_pass(net, held_loader, dev, tb, ep, top_k=cfg.top_k, train_flag=False)
            with open('../result/SRGNN_'+cfg.dataset+'_result.csv') as fh:
                tb=csv.DictWriter(fh,fieldnames=['hit','MRR','ndcg'])
                tb.writeheader()
                tb = csv.writer(scores)
                
                #for k, v in scores.items():
                #    tb.write([k, v])



if __name__ == '__main__':
    main()
