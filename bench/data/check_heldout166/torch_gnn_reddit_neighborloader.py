import copy
from tqdm import tqdm
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt

import networkx as nx

import torch
import torch.nn.functional as F

from torch_geometric.loader import NeighborLoader
from torch_geometric.nn import GCNConv, SAGEConv, MLP, GATConv, global_add_pool
from torch_geometric.utils import to_networkx

# pick the device

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

from torch_geometric.datasets import Reddit

path = '/content/Reddit'
dataset = Reddit(path)

print(f'Dataset: {dataset}:')
print(f'Number of graphs: {len(dataset)}')
print(f'Number of features: {dataset.num_features}')
print(f'Number of classes: {dataset.num_classes}')

# the single Reddit graph; only x and y are moved to the device
data = dataset[0].to(device, 'x', 'y')

# basic statistics
print(data)
print(f'Number of nodes: {data.num_nodes}')
print(f'Number of edges: {data.num_edges}')
print(f'Average node degree: {data.num_edges / data.num_nodes:.2f}')
print(f'Number of training nodes: {data.train_mask.sum()}')
print(f'Number of validation nodes: {data.val_mask.sum()}')
print(f'Number of test nodes: {data.test_mask.sum()}')
print(f'Training node label rate: {int(data.train_mask.sum()) / data.num_nodes:.2f}')
print(f'Has isolated nodes: {data.has_isolated_nodes()}')
print(f'Has self-loops: {data.has_self_loops()}')
print(f'Is undirected: {data.is_undirected()}')

print(data.x[0])

print(data.y.unique())

# class histogram
counts = torch.bincount(data.y).tolist()

df = pd.DataFrame({
    'Class Label': range(len(counts)),
    'Count': counts
})

df = df.sort_values('Count', ascending=False)
df.plot(x='Class Label', y='Count', kind='bar', legend=False)
plt.title('Class Distribution')
plt.ylabel('Count')
plt.xlabel('Class Label')
plt.show()

deg = data.edge_index[0].bincount()

# degree histogram
plt.hist(deg.cpu().numpy(), density=True, log=True)
plt.title('Degree Distribution')
plt.ylabel('Frequency')
plt.xlabel('Degree')
plt.show()

# loader settings shared by both neighbour loaders
dataLoaderArguments = {'batch_size': 1024, 'num_workers': 2, 'persistent_workers': True}

# mini-batches of sampled neighbourhoods

# 25 then 10 neighbours for training; the inference loader takes every neighbour, one layer at a time
train_loader = NeighborLoader(data, input_nodes=data.train_mask,
                              num_neighbors=[25, 10], shuffle=True, **dataLoaderArguments)

subgraph_loader = NeighborLoader(copy.copy(data), input_nodes=None,
                                 num_neighbors=[-1], shuffle=False, **dataLoaderArguments)


del subgraph_loader.data.x, subgraph_loader.data.y
subgraph_loader.data.num_nodes = data.num_nodes
subgraph_loader.data.n_id = torch.arange(data.num_nodes)

# plotting helpers (unused below)
def visualize_graph(data):
    G = to_networkx(data, to_undirected=True)
    pos = nx.spring_layout(G, seed=42)
    plt.figure(figsize=(10, 10))
    nx.draw(G, pos, with_labels=False, node_size=30, node_color='black')
    plt.show()

def visualize_embedding(h, color, epoch=None, loss=None):
    plt.figure(figsize=(10,10))
    h = h.detach().cpu().numpy()
    plt.scatter(h[:, 0], h[:, 1], s=140, c=color, cmap="Set2")
    if epoch is not None and loss is not None:
        plt.xlabel(f'Epoch: {epoch}, Loss: {loss.item():.4f}', fontsize=16)
    plt.show()

class GCN(torch.nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, args):
        super(GCN, self).__init__()

        self.num_layers = args.num_layers
        self.dropout = args.dropout

        self.convs = torch.nn.ModuleList(
            [GCNConv(input_dim, hidden_dim)]
            + [GCNConv(hidden_dim, hidden_dim) for _ in range(self.num_layers - 2)]
            + [GCNConv(hidden_dim, output_dim)]
        )
        self.bns = torch.nn.ModuleList(torch.nn.BatchNorm1d(hidden_dim) for _ in range(self.num_layers - 1))

    def reset_parameters(self):
        for conv in self.convs:
            conv.reset_parameters()
        for bn in self.bns:
            bn.reset_parameters()

    def forward(self, x, edge_index):
        for i, conv in enumerate(self.convs):
            x = conv(x, edge_index)
            if i < len(self.convs) - 1:
                x = self.bns[i](x)
                x = x.relu_()
                x = F.dropout(x, p=self.dropout, training=self.training)
        return x

    # layer-wise full-neighbour inference over the whole graph, batch by batch
    @torch.no_grad()
    def inference(self, x_all, subgraph_loader):
        pbar = tqdm(total=len(subgraph_loader.dataset) * len(self.convs), position = 0, leave = True)
        pbar.set_description('Evaluating')
        for i, conv in enumerate(self.convs):
            xs = []
            for batch in subgraph_loader:
                x = x_all[batch.n_id.to(x_all.device)].to(device)
                x = conv(x, batch.edge_index.to(device))
                if i < len(self.convs) - 1:
                    x = x.relu_()
                xs.append(x[:batch.batch_size].cpu())
                pbar.update(batch.batch_size)
            x_all = torch.cat(xs, dim=0)
        pbar.close()
        return x_all

