from __future__ import division
from __future__ import print_function

import time
import argparse
import numpy as np
import random
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import os
import glob
from torch.autograd import Variable

from utils import read_graph_data, multi_label_accuracy, multilabel_nll
from models import GraphAttnNet, RelGraphAttnNet

# command-line options
argp = argparse.ArgumentParser()
argp.add_argument('--no-cuda', action='store_true', default=False, help='Run on the CPU even if a GPU exists.')
argp.add_argument('--fastmode', action='store_true', default=False, help='Skip the separate validation pass.')
argp.add_argument('--seed', type=int, default=42, help='Seed for all RNGs.')
argp.add_argument('--epochs', type=int, default=10000, help='Upper bound on training epochs.')
argp.add_argument('--lr', type=float, default=0.005, help='Adam step size.')
argp.add_argument('--weight_decay', type=float, default=5e-4, help='L2 penalty on the weights.')
argp.add_argument('--hidden', type=int, default=8, help='Width of each attention head.')
argp.add_argument('--nb_heads', type=int, default=8, help='How many attention heads.')
argp.add_argument('--dropout', type=float, default=0.6, help='Probability of dropping a unit.')
argp.add_argument('--mean', action='store_true', default=False, help='Average the heads of the relation model instead of concatenating.')
# slope of LeakyReLU for negative inputs
argp.add_argument('--alpha', type=float, default=0.2, help='Negative slope of LeakyReLU.')
argp.add_argument('--patience', type=int, default=100, help='Epochs without improvement before stopping.')
# which graph
argp.add_argument('--dataset', type=str, default='cora', help='Which graph to train on.')
# whether relation types are used
argp.add_argument('--rel', action='store_true', default=False, help='Also use relation embeddings.')
# run name, also the checkpoint folder
argp.add_argument('--experiment', type=str, default='GAT', help='Run name; checkpoints go in a folder of this name.')

opts = argp.parse_args()
opts.cuda = not opts.no_cuda and torch.cuda.is_available()

random.seed(opts.seed)
np.random.seed(opts.seed)
torch.manual_seed(opts.seed)
print("GPU enabled: {}".format(opts.cuda))
if opts.cuda:
    torch.cuda.manual_seed(opts.seed)

# read the graph
adj_mask, node_features, rel_emb, pair_rels, node_labels, train_idx, val_idx, test_idx, n_classes, entity_names = read_graph_data(data_dir='./data/'+ opts.dataset + '/', dataset_name=opts.dataset, with_rel=opts.rel)

# network and Adam
if opts.rel:
    gat_model = RelGraphAttnNet(n_rel=rel_emb.shape[1], in_dim=node_features.shape[1], n_classes=n_classes, dropout=opts.dropout, n_heads=opts.nb_heads, alpha=opts.alpha, dataset_name=opts.dataset, experiment=opts.experiment, on_cuda=opts.cuda, avg_heads=opts.mean)
else:
    gat_model = GraphAttnNet(in_dim=node_features.shape[1], hid_dim=opts.hidden, n_classes=n_classes, dropout=opts.dropout, n_heads=opts.nb_heads, alpha=opts.alpha, dataset_name=opts.dataset, experiment=opts.experiment, on_cuda=opts.cuda)
adam_optimizer = optim.Adam(gat_model.parameters(), lr=opts.lr, weight_decay=opts.weight_decay)

if opts.cuda:
    gat_model.cuda()
    node_features = node_features.cuda()
    adj_mask = adj_mask.cuda()
    node_labels = node_labels.cuda()
    train_idx = train_idx.cuda()
    val_idx = val_idx.cuda()
    test_idx = test_idx.cuda()
    if opts.rel:
        rel_emb = rel_emb.cuda()

node_features, adj_mask, node_labels = Variable(node_features), Variable(adj_mask), Variable(node_labels)
if opts.rel:
    rel_emb = Variable(rel_emb)


