import argparse
import glob
import os
import time

import torch
import torch.nn.functional as F
from models import GraphPoolModel
from torch.utils.data import random_split
from torch_geometric.data import DataLoader
from torch_geometric.datasets import TUDataset

cli = argparse.ArgumentParser()

cli.add_argument('--seed', type=int, default=777, help='seed for torch RNGs')
cli.add_argument('--batch_size', type=int, default=512, help='graphs per batch')
cli.add_argument('--lr', type=float, default=0.001, help='Adam step size')
cli.add_argument('--weight_decay', type=float, default=0.001, help='L2 penalty')
cli.add_argument('--nhid', type=int, default=128, help='width of hidden layers')
cli.add_argument('--sample_neighbor', type=bool, default=True, help='learn edges only among sampled k-hop neighbours')
cli.add_argument('--sparse_attention', type=bool, default=True, help='sparsemax instead of softmax for edge weights')
cli.add_argument('--structure_learning', type=bool, default=True, help='learn a new structure after pooling')
cli.add_argument('--pooling_ratio', type=float, default=0.5, help='share of nodes each pooling keeps')
cli.add_argument('--dropout_ratio', type=float, default=0.0, help='dropout probability')
cli.add_argument('--lamb', type=float, default=1.0, help='weight of the original edges in structure learning')
cli.add_argument('--dataset', type=str, default='PROTEINS', help='TU benchmark: DD, PROTEINS, NCI1, NCI109, Mutagenicity or ENZYMES')
cli.add_argument('--device', type=str, default='cuda:0', help='torch device to run on')
cli.add_argument('--epochs', type=int, default=1000, help='upper bound on epochs')
cli.add_argument('--patience', type=int, default=100, help='epochs without val improvement before stopping')

opts = cli.parse_args()
torch.manual_seed(opts.seed)
if torch.cuda.is_available():
    torch.cuda.manual_seed(opts.seed)

graph_dataset = TUDataset(os.path.join('data', opts.dataset), name=opts.dataset, use_node_attr=True)

opts.n_classes = graph_dataset.num_classes
opts.n_features = graph_dataset.num_features

print(opts)

n_train = int(len(graph_dataset) * 0.8)
n_val = int(len(graph_dataset) * 0.1)
n_test = len(graph_dataset) - (n_train + n_val)
train_part, val_part, test_part = random_split(graph_dataset, [n_train, n_val, n_test])

train_graph_loader = DataLoader(train_part, batch_size=opts.batch_size, shuffle=True)
val_graph_loader = DataLoader(val_part, batch_size=opts.batch_size, shuffle=False)
test_graph_loader = DataLoader(test_part, batch_size=opts.batch_size, shuffle=False)

gnn_model = GraphPoolModel(opts).to(opts.device)
adam_optimizer = torch.optim.Adam(gnn_model.parameters(), lr=opts.lr, weight_decay=opts.weight_decay)


def train_model():
    lowest_val_loss = 1e10
    bad_epochs = 0
    val_loss_history = []
    best_epoch_idx = 0

    t_start = time.time()
    gnn_model.train()
    for epoch_no in range(opts.epochs):
        train_loss_sum = 0.0
        n_correct = 0
        for i, batch_data in enumerate(train_graph_loader):
            adam_optimizer.zero_grad()
            batch_data = batch_data.to(opts.device)
            log_probs = gnn_model(batch_data)
            batch_loss = F.nll_loss(log_probs, batch_data.y)
            batch_loss.backward()
            adam_optimizer.step()
            train_loss_sum += batch_loss.item()
            predicted = log_probs.max(dim=1)[1]
            n_correct += predicted.eq(batch_data.y).sum().item()
        train_acc = n_correct / len(train_graph_loader.dataset)
        val_acc, val_loss = eval_split(val_graph_loader)
        print('epoch {:04d}'.format(epoch_no + 1), 'train loss {:.6f}'.format(train_loss_sum),
              'train acc {:.6f}'.format(train_acc), 'val loss {:.6f}'.format(val_loss),
              'val acc {:.6f}'.format(val_acc), 'elapsed {:.6f}s'.format(time.time() - t_start))

        val_loss_history.append(val_loss)
        torch.save(gnn_model.state_dict(), '{}.pth'.format(epoch_no))
        if val_loss_history[-1] < lowest_val_loss:
            lowest_val_loss = val_loss_history[-1]
            best_epoch_idx = epoch_no
            bad_epochs = 0
        else:
            bad_epochs += 1

        if bad_epochs == opts.patience:
            break

        ckpt_files = glob.glob('*.pth')
        for ckpt in ckpt_files:
            ckpt_epoch = int(ckpt.split('.')[0])
            if ckpt_epoch < best_epoch_idx:
                os.remove(ckpt)

    ckpt_files = glob.glob('*.pth')
    for ckpt in ckpt_files:
        ckpt_epoch = int(ckpt.split('.')[0])
        if ckpt_epoch > best_epoch_idx:
            os.remove(ckpt)
    print('training done in {:.6f} s'.format(time.time() - t_start))

    return best_epoch_idx


def eval_split(data_loader):
    gnn_model.eval()
    n_correct = 0.0
    summed_loss = 0.0
    for batch_data in data_loader:
        batch_data = batch_data.to(opts.device)
        log_probs = gnn_model(batch_data)
        predicted = log_probs.max(dim=1)[1]
        n_correct += predicted.eq(batch_data.y).sum().item()
        summed_loss += F.nll_loss(log_probs, batch_data.y).item()
    return n_correct / len(data_loader.dataset), summed_loss


if __name__ == '__main__':
    # fit, with early stopping on val loss
    best_epoch_found = train_model()
    # reload the best epoch's weights for the test split
    gnn_model.load_state_dict(torch.load('{}.pth'.format(best_epoch_found)))
    test_accuracy, test_loss_sum = eval_split(test_graph_loader)
    print('test split: loss {:.6f}, accuracy {:.6f}'.format(test_loss_sum, test_accuracy))