class GraphSAGE(torch.nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, args):
        super().__init__()

        self.dropout = args.dropout
        self.num_layers = args.num_layers

        self.convs = torch.nn.ModuleList(
            [SAGEConv(input_dim, hidden_dim)]
            + [SAGEConv(hidden_dim, hidden_dim) for _ in range(self.num_layers - 2)]
            + [SAGEConv(hidden_dim, output_dim)]
        )
        self.bns = torch.nn.ModuleList(torch.nn.BatchNorm1d(hidden_dim) for _ in range(self.num_layers - 1))

    def reset_parameters(self):
        for conv in self.convs:
            conv.reset_parameters()
        for bn in self.bns:
            bn.reset_parameters()

    def forward(self, x, edge_index):
        for i, conv in enumerate(self.convs):
            x = conv(x, edge_index)
            if i < len(self.convs) - 1:
                x = self.bns[i](x)
                x = x.relu_()
                x = F.dropout(x, p=self.dropout, training=self.training)
        return x

    # layer-wise full-neighbour inference over the whole graph, batch by batch
    @torch.no_grad()
    def inference(self, x_all, subgraph_loader):
        pbar = tqdm(total=len(subgraph_loader.dataset) * len(self.convs), position = 0, leave = True)
        pbar.set_description('Evaluating')
        for i, conv in enumerate(self.convs):
            xs = []
            for batch in subgraph_loader:
                x = x_all[batch.n_id.to(x_all.device)].to(device)
                x = conv(x, batch.edge_index.to(device))
                if i < len(self.convs) - 1:
                    x = x.relu_()
                xs.append(x[:batch.batch_size].cpu())
                pbar.update(batch.batch_size)
            x_all = torch.cat(xs, dim=0)
        pbar.close()
        return x_all

class GAT(torch.nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, args):
        super().__init__()

        self.heads = args.heads
        self.dropout = args.dropout
        self.num_layers = args.num_layers

        self.convs = torch.nn.ModuleList(
            [GATConv(input_dim, hidden_dim, heads=self.heads, dropout=self.dropout)]
            + [GATConv(hidden_dim * self.heads, hidden_dim,heads=self.heads, dropout=self.dropout) for _ in range(self.num_layers - 2)]
            + [GATConv(hidden_dim*self.heads, output_dim, heads=1, concat=False, dropout=self.dropout)]
        )
        self.bns = torch.nn.ModuleList(torch.nn.BatchNorm1d(hidden_dim*self.heads) for _ in range(self.num_layers - 1))

    def reset_parameters(self):
        for conv in self.convs:
            conv.reset_parameters()
        for bn in self.bns:
            bn.reset_parameters()

    def forward(self, x, edge_index):
        for i, conv in enumerate(self.convs):
            x = conv(x, edge_index)
            if i < len(self.convs) - 1:
                x = self.bns[i](x)
                x = x.relu_()
                x = F.dropout(x, p=self.dropout, training=self.training)
        return x

    # layer-wise full-neighbour inference over the whole graph, batch by batch
    @torch.no_grad()
    def inference(self, x_all, subgraph_loader):
        pbar = tqdm(total=len(subgraph_loader.dataset) * len(self.convs), position = 0, leave = True)
        pbar.set_description('Evaluating')
        for i, conv in enumerate(self.convs):
            xs = []
            for batch in subgraph_loader:
                x = x_all[batch.n_id.to(x_all.device)].to(device)
                x = conv(x, batch.edge_index.to(device))
                if i < len(self.convs) - 1:
                    x = x.relu_()
                xs.append(x[:batch.batch_size].cpu())
                pbar.update(batch.batch_size)
            x_all = torch.cat(xs, dim=0)
        pbar.close()
        return x_all

def train(epoch):
    model.train()

    pbar = tqdm(total=int(len(train_loader.dataset)), position = 0, leave = True)
    pbar.set_description(f'Epoch {epoch:02d}')

    total_loss = total_correct = total_examples = 0
    for batch in train_loader:
        optimizer.zero_grad()
        y = batch.y[:batch.batch_size]
        y_hat = model(batch.x, batch.edge_index.to(device))[:batch.batch_size]
        loss = F.cross_entropy(y_hat, y)
        loss.backward()
        optimizer.step()

        total_loss += float(loss) * batch.batch_size
        total_correct += int((y_hat.argmax(dim=-1) == y).sum())
        total_examples += batch.batch_size
        pbar.update(batch.batch_size)
    pbar.close()

    return total_loss / total_examples, total_correct / total_examples


