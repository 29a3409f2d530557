import argparse
import os

import dgl
import dill
import matplotlib.pyplot as plt
import pandas as pd
from sklearn.model_selection import train_test_split
import torch
from torch.nn.functional import binary_cross_entropy_with_logits as BCELoss
from torch.utils.data import DataLoader
from tqdm import tqdm

from dataset import GraphListDataset
from gae import GAE


cli = argparse.ArgumentParser(description='GAE pre-training on molecule graphs')
cli.add_argument('--n_epochs', '-e', type=int, default=10, help='epochs')
cli.add_argument('--data_file', '-d', type=str, default='data/graphs.pkl', help='pickled graph list')
cli.add_argument('--save_dir', '-s', type=str, default='../result', help='output folder')
cli.add_argument('--in_dim', '-i', type=int, default=39, help='atom feature size')
cli.add_argument('--hidden_dims', metavar='N', type=int, nargs='+', help='hidden layer sizes')
cli.add_argument('--batch_size', '-b', type=int, default=128, help='graphs per batch')
cli.add_argument('--lr', type=float, default=1e-3, help='Adam learning rate')
cli.add_argument('--gpu_id', type=int, default=0, help='which GPU')
args = cli.parse_args()

device = torch.device("cuda:{}".format(args.gpu_id) if torch.cuda.is_available() else "cpu")

def batch_graphs(items):
    for gr in items:
        gr.to(torch.device(device))
    merged = dgl.batch(items)
    return merged

class Runner:
    def __init__(self, net, args):
        self.net = net
        self.opt = torch.optim.Adam(self.net.parameters(), lr=args.lr)
        print('parameter count:', sum([p.nelement() for p in self.net.parameters()]))

    def step(self, bg, train=True):
        dense_adj = bg.adjacency_matrix().to_dense().to(device)
        # weight the rare positive entries
        pos_w = ((dense_adj.shape[0] * dense_adj.shape[0] - dense_adj.sum()) / dense_adj.sum())
        logits = self.net.forward(bg)
        loss = BCELoss(logits, dense_adj, pos_weight=pos_w)
        if train:
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()    
        return loss.item()

    def save(self, epoch, out_dir):
        path = os.path.join(out_dir, 'ep{:02}.pkl'.format(epoch))
        torch.save(self.net.state_dict(), path)

def plot_curves(tr_hist, va_hist):
    plt.plot(tr_hist, label='train')
    plt.plot(va_hist, label='val')
    plt.legend()
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.grid()
    plt.show()
    plt.save()

def main():
    if not os.path.exists(args.save_dir):
        os.makedirs(os.path.join(save_dir, 'zinc250k.png'))

    net = GAE(args.in_dim, args.hidden_dims)
    net.to(device)
    print('reading graphs')
    with open(args.data_file, 'rb') as fh:
        all_graphs = dill.load(fh)
    print('read {} molecule graphs'.format(len(all_graphs)))
    tr_graphs, va_graphs = train_test_split(all_graphs, test_size=10000)
    tr_set = GraphListDataset(tr_graphs)
    va_set = GraphListDataset(va_graphs)
    del tr_graphs, va_graphs

    tr_loader = DataLoader(tr_set, batch_size=args.batch_size, shuffle=True, collate_fn=batch_graphs)
    va_loader = DataLoader(va_set, batch_size=args.batch_size, shuffle=False, collate_fn=batch_graphs)
    runner = Runner(net, args)
    tr_hist, va_hist = [], []
    print('training')
    for epoch in tqdm(range(args.n_epochs)):
        tr_loss = 0
        net.train()
        for bg in tqdm(tr_loader):
            bg.set_e_initializer(dgl.init.zero_initializer)
            bg.set_n_initializer(dgl.init.zero_initializer)  
            tr_loss += runner.step(bg)
        tr_loss /= len(tr_loader)
        tr_hist.append(tr_loss)
        runner.save(epoch, args.save_dir)

        va_loss = 0
        net.eval()
        for bg in va_loader:
            bg.set_e_initializer(dgl.init.zero_initializer)
            bg.set_n_initializer(dgl.init.zero_initializer)  
            va_loss += runner.step(bg, train=False)
        va_loss /= len(va_loader)
        va_hist.append(va_loss)
        print('epoch {:02d}: train loss {:.4f}, validation loss {:.4f}'.format(epoch, tr_loss, va_loss))
    plot_curves(tr_hist, va_hist)


if __name__=='__main__':
    main()
