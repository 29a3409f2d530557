# -*- coding: utf-8 -*-
"""
sessions as small graphs
"""

import pickle
import torch
from torch_geometric.data import InMemoryDataset, Data


class SessionGraphSet(InMemoryDataset):
    """One graph per session."""
    def __init__(self, root, phrase, transform=None, pre_transform=None):
        """
        Args:
            root: folder of 'sample', 'yoochoose1_4', 'yoochoose1_64' or 'diginetica'
            phrase: 'train' or 'test'
        """
        assert phrase in ['train', 'test']
        self.phrase = phrase
        super(SessionGraphSet, self).__init__(root, transform, pre_transform)
        self.data, self.slices = torch.load(self.processed_paths[0])
    @property
    def raw_file_names(self):
        return [self.phrase + '.txt']
    
    @property
    def processed_file_names(self):
        return [self.phrase + '.pt']
    
    def download(self):
        pass
    
    def process(self):
        raw = pickle.load(open(self.raw_dir + '/' + self.raw_file_names[0], 'rb'))
        graphs = []
        j=0
        for seq, label in zip(raw[0], raw[1]): # (seq, label)=(session prefix, next item)
           
            j = 0
            slot = {}    # item id -> local node number
            src = []
            feats = []
            for item in seq:
                if item not in slot:
                    slot[item] = j
                    feats.append([item])
                    j += 1
                src.append(slot[item])
            dst = src[:]
            del src[-1]    # last click only receives
            del dst[0]    # first click only sends
            edges = torch.tensor([src, dst], dtype=torch.long)
            feats = torch.tensor(feats, dtype=torch.long)
            label = torch.tensor([label], dtype=torch.long)
            graphs.append(Data(x=feats, edge_index=edges, y=label))
      
        raw, slices = self.collate(graphs)
       
        torch.save((raw, slices), self.processed_paths[0])
        
# graph building done
