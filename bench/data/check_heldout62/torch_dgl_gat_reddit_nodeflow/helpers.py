import numpy as np
import os
import torch
from dgl import DGLGraph

def make_dirs(path):
    import errno
    try:
        os.makedirs(path)
        print('made {}'.format(path))
    except OSError as exc:
        if exc.errno == errno.EEXIST and os.path.isdir(path):
            print('{} exists already.'.format(path))
        else:
            raise

def read_reddit():
    from dgl.data import RedditDataset

    out = {}
    rd = RedditDataset(False)

    out['train_nid'] = torch.LongTensor(np.nonzero(rd.train_mask)[0])
    out['val_nid'] = torch.LongTensor(np.nonzero(rd.val_mask)[0])
    out['test_nid'] = torch.LongTensor(np.nonzero(rd.test_mask)[0])

    feats = torch.FloatTensor(rd.features)
    labels = torch.LongTensor(rd.labels)
    out['train_mask'] = torch.ByteTensor(rd.train_mask.astype(np.uint8))
    out['val_mask'] = torch.ByteTensor(rd.val_mask.astype(np.uint8))
    out['test_mask'] = torch.ByteTensor(rd.test_mask.astype(np.uint8))

    out['n_feats'] = feats.shape[1]
    out['n_classes'] = rd.num_labels

    out['n_train_samples'] = out['train_mask'].sum().item()
    out['n_val_samples'] = out['val_mask'].sum().item()
    out['n_test_samples'] = out['test_mask'].sum().item()

    g = DGLGraph(rd.graph, readonly=True)
    g.ndata['features'] = feats
    g.ndata['labels'] = labels
    out['g'] = g

    return out
