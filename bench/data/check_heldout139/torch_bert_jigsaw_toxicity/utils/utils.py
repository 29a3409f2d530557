# Small helpers shared by the torch models
# course project, spring term
#   
# Parts follow a public blog walkthrough on
# fine-tuning BERT for sentence classification

import torch
from transformers import logging
from torch.utils.data import TensorDataset, DataLoader
from torch.utils.data import RandomSampler, SequentialSampler

# Quiet the transformers warnings and empty the CUDA cache
def setup():
    logging.set_verbosity_error()
    torch.cuda.empty_cache()

# Returns the device this run will use
def pick_device():

    has_gpu = torch.cuda.is_available()
    dev = torch.device('cuda' if has_gpu else 'cpu')

    print('running on {}'.format(dev))

    return dev

# Tensors for ids, targets and, when given, masks
def to_tensors(ids, targets, att=None):

    ids = torch.tensor(ids)
    targets = torch.tensor(targets)

    if att is None:
        return ids, targets
    
    att = torch.tensor(att)

    return ids, att, targets

# A loader over the tensors above
def make_loader(tensors, bs, train=False):

    if len(tensors) == 2:
        ids, targets = tensors
        # dataset of two tensors
        ds = TensorDataset(ids, targets)
    else:
        ids, att, targets = tensors
        # dataset of three tensors
        ds = TensorDataset(ids, att, targets)

    # random order only for training
    if train:
        order = RandomSampler(ds)
    else:
        order = SequentialSampler(ds)

    loader = DataLoader(ds, sampler=order, batch_size=bs)
    
    return loader
