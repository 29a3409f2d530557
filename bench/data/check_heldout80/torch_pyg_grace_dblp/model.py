import torch
import torch.nn as nn
import torch.nn.functional as F
from torch_geometric.nn import GCNConv


class LinearProbe(nn.Module):
    def __init__(self, in_dim, n_classes):
        super(LinearProbe, self).__init__()
        self.fc = nn.Linear(in_dim, n_classes)

        for m in self.modules():
            self.init_weights(m)

    def init_weights(self, m):
        if isinstance(m, nn.Linear):
            torch.nn.init.xavier_uniform_(m.weight.data)
            if m.bias is not None:
                m.bias.data.fill_(0.0)

    def forward(self, h):
        out = self.fc(h)
        return out


class Encoder(torch.nn.Module):
    def __init__(self, in_channels: int, out_channels: int, activation,
                 base_model=GCNConv, k: int = 2):
        super(Encoder, self).__init__()
        self.base_model = base_model

        assert k >= 2
        self.k = k
        self.conv = [base_model(in_channels, 2 * out_channels)]
        for _ in range(1, k-1):
            self.conv.append(base_model(2 * out_channels, 2 * out_channels))
        self.conv.append(base_model(2 * out_channels, out_channels))
        self.conv = nn.ModuleList(self.conv)

        self.activation = activation

    def forward(self, h: torch.Tensor, edge_index: torch.Tensor):
        for j in range(self.k):
            h = self.activation(self.conv[j](h, edge_index))
        return h


class Model(torch.nn.Module):
    def __init__(self, encoder: Encoder, num_hidden: int, num_proj_hidden: int,
                 tau: float = 0.5):
        super(Model, self).__init__()
        self.encoder: Encoder = encoder
        self.tau: float = tau

        self.fc1 = torch.nn.Linear(num_hidden, num_proj_hidden)
        self.fc2 = torch.nn.Linear(num_proj_hidden, num_hidden)

    def forward(self, h: torch.Tensor,
                edge_index: torch.Tensor) -> torch.Tensor:
        return self.encoder(h, edge_index)

    def project(self, z: torch.Tensor) -> torch.Tensor:
        z = F.elu(self.fc1(z))
        return self.fc2(z)

    def cosine(self, a: torch.Tensor, b: torch.Tensor):
        a = F.normalize(a)
        b = F.normalize(b)
        return torch.mm(a, b.t())

    def half_loss(self, a: torch.Tensor, b: torch.Tensor):
        scale = lambda s: torch.exp(s / self.tau)
        intra = scale(self.cosine(a, a))
        inter = scale(self.cosine(a, b))

        return -torch.log(
            inter.diag()
            / (intra.sum(1) + inter.sum(1) - intra.diag()))

    def chunked_half_loss(self, a: torch.Tensor, b: torch.Tensor,
                          batch_size: int):
        # memory O(BN) per chunk (the unchunked version is O(N^2))
        device = a.device
        n = a.size(0)
        n_chunks = (n - 1) // batch_size + 1
        scale = lambda s: torch.exp(s / self.tau)
        idx = torch.arange(0, n).to(device)
        parts = []

        for c in range(n_chunks):
            rows = idx[c * batch_size:(c + 1) * batch_size]
            intra = scale(self.cosine(a[rows], a))  # [B, N]
            inter = scale(self.cosine(a[rows], b))  # [B, N]

            parts.append(-torch.log(
                inter[:, c * batch_size:(c + 1) * batch_size].diag()
                / (intra.sum(1) + inter.sum(1)
                   - intra[:, c * batch_size:(c + 1) * batch_size].diag())))

        return torch.cat(parts)

    def loss(self, za: torch.Tensor, zb: torch.Tensor,
             mean: bool = True, batch_size: int = 0):
        ha = self.project(za)
        hb = self.project(zb)

        if batch_size == 0:
            la = self.half_loss(ha, hb)
            lb = self.half_loss(hb, ha)
        else:
            la = self.chunked_half_loss(ha, hb, batch_size)
            lb = self.chunked_half_loss(hb, ha, batch_size)

        out = (la + lb) * 0.5
        out = out.mean() if mean else out.sum()

        return out


def drop_feature(h, drop_prob):
    mask = torch.empty(
        (h.size(1), ),
        dtype=torch.float32,
        device=h.device).uniform_(0, 1) < drop_prob
    h = h.clone()
    h[:, mask] = 0

    return h
