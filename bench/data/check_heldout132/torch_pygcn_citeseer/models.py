import torch.nn as nn
import torch.nn.functional as F
from layers import SparseGraphConv


class TwoLayerGCN(nn.Module):
    def __init__(self, n_in, n_hidden, n_out, p_drop):
        super(TwoLayerGCN, self).__init__()

        self.conv_a = SparseGraphConv(n_in, n_hidden)
        self.conv_b = SparseGraphConv(n_hidden, n_out)
        self.p_drop = p_drop

    def forward(self, h, a):
        h = F.relu(self.conv_a(h, a))
        h = F.dropout(h, self.p_drop, training=self.training)
        h = self.conv_b(h, a)
        return F.log_softmax(h, dim=1)
