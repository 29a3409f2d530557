import numpy as np
import torch
import torch.utils.data as data
from sklearn.metrics import ndcg_score
from tqdm import tqdm

import os
DEBUG=os.getenv("DEBUG")

class Stopper:
    def __init__(self, window, higher_better=False, floor_spec=None):
        self.window = window
        self.higher_better = higher_better
        self.n_checks = 0
        self.best_at = 0
        if higher_better:
            self.best_v = -1000000
        else:
            self.best_v = +1000000
        self.use_floor = False
        if floor_spec is not None:
            self.use_floor = True
            parts = floor_spec.split(':')
            self.floor_after = int(parts[0])
            self.floor_v = float(parts[1])
            
          

    def step(self, v):
        self.n_checks = self.n_checks + 1
        if self.use_floor and (self.n_checks > self.floor_after):
            if ((self.higher_better and (max(v, self.best_v) < self.floor_v))
                or (not self.higher_better and (min(v, self.best_v) > self.floor_v))
                ):
                print("stopped: below the floor")
                return True

        if (self.higher_better and v > self.best_v) or (not self.higher_better and v < self.best_v):
            self.best_at = self.n_checks
            self.best_v = v
            return False
        else:
            if (self.n_checks - self.best_at ) > self.window:
                print("stopped: no gain in the window")
                return True
        return False

def n_params(net):
    tot = 0
    for prm in net.parameters():
        if prm.requires_grad:
            tot += prm.numel()

    return tot

def parse_comp(spec_s):
    '''
        turn a short 2:k spec into the factor 1/2**k
    '''
    if spec_s.startswith('2:'):
        tail = spec_s.split(':')[1]
        pw = int(tail)
    else:
        raise NotImplementedError
    return 1.0/2**pw



def fit_local(net, fit_set, n_ep, bs, opts, dev):
    ld = data.DataLoader(fit_set, batch_size=bs)
    opt = torch.optim.Adam(net.parameters(), lr=opts.learn_rate)
    for ep in range(n_ep):
        net.train()
        bpr_hist = []
        reg_hist = []
        n_seen = 0
        for b, (uids, pb, nb) in enumerate(ld):
            net.zero_grad()
            l_bpr, l_reg = net.bpr_loss(torch.LongTensor(uids).to(dev), 
                                          torch.LongTensor(pb).to(dev), torch.LongTensor(nb).to(dev))
            l_all = l_bpr + opts.reg_lambda * l_reg
            l_all.backward()
            opt.step()
            bpr_hist.append(float(l_bpr.detach().cpu()))
            reg_hist.append(float(l_reg.detach().cpu()))
            n_seen += len(uids)
        if DEBUG:
            print(ep,  "-->", np.mean(bpr_hist), np.mean(reg_hist), "rows this pass", n_seen)


def score_ndcg(net, fit_set, held_set, n_items, dev, user_batch=10, full=False):
    net = net.to(dev)
    with torch.no_grad():
        item_ids = torch.from_numpy(np.arange(n_items)).to(dev).long()
        zeros_t = torch.zeros(n_items, device=dev, dtype=torch.int64)

        uids = held_set.distinct_users
        if not full:
            uids = uids[:user_batch]
        ndcg_list = []
        top_list = []

        n_batches = (len(uids) + user_batch - 1) // user_batch

        for bi in tqdm(range(n_batches)):
            ub_col = torch.from_numpy(uids[bi*user_batch:(bi+1)*user_batch]).to(dev).long().reshape(-1,1)
            u_grid = zeros_t + ub_col
            i_grid = item_ids.repeat((ub_col.numel(),1))
            grid_shape = u_grid.shape

            s = np.array(net(u_grid.reshape(-1), i_grid.reshape(-1)).cpu())
            s = s.reshape(*grid_shape)
            
            msk = np.zeros(s.shape)
            tgt = np.zeros(s.shape)

            for jj in range(ub_col.numel()):
                uid = uids[bi*user_batch:(bi+1)*user_batch][jj]
                seen = fit_set.positives[uid]
                wanted = held_set.positives[uid]
                # hide items already seen in training
                s[jj][seen] = -10000
                tgt[jj][wanted] = 1
            
            # ndcg@20 of this block
            nd = ndcg_score(tgt, s, k=20)
            #hit = np.mean(tgt[np.argsort(s)[-20:]])
            ndcg_list.append(nd)
            #top_list.append(hit)

        #print('ndcg', full, np.mean(ndcg_list))
        net.cpu()
        return np.mean(ndcg_list)


import re


## split a list into pieces of a given size ##
def chunk_list(seq, size_n):
    return [seq[bk * size_n : (bk + 1) * size_n] for bk in range((len(seq) + size_n - 1) // size_n)]


## share of rows held by each selected client ##
def device_weights(devs):
    wts = {}
    z_tot = 0.0
    dev_ids = []
    for d_i in devs:
        did = d_i.get_id()
        z_tot += len(d_i.localdata_idx)
        dev_ids.append(did)
    for d_i in devs:
        wts[d_i.get_id()] = float(len(d_i.localdata_idx)) / z_tot

    return wts


def tokenize_line(txt):
    return re.findall(r"[\w']+|[.,!?;]", txt)


def line_ids(txt, vocab, max_words=25):
    oov = len(vocab)
    words = tokenize_line(txt)  # words and punctuation
    ids = [vocab[wd] if wd in vocab else oov for wd in words[:max_words]]
    ids += [oov] * (max_words - len(ids))
    return ids


CHARSET = (
    "\n !\"&'(),-.0123456789:;>?ABCDEFGHIJKLMNOPQRSTUVWXYZ[]abcdefghijklmnopqrstuvwxyz}"
)


def char_ids(s_in, max_words=80):
    out_ids = []
    for ch in s_in[:max_words]:
        out_ids.append(CHARSET.find(ch))
    out_ids += [80] * (max_words - len(out_ids))
    return out_ids


# def char_ids(s_in, max_words = 80):
#     out_ids = []
#     for ch in s_in[:]:
#         out_ids.append(CHARSET.find(ch))
#     #out_ids += [80]*(max_words-len(out_ids))
#     print(s_in)
#     print(out_ids)
#     print(len(out_ids))

#     return out_ids

# -
# -

if __name__ == '__main__':
    es = Stopper(2, False)
    vals = [0.1, 0.11, 0.09, 0.12, 0.11, 0.11, 0.11, 0.11, 0.10, 0.09]
    for v in vals:
        ch = es.step(v)
        print(v)
        if ch :
            break

# -
