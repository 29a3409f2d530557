import pickle 
import json
import os
import random
from collections import namedtuple

def save(obj, pkl_path):
    with open(pkl_path, 'wb') as fh_out:
        pickle.dump(obj, fh_out)

def load(pkl_path):
    with open(pkl_path, 'rb') as fh_in:
        fh_in.seek(0)
        obj = pickle.load(fh_in)
    return obj

def listdir_nohidden(input):
    """ directory listing without dot-files """
    names = os.listdir(input)
    names = [dir for dir in names if not dir.startswith('.')]
    return names

def test_train_split(items, test_split, seed=123):
    assert test_split >=  0
    assert test_split <=  1

    random.Random(seed).shuffle(items)
    cut_test = int(len(items) * test_split)
    test = items[:cut_test]
    train = items[cut_test:]
    return train, test

def test_train_val_split(items, test_split, val_split, seed=123):
    assert test_split >=  0
    assert test_split <=  1
    assert val_split >=  0
    assert val_split <=  1

    random.Random(seed).shuffle(items)
    cut_test = int(len(items) * test_split)
    cut_val = int(len(items) * (test_split + val_split))
    test = items[:cut_test]
    validation = items[cut_test:cut_val]
    train = items[cut_val:]

    return train, test, validation

def config_init(argv):
    ### read the json config into nested tuples ###
    if len(argv) != 2:
        raise ValueError("usage: script.py <config.json>")    
    cfg_file = str(argv[1])
    with open(cfg_file, 'r') as f:
        f = f.read()
        PARAMS = json.loads(f, object_hook=lambda d: namedtuple('X', d.keys())(*d.values()))

    return PARAMS

