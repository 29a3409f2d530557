import sys
import os

from collections import defaultdict
import numpy as np

class GraphStore(object):
    """reads Cora or PubMed into arrays and adjacency sets"""
    def __init__(self, config):
        super(GraphStore, self).__init__()
        self.config = config
        
    def load_dataSet(self, name='cora'):
        if name == 'cora':
            content_path = self.config['file_path.cora_content']
            cite_path = self.config['file_path.cora_cite']

            rows = []
            ys = [] # class of every node
            id_to_row = {} # paper id -> row
            cls_to_int = {} # class name -> int
            with open(content_path) as fh:
                for r,text in enumerate(fh):
                    parts = text.strip().split()
                    rows.append([float(v) for v in parts[1:-1]])
                    id_to_row[parts[0]] = r
                    if not parts[-1] in cls_to_int:
                        cls_to_int[parts[-1]] = len(cls_to_int)
                    ys.append(cls_to_int[parts[-1]])
            rows = np.asarray(rows)
            ys = np.asarray(ys, dtype=np.int64)
            
            nbrs = defaultdict(set)
            with open(cite_path) as fh:
                for r,text in enumerate(fh):
                    parts = text.strip().split()
                    assert len(parts) == 2
                    u = id_to_row[parts[0]]
                    v = id_to_row[parts[1]]
                    nbrs[u].add(v)
                    nbrs[v].add(u)

            assert len(rows) == len(ys) == len(nbrs)
            te_ids, va_ids, tr_ids = self._split(rows.shape[0])

            setattr(self, name+'_test', te_ids)
            setattr(self, name+'_val', va_ids)
            setattr(self, name+'_train', tr_ids)

            setattr(self, name+'_feats', rows)
            setattr(self, name+'_labels', ys)
            setattr(self, name+'_adj_lists', nbrs)

        elif name == 'pubmed':
            paper_path = self.config['file_path.pubmed_paper']
            cite_path = self.config['file_path.pubmed_cites']

            rows = []
            ys = [] # class of every node
            id_to_row = {} # paper id -> row
            with open(paper_path) as fh:
                fh.readline()
                word_col = {entry.split(":")[1]:k-1 for k,entry in enumerate(fh.readline().split("\t"))}
                for r, text in enumerate(fh):
                    parts = text.split("\t")
                    id_to_row[parts[0]] = r
                    ys.append(int(parts[1].split("=")[1])-1)
                    vec = np.zeros(len(word_col)-2)
                    for w in parts[2:-1]:
                        w = w.split("=")
                        vec[word_col[w[0]]] = float(w[1])
                    rows.append(vec)
            
            rows = np.asarray(rows)
            ys = np.asarray(ys, dtype=np.int64)
            
            nbrs = defaultdict(set)
            with open(cite_path) as fh:
                fh.readline()
                fh.readline()
                for text in fh:
                    parts = text.strip().split("\t")
                    u = id_to_row[parts[1].split(":")[1]]
                    v = id_to_row[parts[-1].split(":")[1]]
                    nbrs[u].add(v)
                    nbrs[v].add(u)
            
            assert len(rows) == len(ys) == len(nbrs)
            te_ids, va_ids, tr_ids = self._split(rows.shape[0])

            setattr(self, name+'_test', te_ids)
            setattr(self, name+'_val', va_ids)
            setattr(self, name+'_train', tr_ids)

            setattr(self, name+'_feats', rows)
            setattr(self, name+'_labels', ys)
            setattr(self, name+'_adj_lists', nbrs)


    def _split(self, n, test_split = 3, val_split = 6):
        perm = np.random.permutation(n)

        n_te = n // test_split
        n_va = n // val_split
        n_tr = n - (n_te + n_va)

        te = perm[:n_te]
        va = perm[n_te:(n_te+n_va)]
        tr = perm[(n_te+n_va):]
        
        return te, va, tr
