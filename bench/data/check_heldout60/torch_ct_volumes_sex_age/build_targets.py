import csv
import torch
import torch.nn.functional as F

from fit_epoch import fit_epoch

def build_targets(path):
    rows = [list(map(int,ln.rstrip().split(","))) for ln in open(path, encoding = "utf-8-sig").readlines()]
    t_rows = torch.tensor(rows)
    return t_rows.permute(1, 0)

# tgt = build_targets('train_label.csv')
# print(tgt)
# print(tgt.shape)