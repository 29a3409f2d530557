import math

import torch

from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module


class SparseGraphConv(Module):
    """
    One graph convolution: A_hat @ (H @ W) + b
    """

    def __init__(self, n_in, n_out, use_bias=True):
        super(SparseGraphConv, self).__init__()
        self.n_in = n_in
        self.n_out = n_out
        self.W = Parameter(torch.FloatTensor(n_in, n_out))
        if use_bias:
            self.b = Parameter(torch.FloatTensor(n_out))
        else:
            self.register_parameter('b', None)
        self.init_weights()

    def init_weights(self):
        bound = 1. / math.sqrt(self.W.size(1))
        self.W.data.uniform_(-bound, bound)
        if self.b is not None:
            self.b.data.uniform_(-bound, bound)

    def forward(self, h, a):
        hw = torch.mm(h, self.W)      # dense projection
        out = torch.spmm(a, hw)             # sparse neighbourhood sum
        if self.b is not None:
            return out + self.b
        else:
            return out

    def __repr__(self):
        return self.__class__.__name__ + ' (' \
               + str(self.n_in) + ' -> ' \
               + str(self.n_out) + ')'
