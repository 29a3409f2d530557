import json
import pandas as pd
import torch

def iter_lines(fname):
    with open(fname) as fh:
        for ln in fh:
            yield eval(ln)

def read_reviews(fname):
    n = 0
    rows = {}
    for rec in iter_lines(fname):
        rows[n] = rec
        n += 1

    return pd.DataFrame.from_dict(rows, orient='index')


#
#
#
#
#
#
#
#
#
#
#

def columnize(seq, n_cols):
    #
    per_col = seq.size(0) // n_cols
    #
    seq = seq.narrow(0, 0, per_col * n_cols)
    #
    seq = seq.view(n_cols, -1).t().contiguous()
    return seq


#
#
#
#
#
#
#
#
#

def slice_batch(span, src, n):
    width = min(span, len(src) - 1 - n)
    seq = src[n:n+width]
    tgt = src[n+1:n+1+width].view(-1)
    return seq, tgt



def detach_state(st):
    """see module notes"""
    if isinstance(st, torch.Tensor):
        return st.detach()
    else:
        return tuple(detach_state(part) for part in st)
