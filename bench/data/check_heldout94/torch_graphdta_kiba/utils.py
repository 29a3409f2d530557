import os
import numpy as np
from math import sqrt
from scipy import stats
from torch_geometric.data import InMemoryDataset, DataLoader
from torch_geometric import data as DATA
import torch

class TestbedDataset(InMemoryDataset):
    def __init__(self, root='/tmp', dataset='davis', 
                 xd=None, xt=None, y=None, transform=None,
                 pre_transform=None,smile_graph=None):

        #root holds the processed .pt files
        super(TestbedDataset, self).__init__(root, transform, pre_transform)
        # which benchmark (davis by default)
        self.dataset = dataset
        if os.path.isfile(self.processed_paths[0]):
            print('found processed file {}, reading it'.format(self.processed_paths[0]))
            self.data, self.slices = torch.load(self.processed_paths[0])
        else:
            print('no processed file {}, building it'.format(self.processed_paths[0]))
            self.process(xd, xt, y,smile_graph)
            self.data, self.slices = torch.load(self.processed_paths[0])

    @property
    def raw_file_names(self):
        pass
        #nothing raw to list

    @property
    def processed_file_names(self):
        return [self.dataset + '.pt']

    def download(self):
        # nothing to download
        pass

    def _download(self):
        pass

    def _process(self):
        if not os.path.exists(self.processed_dir):
            os.makedirs(self.processed_dir)

    # build the drug-target pair graphs
    # arguments:
    # xd: SMILES strings, xt: encoded protein sequences,
    # y: affinities
    # result: one PyG Data per pair, collated and saved
    def process(self, xd, xt, y,smile_graph):
        assert (len(xd) == len(xt) and len(xt) == len(y)), "xd, xt and y differ in length"
        pairs = []
        n = len(xd)
        for i in range(n):
            print('graph {}/{}'.format(i+1, n))
            smi = xd[i]
            prot = xt[i]
            aff = y[i]
            # precomputed molecule graph
            n_atoms, feats, edges = smile_graph[smi]
            # PyG graph object
            g = DATA.Data(x=torch.Tensor(feats),
                          edge_index=torch.LongTensor(edges).transpose(1, 0),
                          y=torch.FloatTensor([aff]))
            g.target = torch.LongTensor([prot])
            g.__setitem__('c_size', torch.LongTensor([n_atoms]))
            # keep it
            pairs.append(g)

        if self.pre_filter is not None:
            pairs = [g for g in pairs if self.pre_filter(g)]

        if self.pre_transform is not None:
            pairs = [self.pre_transform(g) for g in pairs]
        print('graphs built, writing the file')
        data, slices = self.collate(pairs)
        # write processed file:
        torch.save((data, slices), self.processed_paths[0])

def rmse(y,f):
    out = sqrt(((y - f)**2).mean(axis=0))
    return out
def mse(y,f):
    out = ((y - f)**2).mean(axis=0)
    return out
def pearson(y,f):
    r = np.corrcoef(y, f)[0,1]
    return r
def spearman(y,f):
    r = stats.spearmanr(y, f)[0]
    return r
def ci(y,f):
    order = np.argsort(y)
    y = y[order]
    f = f[order]
    i = len(y)-1
    j = i-1
    z = 0.0
    S = 0.0
    while i > 0:
        while j >= 0:
            if y[i] > y[j]:
                z = z+1
                u = f[i] - f[j]
                if u > 0:
                    S = S + 1
                elif u == 0:
                    S = S + 0.5
            j = j - 1
        i = i - 1
        j = i-1
    out = S/z
    return out
