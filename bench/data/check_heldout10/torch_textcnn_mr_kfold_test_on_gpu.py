from __future__ import print_function, division

import os
import sys
import time
import pickle
import numpy as np

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset

from sklearn.model_selection import KFold

import data_helpers

# fixed seeds so runs repeat
np.random.seed(0)
torch.manual_seed(0)

on_gpu = torch.cuda.is_available()
print('GPU available: {}\n'.format(on_gpu))

emb_mode = "nonstatic"
emb_mode = "static"
init_from_word2vec = False
init_from_word2vec = True

print('embedding mode: {}'.format(emb_mode))
print('embedding init: {}\n'.format("word2vec" if init_from_word2vec else "uniform noise"))

X, Y, vocab_map, id_to_word = data_helpers.load_data()

n_vocab = len(id_to_word)
max_tokens = X.shape[1]
n_classes = int(max(Y)) +1 # plain int, not np.int64

print('vocabulary entries: {}'.format(n_vocab))
print('tokens per sentence: {}'.format(max_tokens))
print('classes: {}'.format(n_classes))

conv_layout = "in_channel__is_embedding_dim"
conv_layout = "in_channel__is_1"

class SentenceCNN(nn.Module):
    def __init__(self, filter_widths=[3,4,5], n_maps=100, emb_dim=300, init_vectors=None):
        super(SentenceCNN, self).__init__()
        self.filter_widths = filter_widths

        self.emb_layer = nn.Embedding(n_vocab, emb_dim)
        self.emb_layer.weight.data.copy_(torch.from_numpy(init_vectors))
        self.emb_layer.weight.requires_grad = emb_mode=="nonstatic"

        if on_gpu:
            self.emb_layer = self.emb_layer.cuda()

        conv_branches = []
        for width in filter_widths:
            # the pooling window spans every position the convolution produced
            pool_span = max_tokens - width +1

            if conv_layout == "in_channel__is_embedding_dim":
                conv_op = nn.Conv1d(in_channels = emb_dim, out_channels = n_maps, kernel_size = width, stride = 1)
            else:
                conv_op = nn.Conv1d(in_channels = 1, out_channels = n_maps, kernel_size = width*emb_dim, stride = emb_dim)

            branch = nn.Sequential(
                conv_op,
                nn.ReLU(),
                nn.MaxPool1d(kernel_size = pool_span)
            )
            if on_gpu:
                branch = branch.cuda()

            conv_branches.append(branch)

            if 0:
                conv_branches.append(
                nn.Sequential(
                    conv_op,
                    nn.ReLU(),
                    nn.MaxPool1d(kernel_size = pool_span)
                ).cuda()
                )

        self.conv_branches = nn.ModuleList(conv_branches)   # registers the branch parameters
        self.out_fc = nn.Linear(n_maps*len(filter_widths), n_classes)

    def forward(self, x):       # token ids (batch, max_tokens)
        x = self.emb_layer(x)   # -> (batch, max_tokens, emb_dim)

        if conv_layout == "in_channel__is_embedding_dim":
            #    conv input:  (batch, channels=emb_dim, length=max_tokens)
            #    conv output: (batch, n_maps, max_tokens-width+1)
            x = x.transpose(1,2)  # channels first
        else:
            #    conv input:  (batch, 1, max_tokens*emb_dim), stride emb_dim
            #    conv output: (batch, n_maps, max_tokens-width+1)
            x = x.view(x.size(0), 1, -1)  # one long channel

        branch_outs= [branch_fn(x) for branch_fn in self.conv_branches]
        pooled = torch.cat(branch_outs, 2)
        pooled = pooled.view(pooled.size(0), -1)
        features_out = pooled
        pooled = F.dropout(pooled, p=0.5, training=self.training)
        return F.softmax(self.out_fc(pooled), dim=1), features_out


def eval_fold(cnn_model, test_x, test_y):
    x_in = Variable(test_x)
    pred_out, sent_vecs = cnn_model(x_in)
    pred_out = torch.max(pred_out, 1)[1]
    if on_gpu:
        pred_out = pred_out.cuda()
    # (older torch summed the comparison directly)
    eval_score = (pred_out.data == test_y).sum().item() / len(test_y) # fraction right
    return eval_score, sent_vecs.cpu().data.numpy()


emb_dim = 300
n_maps = 100
filter_widths = [3,4,5]
batch_n = 50

