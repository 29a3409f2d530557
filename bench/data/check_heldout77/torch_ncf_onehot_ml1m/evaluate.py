from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import torch
import numpy as np

def hit(truth, ranked):
    if truth in ranked:
        return 1
    return 0

def ndcg(truth, ranked):
    if truth in ranked:
        pos = torch.tensor(ranked.tolist().index(truth),
                           dtype=torch.float32)
        return torch.reciprocal(torch.log2(pos+2))
    return 0

def metrics(net, loader, top_k):
    hits, gains = [], []

    for batch in loader:
        u = batch['user'].long().cuda()
        i = batch['item'].long().cuda()
        # answers = batch['label'].numpy()

        scores = net(u, i)
        _, idx = torch.topk(scores, top_k)
        ranked = torch.take(i, idx)

        hits.append(hit(i[0], ranked))
        gains.append(ndcg(i[0], ranked))

    return np.mean(hits), np.mean(gains)


