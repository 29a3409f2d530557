from __future__ import division
from __future__ import print_function

import time
import os

# GPUs visible to this run
os.environ['CUDA_VISIBLE_DEVICES'] = "0,1,2"

import tensorflow as tf
import numpy as np
import scipy.sparse as sp

from sklearn.metrics import roc_auc_score
from sklearn.metrics import average_precision_score

from optim import AEObjective, VAEObjective
from graph_loader import read_graph
from nets import GraphAE, GraphVAE
from graph_prep import normalise_graph, make_feed, coo_triplet, split_edges
from tensorboardX import SummaryWriter

if not os.path.exists("./runs/gae"):
    os.mkdir("./runs/gae")
    os.mkdir("./runs/gae/train")
    os.mkdir("./runs/gae/val")

tb_train=SummaryWriter("./runs/gae/train")
tb_val=SummaryWriter("./runs/gae/val")
# Options
flags = tf.app.flags
FLAGS = flags.FLAGS
flags.DEFINE_float('learning_rate', 0.01, 'step size.')
flags.DEFINE_integer('epochs', 200, 'training epochs.')
flags.DEFINE_integer('hidden1', 32, 'width of the first layer.')
flags.DEFINE_integer('hidden2', 16, 'width of the embedding.')
flags.DEFINE_float('weight_decay', 0., 'L2 on the embeddings.')
flags.DEFINE_float('dropout', 0., 'drop probability.')

flags.DEFINE_string('model', 'gcn_vae', 'which model.')
flags.DEFINE_string('dataset', ['cora', 'citeseer', 'pubmed'][0], 'which graph.')
flags.DEFINE_integer('features', 1, '1 to use node features, 0 for identity.')

which_model = FLAGS.model
which_graph = FLAGS.dataset

# Read the graph
A, X = read_graph(which_graph)

# Keep the full adjacency, minus self loops, for scoring
A_full = A
A_full = A_full - sp.dia_matrix((A_full.diagonal()[np.newaxis, :], [0]), shape=A_full.shape)
A_full.eliminate_zeros()

"""A_tr drops the held-out validation and test links;
the *_neg lists are sampled non-links used as negatives"""

A_tr, tr_pos, tr_neg, va_pos, va_neg, te_pos, te_neg = split_edges(A)
A = A_tr

if FLAGS.features == 0:
    X = sp.identity(X.shape[0])  # no features

# Normalisation

"""add self loops to A and apply symmetric normalisation"""
A_hat = normalise_graph(A)

# Inputs
ph = {
    'features': tf.sparse_placeholder(tf.float32),
    'adj': tf.sparse_placeholder(tf.float32),
    'adj_orig': tf.sparse_placeholder(tf.float32),
    'dropout': tf.placeholder_with_default(0., shape=())
}

n_nodes = A.shape[0]

X = coo_triplet(X.tocoo())
n_feats = X[2][1]
n_feat_nz = X[1].shape[0]

# Build the model
net = None
if which_model == 'gcn_ae':
    net = GraphAE(ph, n_feats, n_feat_nz)
elif which_model == 'gcn_vae':
    net = GraphVAE(ph, n_feats, n_nodes, n_feat_nz)

w_pos = float(A.shape[0] * A.shape[0] - A.sum()) / A.sum()
scale = A.shape[0] * A.shape[0] / float((A.shape[0] * A.shape[0] - A.sum()) * 2)

# Objective
with tf.name_scope('optimizer'):
    if which_model == 'gcn_ae':
        obj = AEObjective(preds=net.reconstructions,
                          labels=tf.reshape(tf.sparse_tensor_to_dense(ph['adj_orig'],
                                                                      validate_indices=False), [-1]),
                          pos_weight=w_pos,
                          norm=scale)
    elif which_model == 'gcn_vae':
        obj = VAEObjective(preds=net.reconstructions,
                           labels=tf.reshape(tf.sparse_tensor_to_dense(ph['adj_orig'],
                                                                       validate_indices=False), [-1]),
                           model=net, num_nodes=n_nodes,
                           pos_weight=w_pos,
                           norm=scale)

# Session
sess = tf.Session()
sess.run(tf.global_variables_initializer())


hist_cost = []
hist_acc = []


def link_scores(pos_pairs, neg_pairs, Z=None):
    if Z is None:
        fd.update({ph['dropout']: 0})
        Z = sess.run(net.z_mean, feed_dict=fd)

    def squash(v):
        return 1 / (1 + np.exp(-v))

    # score the held-out pairs
    A_rec = np.dot(Z, Z.T)
    p_scores = []
    p_true = []
    for e in pos_pairs:
        p_scores.append(squash(A_rec[e[0], e[1]]))
        p_true.append(A_full[e[0], e[1]])

    n_scores = []
    n_true = []
    for e in neg_pairs:
        n_scores.append(squash(A_rec[e[0], e[1]]))
        n_true.append(A_full[e[0], e[1]])

    all_scores = np.hstack([p_scores, n_scores])
    all_truth = np.hstack([np.ones(len(p_scores)), np.zeros(len(n_scores))])
    auc = roc_auc_score(all_truth, all_scores)
    ap = average_precision_score(all_truth, all_scores)

    return auc, ap


hist_cost = []
hist_acc = []
hist_val_auc = []

A_target = A_tr + sp.eye(A_tr.shape[0])
A_target = coo_triplet(A_target)

# Training
for ep in range(FLAGS.epochs):

    t0 = time.time()
    # feeds for this step
    fd = make_feed(A_hat, A_target, X, ph)
    fd.update({ph['dropout']: FLAGS.dropout})
    # one update
    _, cost = sess.run([obj.opt_op, obj.cost], feed_dict=fd)

    tr_auc, tr_ap = link_scores(tr_pos, tr_neg)
    va_auc, va_ap = link_scores(va_pos, va_neg)

    print("ep:", '%04d' % (ep + 1),
             "loss=", "{:.5f}".format(cost),
             "tr_ap=", "{:.5f}".format(tr_ap),
             "va_auc=", "{:.5f}".format(va_auc),
             "va_ap=", "{:.5f}".format(va_ap),
             "sec=", "{:.5f}".format(time.time() - t0))

    tb_train.add_scalar("AP", tr_ap, ep)
    tb_train.add_scalar("train_loss", cost, ep)
    tb_train.add_scalar("AUC", tr_auc, ep)
    tb_val.add_scalar("AP", va_ap, ep)
    tb_val.add_scalar("AUC", va_auc, ep)

print("done")

auc, ap = link_scores(te_pos, te_neg)
print('test AUC: ' + str(auc))
print('test AP: ' + str(ap))
