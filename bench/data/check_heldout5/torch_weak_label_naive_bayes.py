# source: https://github.com/BatsResearch/labelmodels/blob/3b5683bef7ee902dc205a8cd93572b05b88dbad5/labelmodels/label_model.py (+ labelmodels/naive_bayes.py; memory issue: https://github.com/BatsResearch/labelmodels/issues/4)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import logging

import numpy as np
from scipy import sparse
import torch
import torch.nn as nn


class VoteModel(nn.Module):
    """Base class: subclasses give forward() = per-example log-likelihood of the votes."""

    def forward(self, *args):
        raise NotImplementedError

    def _fit_parameters(self, batches, config):
        optimizer = torch.optim.SGD(self.parameters(), lr=config.step_size, momentum=config.momentum, weight_decay=0)
        if config.step_schedule is not None and config.step_size_mult is not None:
            scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, config.step_schedule, gamma=config.step_size_mult)
        else:
            scheduler = None

        for epoch in range(config.epochs):
            logging.info('epoch {}/{}'.format(epoch + 1, config.epochs))
            if scheduler is not None:
                scheduler.step()
            self.train()
            running_loss = 0.0
            for i_batch, inputs in enumerate(batches):
                optimizer.zero_grad()
                log_lik = self(*inputs)
                loss = -1 * torch.mean(log_lik)
                loss += self._penalty()
                loss.backward()
                optimizer.step()
                running_loss += loss
            epoch_loss = running_loss / len(batches)
            logging.info('train loss: %.6f', epoch_loss)

    def _penalty(self):
        return 0.0


class PerSourceAccuracyModel(VoteModel):
    def __init__(self, num_classes, num_lfs, init_acc, acc_prior):
        super().__init__()
        init_acc = -1 * np.log(1.0 / init_acc - 1) / 2
        self.accuracy = nn.Parameter(torch.tensor([[init_acc] * num_classes for _ in range(num_lfs)]))
        self.propensity = nn.Parameter(torch.zeros([num_lfs]))
        self.num_classes = num_classes
        self.num_lfs = num_lfs
        self.init_acc = init_acc
        self.acc_prior = acc_prior

    def _vote_log_likelihoods(self, votes):
        if type(votes) != sparse.coo_matrix:
            votes = sparse.coo_matrix(votes)
        cll = torch.zeros(votes.shape[0], self.num_classes)
        z_prop = self.propensity.unsqueeze(1)
        z_prop = torch.cat((z_prop, torch.zeros((self.num_lfs, 1))), dim=1)
        z_prop = torch.logsumexp(z_prop, dim=1)
        z_acc = self.accuracy.unsqueeze(2)
        z_acc = torch.cat((z_acc, -1 * self.accuracy.unsqueeze(2)), dim=2)
        z_acc = torch.logsumexp(z_acc, dim=2)
        cll -= torch.sum(z_prop)
        for i, j, v in zip(votes.row, votes.col, votes.data):
            for k in range(self.num_classes):
                if v == (k + 1):
                    cll[i, k] += self.propensity[j] + self.accuracy[j, k] - z_acc[j, k]
                elif v != 0:
                    logp = self.propensity[j] - self.accuracy[j, k] - z_acc[j, k]
                    logp -= torch.log(torch.tensor(self.num_classes - 1.0))
                    cll[i, k] += logp
        return cll

    def _penalty(self):
        return self.acc_prior * torch.norm(self.accuracy - self.init_acc)


class FitSettings(object):
    def __init__(self):
        self.epochs = 5
        self.batch_size = 64
        self.step_size = 0.01
        self.step_schedule = None
        self.step_size_mult = None
        self.momentum = 0.9
        self.random_seed = 0


def seed_everything(seed):
    torch.backends.cudnn.deterministic = True
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)


class IndependentSources(PerSourceAccuracyModel):
    def __init__(self, num_classes, num_lfs, init_acc=.9, acc_prior=0.025, balance_prior=0.025, learn_class_balance=True):
        super().__init__(num_classes, num_lfs, init_acc, acc_prior)
        self.class_balance = nn.Parameter(torch.zeros([num_classes]), requires_grad=learn_class_balance)
        self.balance_prior = balance_prior

    def forward(self, votes):
        joint = self._vote_log_likelihoods(votes) + self._log_prior()
        return torch.logsumexp(joint, dim=1)

    def estimate_label_model(self, votes, config=None):
        if config is None:
            config = FitSettings()
        seed_everything(config.random_seed)
        votes = sparse.csr_matrix(votes, dtype=np.int)
        batches = self._chunks(votes, config.batch_size, shuffle_rows=True)
        self._fit_parameters(batches, config)

    def get_label_distribution(self, votes):
        votes = sparse.csr_matrix(votes, dtype=np.int)
        out = np.ndarray((votes.shape[0], self.num_classes))
        batches = self._chunks(votes, 4096, shuffle_rows=False)
        offset = 0
        for votes, in batches:
            prior = self._log_prior()
            lik = self._vote_log_likelihoods(votes)
            jll = prior + lik
            for i in range(votes.shape[0]):
                p = torch.exp(jll[i, :] - torch.max(jll[i, :]))
                p = p / p.sum()
                for j in range(self.num_classes):
                    out[offset + i, j] = p[j]
            offset += votes.shape[0]
        return out

    def get_most_probable_labels(self, votes):
        return np.argmax(self.get_label_distribution(votes), axis=1) + 1

    def _chunks(self, votes, batch_size, shuffle_rows=False):
        if shuffle_rows:
            order = np.arange(np.shape(votes)[0])
            np.random.shuffle(order)
            votes = votes[order, :]
        return [(sparse.coo_matrix(votes[i * batch_size: (i + 1) * batch_size, :], copy=True),)
                for i in range(int(np.ceil(votes.shape[0] / batch_size)))]

    def _penalty(self):
        neg_entropy = 0.0
        prior = self._log_prior()
        probs = torch.exp(prior)
        for k in range(self.num_classes):
            neg_entropy += prior[k] * probs[k]
        return super()._penalty() + self.balance_prior * neg_entropy

    def _log_prior(self):
        return self.class_balance - torch.logsumexp(self.class_balance, dim=0)