@torch.no_grad()
def test():
    model.eval()
    y_hat = model.inference(data.x, subgraph_loader).argmax(dim=-1)
    y = data.y.to(y_hat.device)

    accs = []
    for mask in [data.train_mask, data.val_mask, data.test_mask]:
        accs.append(int((y_hat[mask] == y[mask]).sum()) / int(mask.sum()))
    return accs

hyperparameter = {
    'batch_size': 1024,
    'num_layers': 3,
    'heads': 2,
    'hidden_dim': 256,
    'dropout': 0.5,
    'epochs': 5,
    'opt': 'adam',
    'weight_decay': 5e-3,
    'lr': 0.01
}

# tiny attribute-access wrapper for the settings dict
class helperclass(object):
    def __init__(self, d):
        self.__dict__ = d

hyperparameter = helperclass(hyperparameter)

model = GAT(dataset.num_features, hyperparameter.hidden_dim, dataset.num_classes, hyperparameter).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=hyperparameter.lr, weight_decay=hyperparameter.weight_decay)

epoch = 1
# one quick run first
loss, acc = train(epoch)
print(f'Epoch {epoch:02d}, Loss: {loss:.4f}, Approx. Train: {acc:.4f}')
train_acc, val_acc, test_acc = test()
print(f'Epoch: {epoch:02d}, Train: {train_acc:.4f}, Val: {val_acc:.4f}, Test: {test_acc:.4f}')

hyperparameter = {
    'batch_size': [1024],
    'num_layers': [2,3],
    'heads': [2,3],
    'hidden_dim': [256,512],
    'dropout': [0.5],
    'weight_decay': [5e-3],
    'lr': [0.01],
    'opt': ['adam'],
    'epochs': [5]
}

models = ['GCN', 'GraphSAGE', 'GAT']
results = {}

# small grid over the three architectures; results kept per configuration
for model_name in models:
    results[model_name] = {}
    for batch_size in hyperparameter['batch_size']:
        for num_layers in hyperparameter['num_layers']:
            for heads in hyperparameter['heads']:
                for hidden_dim in hyperparameter['hidden_dim']:
                    for dropout in hyperparameter['dropout']:
                        for epochs in hyperparameter['epochs']:
                            for opt in hyperparameter['opt']:

                                hyperparameter_iter = {
                                    'batch_size': batch_size,
                                    'num_layers': num_layers,
                                    'heads': heads,
                                    'hidden_dim': hidden_dim,
                                    'dropout': dropout,
                                    'epochs': epochs,
                                    'opt': opt,
                                    'weight_decay': 5e-3,
                                    'lr': 0.01
                                }

                                hyperparameter_used = helperclass(hyperparameter_iter)

                                if model_name == 'GCN':
                                    model = GCN(dataset.num_features, hyperparameter_used.hidden_dim, dataset.num_classes, hyperparameter_used).to(device)
                                elif model_name == 'GraphSAGE':
                                    model = GraphSAGE(dataset.num_features, hyperparameter_used.hidden_dim, dataset.num_classes, hyperparameter_used).to(device)
                                elif model_name == 'GAT':
                                    model = GAT(dataset.num_features, hyperparameter_used.hidden_dim, dataset.num_classes, hyperparameter_used).to(device)

                                optimizer = torch.optim.Adam(model.parameters(), lr=hyperparameter_used.lr, weight_decay=hyperparameter_used.weight_decay)

                                key = f'batch_size_{batch_size}_num_layers_{num_layers}_heads_{heads}_hidden_dim_{hidden_dim}_dropout_{dropout}_opt_{opt}'
                                results[model_name][key] = {
                                    'loss': [],
                                    'train_acc': [],
                                    'val_acc': [],
                                    'test_acc': []
                                }

                                for epoch in range(1, hyperparameter_used.epochs+1):
                                    loss, acc = train(epoch)
                                    print(f'Epoch {epoch:02d}, Train Loss: {loss:.4f}, Train Acc: {acc:.4f}, Model: {model_name}, '
                                          f'Batch Size: {batch_size}, Num Layers: {num_layers}, Heads: {heads}, Hidden Dim: {hidden_dim}, Dropout: {dropout}, '
                                          f'Epochs: {epochs}, Opt: {opt}')

                                    access = []
                                    access = test()
                                    print(f'Epoch: {epoch:02d}, Train Accuracy: {access[0]:.4f}, Val Accuracy: {access[1]:.4f}, Test Accuracy: {access[2]:.4f}')

                                    results[model_name][key]['loss'].append(loss)
                                    results[model_name][key]['train_acc'].append(acc)
                                    results[model_name][key]['val_acc'].append(access[1])
                                    results[model_name][key]['test_acc'].append(access[2])

print(results)
