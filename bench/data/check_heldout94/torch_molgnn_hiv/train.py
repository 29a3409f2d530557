import sys
import timeit

import numpy as np

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

from sklearn.metrics import roc_auc_score

import preprocess as pp


class FingerprintGNN(nn.Module):
    def __init__(self, N_fingerprints, dim, layer_hidden, layer_output):
        super(FingerprintGNN, self).__init__()
        self.fp_embed = nn.Embedding(N_fingerprints, dim)
        self.W_hidden = nn.ModuleList([nn.Linear(dim, dim)
                                       for _ in range(layer_hidden)])
        self.W_out = nn.ModuleList([nn.Linear(dim, dim)
                                    for _ in range(layer_output)])
        if task == 'classification':
            self.W_head = nn.Linear(dim, 2)
        if task == 'regression':
            self.W_head = nn.Linear(dim, 1)

    def pad(self, mats, fill):
        """Stack a list of square matrices into one block-diagonal
        matrix, every off-block entry set to fill.
        Given [A, B, C] this gives [A00, 0B0, 00C],
        with 0 a block of fill values
        (used to batch molecules of different sizes).
        """
        dims = [m.shape for m in mats]
        R, Cc = sum([d[0] for d in dims]), sum([d[1] for d in dims])
        blank = torch.FloatTensor(np.zeros((R, Cc))).to(device)
        big = fill + blank
        r, c = 0, 0
        for k, m in enumerate(mats):
            h, w = dims[k]
            big[r:r+h, c:c+w] = m
            r += h
            c += w
        return big

    def update(self, adj, feats, layer):
        h = torch.relu(self.W_hidden[layer](feats))
        return h + torch.matmul(adj, h)

    def sum(self, feats, sizes):
        pooled = [torch.sum(v, 0) for v in torch.split(feats, sizes)]
        return torch.stack(pooled)

    def mean(self, feats, sizes):
        pooled = [torch.mean(v, 0) for v in torch.split(feats, sizes)]
        return torch.stack(pooled)

    def gnn(self, inputs):

        """Concatenate / block-pad the batch."""
        fps, adjs, sizes = inputs
        fps = torch.cat(fps)
        adjs = self.pad(adjs, 0)

        """Message passing over the fingerprint embeddings."""
        h = self.fp_embed(fps)
        for l in range(layer_hidden):
            nxt = self.update(adjs, h, l)
            h = F.normalize(nxt, 2, 1)  # unit length.

        """Graph readout by summing (or averaging) node vectors."""
        g = self.sum(h, sizes)
        # g = self.mean(h, sizes)

        return g

    def mlp(self, g):
        """Prediction head: a small MLP."""
        for l in range(layer_output):
            g = torch.relu(self.W_out[l](g))
        out = self.W_head(g)
        return out

    def forward_classifier(self, batch, train):

        inputs = batch[:-1]
        gold = torch.cat(batch[-1])

        if train:
            g = self.gnn(inputs)
            logits = self.mlp(g)
            loss = F.cross_entropy(logits, gold)
            return loss
        else:
            with torch.no_grad():
                g = self.gnn(inputs)
                logits = self.mlp(g)
            logits = logits.to('cpu').data.numpy()
            logits = [s[1] for s in logits]
            gold = gold.to('cpu').data.numpy()
            return logits, gold

    def forward_regressor(self, batch, train):

        inputs = batch[:-1]
        gold = torch.cat(batch[-1])

        if train:
            g = self.gnn(inputs)
            pred = self.mlp(g)
            loss = F.mse_loss(pred, gold)
            return loss
        else:
            with torch.no_grad():
                g = self.gnn(inputs)
                pred = self.mlp(g)
            pred = pred.to('cpu').data.numpy()
            gold = gold.to('cpu').data.numpy()
            pred = np.concatenate(pred)
            gold = np.concatenate(gold)
            return pred, gold


