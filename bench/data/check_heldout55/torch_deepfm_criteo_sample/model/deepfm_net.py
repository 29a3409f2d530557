# coding: utf-8

"""
DeepFM click model in PyTorch.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

from time import time


class DeepFMNet(nn.Module):
    """
    DeepFM: a factorization-machine part for pairwise field interactions

    plus an MLP over the same field embeddings; both outputs are summed.
    Hidden layers use batch norm and dropout; training uses Adam
    with a logistic loss on click labels.

    Reference: Guo et al., DeepFM (IJCAI 2017).



    """

    def __init__(self, field_vocab, emb_dim=4,
                 hidden=[32, 32], n_out=1, dropout=[0.5, 0.5], 
                 use_cuda=True, verbose=False):
        """
        Build the tables and layers.

        Inputs: 
        - field_vocab: vocabulary size of every field.
        - emb_dim: width of the pairwise embeddings.
        - hidden: widths of the MLP layers.
        - n_out: output width.

        - batch size is set by the loaders.
        - use_cuda: run on the GPU when one is present.
        - verbose: chatty logging.
        """
        super().__init__()
        self.n_fields = len(field_vocab)
        self.field_vocab = field_vocab
        self.emb_dim = emb_dim
        self.hidden = hidden
        self.n_out = n_out
        self.dtype = torch.long
        self.bias = torch.nn.Parameter(torch.randn(1))
        """
            pick the device
        """
        if use_cuda and torch.cuda.is_available():
            self.device = torch.device('cuda')
        else:
            self.device = torch.device('cpu')
        """
            factorization part
        """
        self.lin_tables = nn.ModuleList(
            [nn.Embedding(vocab_n, 1) for vocab_n in self.field_vocab])
        self.pair_tables = nn.ModuleList(
            [nn.Embedding(vocab_n, self.emb_dim) for vocab_n in self.field_vocab])
        """
            MLP part
        """
        dims = [self.n_fields * self.emb_dim] + \
            self.hidden + [self.n_out]
        for j in range(1, len(hidden) + 1):
            setattr(self, 'linear_'+str(j),
                    nn.Linear(dims[j-1], dims[j]))
            # (kaiming init was tried here)
            setattr(self, 'batchNorm_' + str(j),
                    nn.BatchNorm1d(dims[j]))
            setattr(self, 'dropout_'+str(j),
                    nn.Dropout(dropout[j-1]))

    def forward(self, idx_t, val_t):
        """
        One forward pass. 

        Inputs:
        - idx_t: field indices, (N, n_fields, 1)
        - val_t: field values, (N, n_fields, 1)
        """
        """
            factorization part
        """

        lin_parts = [(torch.sum(table(idx_t[:, j, :]), 1).t() * val_t[:, j]).t() for j, table in enumerate(self.lin_tables)]
        lin_term = torch.cat(lin_parts, 1)
        pair_parts = [(torch.sum(table(idx_t[:, j, :]), 1).t() * val_t[:, j]).t() for j, table in enumerate(self.pair_tables)]
        sum_vec = sum(pair_parts)
        sq_of_sum = sum_vec * \
            sum_vec  # square of the sum
        pair_sq_parts = [
            v*v for v in pair_parts]
        sum_of_sq = sum(
            pair_sq_parts)  # sum of the squares
        pair_term = (sq_of_sum -
                           sum_of_sq) * 0.5
        """
            MLP part
        """
        dnn_in = torch.cat(pair_parts, 1)
        dnn_h = dnn_in
        for j in range(1, len(self.hidden) + 1):
            dnn_h = getattr(self, 'linear_' + str(j))(dnn_h)
            dnn_h = getattr(self, 'batchNorm_' + str(j))(dnn_h)
            dnn_h = getattr(self, 'dropout_' + str(j))(dnn_h)
        """
            add both parts
        """
        logit_sum = torch.sum(lin_term, 1) + \
                    torch.sum(pair_term, 1) + torch.sum(dnn_h, 1) + self.bias
        return logit_sum

    def fit(self, fit_loader, val_loader, opt, epochs=100, verbose=False, log_every=100):
        """
        Train for some epochs, checking validation accuracy now and then.

        Inputs:
        - fit_loader: batches to train on
        - val_loader: batches to check on
        - opt: a torch optimizer instance.
        - epochs: passes over fit_loader.
        - verbose: print progress.
        - log_every: steps between progress lines. 
        """
        """
            training loop
        """
        net = self.train().to(device=self.device)
        loss_fn = F.binary_cross_entropy_with_logits

        for _ in range(epochs):
            for step, (bi, bv, by) in enumerate(fit_loader):
                bi = bi.to(device=self.device, dtype=self.dtype)
                bv = bv.to(device=self.device, dtype=torch.float)
                by = by.to(device=self.device, dtype=torch.float)
                
                logit = net(bi, bv)
                loss_v = loss_fn(logit, by)
                opt.zero_grad()
                loss_v.backward()
                opt.step()

                if verbose and step % log_every == 0:
                    print('step %d  loss %.4f' % (step, loss_v.item()))
                    self.score_loader(val_loader, net)
                    print()
    
    def score_loader(self, dl, net):
        if dl.dataset.train:
            print('validation accuracy:')
        else:
            print('test accuracy:')   
        n_ok = 0
        n_all = 0
        net.eval()  # inference mode
        with torch.no_grad():
            for bi, bv, by in dl:
                bi = bi.to(device=self.device, dtype=self.dtype)  # to the chosen device
                bv = bv.to(device=self.device, dtype=torch.float)
                by = by.to(device=self.device, dtype=torch.bool)
                logit = net(bi, bv)
                hard = (F.sigmoid(logit) > 0.5)
                n_ok += (hard == by).sum()
                n_all += hard.size(0)
            ratio = float(n_ok) / n_all
            print('%d of %d right (%.2f%%)' % (n_ok, n_all, 100 * ratio))




                        