def train_epoch(epoch_no):
    t_start = time.time()
    gat_model.train()
    adam_optimizer.zero_grad()
    if opts.rel:
        log_probs = gat_model(node_features, rel_emb, pair_rels, adj_mask)
    else:
        log_probs = gat_model(node_features, adj_mask)
    train_loss = multilabel_nll(log_probs[train_idx], node_labels[train_idx])
    train_acc, pred_mask = multi_label_accuracy(log_probs[train_idx], node_labels[train_idx], opts.cuda)
    train_loss.backward()
    adam_optimizer.step()

    if not opts.fastmode:
        # second, separate forward pass in eval mode
        # (dropout off) to score the validation nodes.
        gat_model.eval()
        if opts.rel:
            log_probs = gat_model(node_features, rel_emb, pair_rels, adj_mask)
        else:
            log_probs = gat_model(node_features, adj_mask)

    val_loss = multilabel_nll(log_probs[val_idx], node_labels[val_idx])
    val_acc, pred_mask = multi_label_accuracy(log_probs[val_idx], node_labels[val_idx], opts.cuda)
    print('epoch {:04d}'.format(epoch_no+1),
          'train nll {:.4f}'.format(train_loss.data[0]),
          'train acc {:.4f}'.format(train_acc),
          'val nll {:.4f}'.format(val_loss.data[0]),
          'val acc {:.4f}'.format(val_acc),
          '{:.4f}s elapsed'.format(time.time() - t_start))
    return val_loss.data[0]


def run_test():
    gat_model.eval()
    if opts.rel:
        log_probs = gat_model(node_features, rel_emb, pair_rels, adj_mask, entity_names, True)
    else:
        log_probs = gat_model(node_features, adj_mask, entity_names, True)
    test_loss = multilabel_nll(log_probs[test_idx], node_labels[test_idx])
    test_acc, pred_mask = multi_label_accuracy(log_probs[test_idx], node_labels[test_idx], opts.cuda)
    print("predicted mask:", pred_mask)
    print("held-out nodes:",
          "nll {:.4f}".format(test_loss.data[0]),
          "acc {:.4f}".format(test_acc))


# training loop with early stopping
ckpt_files = glob.glob('./{}/*.pkl'.format(opts.experiment))
for ckpt_file in ckpt_files:
    os.remove(ckpt_file)

t_begin = time.time()
val_loss_history = []
stall_count = 0
best_val_loss = opts.epochs + 1
best_epoch_no = 0
if not os.path.exists(opts.experiment):
    os.mkdir('{}'.format(opts.experiment))

for epoch_no in range(opts.epochs):
    val_loss_history.append(train_epoch(epoch_no))

    torch.save(gat_model.state_dict(), './{}/{}.pkl'.format(opts.experiment, epoch_no))
    if val_loss_history[-1] < best_val_loss:
        best_val_loss = val_loss_history[-1]
        best_epoch_no = epoch_no
        stall_count = 0
    else:
        stall_count += 1

    # stop once validation loss has not improved for `patience` epochs
    if stall_count == opts.patience:
        break

    ckpt_files = glob.glob('./{}/*.pkl'.format(opts.experiment))
    for ckpt_file in ckpt_files:
        ckpt_epoch = int(ckpt_file.split('/')[-1].split('.')[0])
        if ckpt_epoch < best_epoch_no:
            os.remove(ckpt_file)

ckpt_files = glob.glob('./{}/*.pkl'.format(opts.experiment))
for ckpt_file in ckpt_files:
    ckpt_epoch = int(ckpt_file.split('/')[-1].split('.')[0])
    if ckpt_epoch > best_epoch_no:
        os.remove(ckpt_file)

print("training done")
print("wall time {:.4f}s".format(time.time() - t_begin))

# reload the best checkpoint
print('restoring epoch {}'.format(best_epoch_no))
gat_model.load_state_dict(torch.load('./{}/{}.pkl'.format(opts.experiment, best_epoch_no)))

# final evaluation
run_test()
