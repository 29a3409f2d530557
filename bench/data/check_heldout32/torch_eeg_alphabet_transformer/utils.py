import sys
import datetime
import torch as t
import numpy as np
from params import args
import torch.nn.functional as F

def squared_norm_penalty(model):
	total = 0
	for weight in model.parameters():
		total += weight.norm(2).square()
	return total

def view_contrastive_loss(emb_a, emb_b):
    emb_a = F.normalize(emb_a)
    emb_b = F.normalize(emb_b)
    score = -t.log(t.sum(t.exp(t.sum(emb_a * emb_b, axis=1))) + 1e-8)
    # a version with in-batch negatives was sketched here
    # but never finished
    return score 

def log(msg, online=False, bold=False):
    now = datetime.datetime.now()
    msg = f'{now} {msg}'
    if bold:
        msg = '\033[1m' + msg + '\033[0m'
    if online:
        print(msg, end='\r')
    else:
        print(msg)
    sys.stdout.flush()

def sinusoid_positions(seq_len, dim):

    def angles_for(position):
        return [position / np.power(10000, 2 * (d // 2) / dim) for d in range(dim)]

    table = np.array([angles_for(p) for p in range(seq_len)])
    table[:, 0::2] = np.sin(table[:, 0::2])  # even dims
    table[:, 1::2] = np.cos(table[:, 1::2])  # odd dims

    return t.FloatTensor(table).unsqueeze(0)
