import sys
import re
from time import time
from os.path import isfile
from collections import defaultdict
from parameters import *

FltTensor = torch.cuda.FloatTensor if CUDA else torch.FloatTensor
IdxTensor = torch.cuda.LongTensor if CUDA else torch.LongTensor
rand_normal = lambda *s: torch.randn(*s).cuda() if CUDA else torch.randn
zero_fill = lambda *s: torch.zeros(*s).cuda() if CUDA else torch.zeros

def clean_text(s):

    s = re.sub("\s+", " ", s)
    s = re.sub("^ | $", "", s)
    s = s.lower()

    return s

def split_tokens(s):

    if UNIT == "char":
        return list(re.sub(" ", "", s))
    if UNIT == "char+space":
        return [s.replace("_", "__").replace(" ", "_") for s in s]
    if UNIT in ("word", "sent"):
        return s.split(" ")

def read_token_index(path):

    print("opening %s" % path)
    mapping = {}
    fh = open(path)
    for ln in fh:
        ln = ln[:-1]
        mapping[ln] = len(mapping)
    fh.close()

    return mapping

def read_index_token(path):

    print("opening %s" % path)
    names = []
    fh = open(path)
    for ln in fh:
        ln = ln[:-1]
        names.append(ln)
    fh.close()

    return names

def restore_ckpt(path, net = None):

    print("opening %s" % path)
    state = torch.load(path)
    if net:
        net.load_state_dict(state["state_dict"])
    ep = state["epoch"]
    obj = state["loss"]
    print("ep=%d obj=%f" % (state["epoch"], state["loss"]))

    return ep

def store_ckpt(path, net, ep, obj, secs_):

    print("ep=%d obj=%f secs=%f" % (ep, obj, secs_))
    if path and net:
        state = {}
        state["state_dict"] = net.state_dict()
        state["epoch"] = ep
        state["loss"] = obj
        torch.save(state, path + ".epoch%d" % ep)
        print("wrote %s" % path)

def lse(s):

    mx = torch.max(s, -1)[0]

    return mx + (s - mx.unsqueeze(-1)).exp().sum(-1).log()

def tags_as_text(words, labels):

    out_w, out_l = [], []
    for s, lab in zip(words, labels):
        if UNIT == "char+space":
            if s == "_":
                lab = "_"
            s = s.replace("__", "_")
        if len(out_w) and lab in ("I", "E", "I-" + out_l[-1], "E-" + out_l[-1]):
            out_w[-1] += s
            continue
        if lab[:2] in ("B-", "I-", "E-", "S-"):
            lab = lab[2:]
        out_w.append(s)
        out_l.append(lab)

    if TASK == "word-classification":
        return " ".join(s + "/" + lab for s, lab in zip(out_w, out_l))

    if TASK == "word-segmentation":
        return " ".join("".join(s) for s in out_w)

    if TASK == "sentence-segmentation":
        return "\n".join(" ".join(s) for s in out_w)

def f_score(prec, rec):

    return 2 * (prec * rec) / (prec + rec) if prec + rec else 0
