import numpy as np
import sys
import pickle as pkl
import networkx as nx
import scipy.sparse as sp


def read_ids(path):
    ids = []
    for row in open(path):
        ids.append(int(row.strip()))
    return ids


def read_graph(name):
    # pickled parts: x, tx, allx, graph
    parts = ['x', 'tx', 'allx', 'graph']
    loaded = []
    for k in range(len(parts)):
        with open("data/ind.{}.{}".format(name, parts[k]), 'rb') as fh:
            if sys.version_info > (3, 0):
                loaded.append(pkl.load(fh, encoding='latin1'))
            else:
                loaded.append(pkl.load(fh))
    x, tx, allx, graph = tuple(loaded)
    test_ids = read_ids("data/ind.{}.test.index".format(name))
    test_ids_sorted = np.sort(test_ids)

    if name == 'citeseer':
        # citeseer has isolated test nodes; pad them
        # with zero rows at their positions
        span = range(min(test_ids), max(test_ids)+1)
        tx_pad = sp.lil_matrix((len(span), x.shape[1]))
        tx_pad[test_ids_sorted-min(test_ids_sorted), :] = tx
        tx = tx_pad

    feats = sp.vstack((allx, tx)).tolil()

    """allx rows come first, then tx rows; put the test rows
    back at the node ids they belong to"""

    feats[test_ids, :] = feats[test_ids_sorted, :]
    adj = nx.adjacency_matrix(nx.from_dict_of_lists(graph))

    return adj, feats

if __name__ == "__main__":
    v = np.array([1,2,3,4,5,6])
    v[[0,1,2]] = v[[2,1,0]]
    print(v)
