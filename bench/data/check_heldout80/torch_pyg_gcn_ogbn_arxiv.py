import torch
#print(torch.__version__)
import torch_geometric.transforms as T
from ogb.nodeproppred import PygNodePropPredDataset

#---- graph-level warm-up ----

from torch_geometric.datasets import TUDataset
tu_root = './enzymes'
tu_name = 'ENZYMES'

tu_ds = TUDataset(tu_root, tu_name)
#print(tu_ds)

def count_classes(ds):
    return ds.num_classes

def count_features(ds):
    return ds.num_features

def show_dataset_info():
    n_cls = count_classes(tu_ds)
    n_feat = count_features(tu_ds)
    print("{}: {} classes".format(tu_name, n_cls))
    print("{}: {} features".format(tu_name, n_feat))

def label_of(ds, idx):
    return ds[idx].y[0]

def show_label_info():
    first = tu_ds[0]
    print(first)
    idx = 100
    lbl = label_of(tu_ds, idx)
    print('graph {} carries label {}'.format(idx, lbl))
#show_label_info()

def edges_of(ds, idx):
    return ds[idx].edge_index.shape[1]

def show_edge_info():
    idx = 200
    n_edges = edges_of(tu_ds, idx)
    print('graph {} has {} edges'.format(idx, n_edges))
#show_edge_info()

ogb_name = 'ogbn-arxiv'
ogb_ds = PygNodePropPredDataset(name=ogb_name, transform=T.ToSparseTensor())
#print('{} holds {} graph(s)'.format(ogb_name, len(ogb_ds)))

graph = ogb_ds[0]
#print(graph)

def feature_count(g):
    return g.num_features

import torch.nn.functional as F
from torch_geometric.nn import GCNConv
from ogb.nodeproppred import Evaluator
graph.adj_t = graph.adj_t.to_symmetric()
print(graph.x)
print(graph.adj_t)

device = 'cuda' if torch.cuda.is_available() else 'cpu'

#print('device: {}'.format(device))

graph = graph.to(device)
splits = ogb_ds.get_idx_split()
print(splits)
train_nodes = splits['train'].to(device)
print(train_nodes)

class GCN(torch.nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, num_layers, dropout, return_embeds=False):
        super(GCN, self).__init__()
        self.convs=torch.nn.ModuleList(
            [GCNConv(in_channels=input_dim, out_channels=hidden_dim)]+\
            [GCNConv(in_channels=hidden_dim, out_channels=hidden_dim) for _ in range(num_layers-2)]+\
            [GCNConv(in_channels=hidden_dim, out_channels=output_dim)]
        )
        self.bns = torch.nn.ModuleList(
            [torch.nn.BatchNorm1d(num_features=hidden_dim) for _ in range(num_layers-1)]
        )
        self.softmax = torch.nn.LogSoftmax()
        self.dropout = dropout
        self.return_embeds = return_embeds

    def reset_parameters(self):
        for conv in self.convs:
            conv.reset_parameters()
        for bn in self.bns:
            bn.reset_parameters()

    def forward(self, h, adj_t):
        for conv, bn in zip(self.convs[:-1], self.bns):
            h1 = F.relu(bn(conv(h, adj_t)))
            if self.training:
                h1 = F.dropout(h1, p=self.dropout)
            h = h1
        h = self.convs[-1](h, adj_t)
        out = h if self.return_embeds else self.softmax(h)
        return out

def train_step(model, g, idx, opt, loss_fn):
    model.train()
    opt.zero_grad()
    out = model(g.x, g.adj_t)
    loss = loss_fn(out[idx], g.y[idx].reshape(-1))

    loss.backward()
    opt.step()
    return loss.item()

@torch.no_grad()
def evaluate(model, g, split, evaluator):
     model.eval()
     out = None
     out = model(g.x, g.adj_t)

     pred = out.argmax(dim=-1, keepdim=True)

     tr_acc = evaluator.eval({
         'y_true': g.y[split['train']],
         'y_pred': pred[split['train']],
     })['acc']
     va_acc = evaluator.eval({
         'y_true': g.y[split['valid']],
         'y_pred': pred[split['valid']],
     })['acc']
     te_acc = evaluator.eval({
         'y_true': g.y[split['test']],
         'y_pred': pred[split['test']],
     })['acc']

     return tr_acc, va_acc, te_acc

def main():
    hp = {
        'device': device,
        'num_layers': 3,
        'hidden_dim': 256,
        'dropout': 0.5,
        'lr': 0.01,
        'epochs': 100,
    }

    model = GCN(graph.num_features, hp['hidden_dim'], ogb_ds.num_classes, hp['num_layers'], hp['dropout']).to(
        device)
    evaluator = Evaluator(name='ogbn-arxiv')

    import copy
    model.reset_parameters()
    opt = torch.optim.Adam(model.parameters(), lr=hp['lr'])
    loss_fn = F.nll_loss

    best = None
    best_va = 0

    for epoch in range(1, 1 + hp["epochs"]):
        loss = train_step(model, graph, train_nodes, opt, loss_fn)
        res = evaluate(model, graph, splits, evaluator)
        tr_acc, va_acc, te_acc = res
        if va_acc > best_va:
            best_va = va_acc
            best = copy.deepcopy(model)
        print(f'epoch {epoch:02d}: '
              f'loss {loss:.4f}, '
              f'train {100 * tr_acc:.2f}%, '
              f'valid {100 * va_acc:.2f}% '
              f'test {100 * te_acc:.2f}%')

