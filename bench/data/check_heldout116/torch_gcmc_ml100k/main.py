"""graph auto-encoder (GC-MC) for MovieLens-100K ratings"""
import numpy as np
import torch
import torch.nn as nn
import scipy.sparse as sp
import torch.optim as optim
import torch.nn.functional as F

from dataset import Ml100k
from autoencoder import StackGCNEncoder, FullyConnected, Decoder


###### settings
DEV = torch.device('cuda:0') if torch.cuda.is_available() else torch.device('cpu')
STEP = 0.015
N_EPOCHS = 1000
IN_DIM = 2625
SIDE_DIM = 41
GCN_DIM = 500
SIDE_HID = 10
ENC_DIM = 75
N_BASIS = 4
DROP_P = 0.55
DECAY = 0.
###### settings


STARS = torch.tensor([[1, 2, 3, 4, 5]]).to(DEV)


def sp_to_torch(m, dev):
    if not sp.isspmatrix_coo(m):
        m = sp.coo_matrix(m)
    r_idx, c_idx = m.row, m.col
    ds_obj = m.data

    idx_t = torch.from_numpy(np.asarray([r_idx, c_idx]).astype('int64')).long()
    val_t = torch.from_numpy(m.data.astype(np.float32))
    st = torch.sparse.FloatTensor(idx_t, val_t,
                                                m.shape).to(dev)

    return st


def np_to_dev(m, dev):

    return torch.from_numpy(m).to(dev)


class GcmcNet(nn.Module):
    def __init__(self, input_dim, side_feat_dim,
                 gcn_hidden_dim, side_hidden_dim,
                 encode_hidden_dim,
                 num_support=5, num_classes=5, num_basis=3):
        super(GcmcNet, self).__init__()
        self.encoder = StackGCNEncoder(input_dim, gcn_hidden_dim, num_support, DROP_P)
        self.dense1 = FullyConnected(side_feat_dim, side_hidden_dim, dropout=0.,
                                     use_bias=True)
        self.dense2 = FullyConnected(gcn_hidden_dim + side_hidden_dim, encode_hidden_dim,
                                     dropout=DROP_P, activation=lambda m: m)
        self.decoder = Decoder(encode_hidden_dim, num_basis, num_classes,
                               dropout=DROP_P, activation=lambda m: m)

    def forward(self, u_sup, m_sup,
                u_in, m_in,
                u_side_in, m_side_in,
                u_edge, m_edge):
        u_gcn, m_gcn = self.encoder(u_sup, m_sup, u_in, m_in)
        u_sf, m_sf = self.dense1(u_side_in, m_side_in)

        u_all = torch.cat((u_gcn, u_sf), dim=1)
        m_all = torch.cat((m_gcn, m_sf), dim=1)

        u_emb, m_emb = self.dense2(u_all, m_all)

        edge_scores = self.decoder(u_emb, m_emb, u_edge, m_edge)

        return edge_scores


ds_obj = Ml100k()
u2m_adj, m2u_adj, \
    u_side, m_side, \
    u_onehot, m_onehot, \
    u_idx, m_idx, ys, fit_mask = ds_obj.make_graph(
        *ds_obj.load_tables())

u2m_adj = [sp_to_torch(adj, DEV) for adj in u2m_adj]
m2u_adj = [sp_to_torch(adj, DEV) for adj in m2u_adj]
u_side = np_to_dev(u_side, DEV).float()
m_side = np_to_dev(m_side, DEV).float()
u_onehot = np_to_dev(u_onehot, DEV).float()
m_onehot = np_to_dev(m_onehot, DEV).float()
u_idx = np_to_dev(u_idx, DEV).long()
m_idx = np_to_dev(m_idx, DEV).long()
ys = np_to_dev(ys, DEV)
fit_mask = np_to_dev(fit_mask, DEV)


net = GcmcNet(IN_DIM, SIDE_DIM, GCN_DIM,
                              SIDE_HID, ENC_DIM, num_basis=N_BASIS).to(DEV)
ce = nn.CrossEntropyLoss().to(DEV)
opt = optim.Adam(net.parameters(), lr=STEP, weight_decay=DECAY)
net_args = (u2m_adj, m2u_adj,
                u_onehot, m_onehot,
                u_side, m_side, u_idx, m_idx)

def fit():
    history = []
    net.train()
    for ep in range(N_EPOCHS):
        scores = net(*net_args)
        l_ce = ce(scores[fit_mask], ys[fit_mask])
        err = soft_rmse(scores[fit_mask], ys[fit_mask])
        opt.zero_grad()
        l_ce.backward()  # gradients
        opt.step()  # update

        res = check()
        history.append(res)
        net.train()
        print(f"ep {ep:04d} | fit ce {l_ce.item():.4f} | fit rmse {err.item():.4f} | "
              f"held rmse {res[0]:.4f} | held ce {res[1]:.4f}")

    history = np.asarray(history)
    best = history[:, 0].argmin()
    print(f'lowest held rmse {history[best]} at ep {best}')


@torch.no_grad()
def check():
    net.eval()
    scores = net(*net_args)
    held_mask = ~fit_mask
    l_ce = ce(scores[held_mask], ys[held_mask])
    err = soft_rmse(scores[held_mask], ys[held_mask])
    return err.item(), l_ce.item()


def soft_rmse(scores, y):
    y_true = y + 1  # labels are 0..4, stars are 1..5
    p = F.softmax(scores, dim=1)
    y_hat = torch.sum(p * STARS, dim=1)
    
    sq = torch.pow(y_true - y_hat, 2)
    
    return torch.sqrt(sq.mean())


if __name__ == "__main__":
    fit()
