import argparse
import os.path as osp
import random
from time import perf_counter as t
import yaml
from yaml import SafeLoader

import torch
import torch_geometric.transforms as T
import torch.nn.functional as F
import torch.nn as nn
from torch_geometric.datasets import Planetoid, CitationFull
from torch_geometric.utils import dropout_adj
from torch_geometric.nn import GCNConv

from model import Encoder, Model, drop_feature
from eval import label_classification


def fit_one_epoch(net: Model, feats, edges):
    net.train()
    opt.zero_grad()
    edges_a = dropout_adj(edges, p=edge_drop_a)[0]
    edges_b = dropout_adj(edges, p=edge_drop_b)[0]
    feats_a = drop_feature(feats, feat_drop_a)
    feats_b = drop_feature(feats, feat_drop_b)
    za = net(feats_a, edges_a)
    zb = net(feats_b, edges_b)

    loss = net.loss(za, zb, batch_size=0)
    loss.backward()
    opt.step()

    return loss.item()


def evaluate(net: Model, feats, edges, labels, final=False):
    net.eval()
    emb = net(feats, edges)

    label_classification(emb, labels, ratio=0.1)


if __name__ == '__main__':
    cli = argparse.ArgumentParser()
    cli.add_argument('--dataset', type=str, default='DBLP')
    cli.add_argument('--gpu_id', type=int, default=0)
    cli.add_argument('--config', type=str, default='config.yaml')
    args = cli.parse_args()

    assert args.gpu_id in range(0, 8)
    torch.cuda.set_device(args.gpu_id)

    cfg = yaml.load(open(args.config), Loader=SafeLoader)[args.dataset]

    torch.manual_seed(cfg['seed'])
    random.seed(12345)

    lr = cfg['learning_rate']
    hidden = cfg['num_hidden']
    proj_hidden = cfg['num_proj_hidden']
    act = ({'relu': F.relu, 'prelu': nn.PReLU()})[cfg['activation']]
    conv_cls = ({'GCNConv': GCNConv})[cfg['base_model']]
    depth = cfg['num_layers']

    edge_drop_a = cfg['drop_edge_rate_1']
    edge_drop_b = cfg['drop_edge_rate_2']
    feat_drop_a = cfg['drop_feature_rate_1']
    feat_drop_b = cfg['drop_feature_rate_2']
    tau = cfg['tau']
    n_epochs = cfg['num_epochs']
    wd = cfg['weight_decay']

    def load_graph(root, name):
        assert name in ['Cora', 'CiteSeer', 'PubMed', 'DBLP']
        name = 'dblp' if name == 'DBLP' else name

        return (CitationFull if name == 'dblp' else Planetoid)(
            root,
            name,
            T.NormalizeFeatures())

    root = osp.join(osp.expanduser('~'), 'datasets', args.dataset)
    ds = load_graph(root, args.dataset)
    g = ds[0]

    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    g = g.to(device)

    enc = Encoder(ds.num_features, hidden, act,
                      base_model=conv_cls, k=depth).to(device)
    net = Model(enc, hidden, proj_hidden, tau).to(device)
    opt = torch.optim.Adam(
        net.parameters(), lr=lr, weight_decay=wd)

    t0 = t()
    last = t0
    for epoch in range(1, n_epochs + 1):
        loss = fit_one_epoch(net, g.x, g.edge_index)

        now = t()
        print(f'(T) | epoch={epoch:03d}, loss={loss:.4f}, '
              f'epoch time {now - last:.4f}, total {now - t0:.4f}')
        last = now

    print("=== final ===")
    evaluate(net, g.x, g.edge_index, g.y, final=True)