def read_w2v_matrix():
    w2v_pickle_path = os.path.expanduser("models/googlenews_extracted-python{}.pl".format(sys.version_info.major))
    if os.path.exists(w2v_pickle_path):
        with open(w2v_pickle_path, 'rb') as fh:
            vec_by_word = pickle.load(fh)
    else:
        print('missing word2vec pickle: {}\n'.format(w2v_pickle_path))
        print('build it with "python utils.py" before this script\n\n')
        sys.exit()

    # vec_by_word maps a word index to its 300-d vector
    w2v_matrix = np.array(list(vec_by_word.values())) # list() for python 3 dict views
    # (rows kept in index order)

    print('word2vec matrix:', w2v_matrix.shape)
    # rows: vocabulary entries, columns: emb_dim
    return w2v_matrix

if init_from_word2vec:
    init_vectors = read_w2v_matrix()
else:
    init_vectors = np.random.uniform(-0.01, -0.01, size=(n_vocab, emb_dim))


def train_test_fold(fold_i, train_idx, test_idx):
    train_x, train_y = X[train_idx], Y[train_idx]
    test_x, test_y = X[test_idx], Y[test_idx]

    train_x = torch.from_numpy(train_x).long()
    train_y = torch.from_numpy(train_y).long()
    train_dataset = TensorDataset(train_x, train_y)
    # (pinned memory was tried and switched off)
    loader_train = DataLoader(train_dataset, batch_size=batch_n, shuffle=True, num_workers=4, pin_memory=False)

    test_x = torch.from_numpy(test_x).long()
    test_y = torch.from_numpy(test_y).long()
    if on_gpu:
        test_x = test_x.cuda()
        test_y = test_y.cuda()

    cnn_model = SentenceCNN(filter_widths, n_maps, emb_dim, init_vectors)
    if fold_i==0:
        print("\n{}\n".format(str(cnn_model)))

    if on_gpu:
        cnn_model = cnn_model.cuda()

    trainable_params = filter(lambda prm: prm.requires_grad, cnn_model.parameters())
    adam_optimizer = torch.optim.Adam(trainable_params, lr=0.0002)

    ce_loss_fn = nn.CrossEntropyLoss()

    for epoch_i in range(10):
        t0 = time.time()
        cnn_model.train()
        for i, (x_in, labels_b) in enumerate(loader_train):
            x_in, labels_b = Variable(x_in), Variable(labels_b)
            if on_gpu:
                x_in, labels_b = x_in.cuda(), labels_b.cuda()

            pred_out, _ = cnn_model(x_in)
            if on_gpu:
                pred_out = pred_out.cuda()
            batch_loss = ce_loss_fn(pred_out, labels_b)

            adam_optimizer.zero_grad()
            batch_loss.backward()
            adam_optimizer.step()

            if 0: # max-norm clipping from the Kim paper, off: it hurt here
                max_norm = 1 # the paper used 3
                if cnn_model.out_fc.weight.norm().data[0] > max_norm:
                    cnn_model.out_fc.weight.data = cnn_model.out_fc.weight.data * max_norm / cnn_model.out_fc.weight.data.norm()

        cnn_model.eval()
        eval_score, fold_vecs = eval_fold(cnn_model, test_x, test_y)
        # (older torch read the loss via .data[0])
        print('ep {:d}: last train loss {:.3f}, held-out acc {:.3f}, {:.1f}s'.format(epoch_i, batch_loss.item(), eval_score, time.time()-t0) )  # torch >= 0.4
    return eval_score, fold_vecs


def run_cross_validation():
    n_folds = 10
    kfold = KFold(n_splits=n_folds, shuffle=True, random_state=0)
    fold_scores = []
    t0 = time.time()
    all_vecs, all_test_y = [], []
    for fold_i, (train_idx, test_idx) in enumerate(kfold.split(X)):
        fold_score, fold_vec = train_test_fold(fold_i, train_idx, test_idx)
        print('fold {}: {} train / {} test sentences\n'.format(fold_i, len(train_idx), len(test_idx)))
        fold_scores.append(fold_score)
        all_vecs += fold_vec.tolist()
        all_test_y += Y[test_idx].tolist()
    print('\nmean fold accuracy {:.3f}, {:.1f}s in all\n'.format(sum(fold_scores)/len(fold_scores), time.time()-t0))

    # keep the pooled sentence vectors, e.g. as fixed-length inputs for another classifier,
    # together with their labels
    np.save('models/sentence_vectors.npy', np.array(all_vecs))
    np.save('models/sentence_vectors_y.npy', np.array(all_test_y))


def entry_point():
    run_cross_validation()

if __name__ == "__main__":
    entry_point()