class Fitter(object):
    def __init__(self, model):
        self.model = model
        self.optimizer = optim.Adam(self.model.parameters(), lr=lr)

    def train(self, data):
        np.random.shuffle(data)
        n = len(data)
        running = 0
        for i in range(0, n, batch_train):
            batch = list(zip(*data[i:i+batch_train]))
            if task == 'classification':
                loss = self.model.forward_classifier(batch, train=True)
            if task == 'regression':
                loss = self.model.forward_regressor(batch, train=True)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            running += loss.item()
        return running


class Scorer(object):
    def __init__(self, model):
        self.model = model

    def test_classifier(self, data):
        n = len(data)
        preds, golds = [], []
        for i in range(0, n, batch_test):
            batch = list(zip(*data[i:i+batch_test]))
            p, g = self.model.forward_classifier(
                   batch, train=False)
            preds.append(p)
            golds.append(g)
        auc = roc_auc_score(np.concatenate(golds), np.concatenate(preds))
        return auc

    def test_regressor(self, data):
        n = len(data)
        abs_err = 0  # summed |error|.
        for i in range(0, n, batch_test):
            batch = list(zip(*data[i:i+batch_test]))
            p, g = self.model.forward_regressor(
                   batch, train=False)
            abs_err += sum(np.abs(p-g))
        mae = abs_err / n  # mean |error|.
        return mae

    def save_result(self, line, path):
        with open(path, 'a') as fh:
            fh.write(line + '\n')


if __name__ == "__main__":

    (task, dataset, radius, dim, layer_hidden, layer_output,
     batch_train, batch_test, lr, lr_decay, decay_interval, iteration,
     setting) = sys.argv[1:]
    (radius, dim, layer_hidden, layer_output,
     batch_train, batch_test, decay_interval,
     iteration) = map(int, [radius, dim, layer_hidden, layer_output,
                            batch_train, batch_test,
                            decay_interval, iteration])
    lr, lr_decay = map(float, [lr, lr_decay])

    if torch.cuda.is_available():
        device = torch.device('cuda')
        print('running on the GPU')
    else:
        device = torch.device('cpu')
        print('running on the CPU')
    print('=' * 100)

    print('Featurising', dataset)
    print('please wait')
    (train_set, dev_set, test_set,
     n_fp) = pp.create_datasets(task, dataset, radius, device)
    print('=' * 100)

    print('featurisation done')
    print('train size:', len(train_set))
    print('dev size:', len(dev_set))
    print('test size:', len(test_set))
    print('=' * 100)

    print('building the network')
    torch.manual_seed(1234)
    model = FingerprintGNN(
            n_fp, dim, layer_hidden, layer_output).to(device)
    fitter = Fitter(model)
    scorer = Scorer(model)
    print('parameter count:',
          sum([np.prod(p.size()) for p in model.parameters()]))
    print('=' * 100)

    out_path = '../output/result--' + setting + '.txt'
    if task == 'classification':
        line = 'epoch\tseconds\ttrain_loss\tdev_AUC\ttest_AUC'
    if task == 'regression':
        line = 'epoch\tseconds\ttrain_loss\tdev_MAE\ttest_MAE'

    with open(out_path, 'w') as fh:
        fh.write(line + '\n')

    print('training')
    print('one line per epoch goes to the output folder')

    np.random.seed(1234)

    t0 = timeit.default_timer()

    for epoch in range(iteration):

        epoch += 1
        if epoch % decay_interval == 0:
            fitter.optimizer.param_groups[0]['lr'] *= lr_decay

        tr_loss = fitter.train(train_set)

        if task == 'classification':
            dev_score = scorer.test_classifier(dev_set)
            test_score = scorer.test_classifier(test_set)
        if task == 'regression':
            dev_score = scorer.test_regressor(dev_set)
            test_score = scorer.test_regressor(test_set)

        elapsed = timeit.default_timer() - t0

        if epoch == 1:
            mins = elapsed * iteration / 60
            hrs = int(mins / 60)
            mins = int(mins - 60 * hrs)
            print('expected total time about',
                  hrs, 'h', mins, 'min')
            print('=' * 100)
            print(line)

        line = '\t'.join(map(str, [epoch, elapsed, tr_loss,
                                   dev_score, test_score]))
        scorer.save_result(line, out_path)

        print(line)
