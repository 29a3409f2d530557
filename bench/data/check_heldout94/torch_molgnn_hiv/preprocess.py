from collections import defaultdict

import numpy as np

from rdkit import Chem

import torch


def atom_ids(mol, sym_index):
    """Map every atom of the molecule to an integer id; aromatic
    atoms get their own ids, distinct from the plain element.
    A single lookup table is shared by all molecules.
    """
    syms = [a.GetSymbol() for a in mol.GetAtoms()]
    for a in mol.GetAromaticAtoms():
        k = a.GetIdx()
        syms[k] = (syms[k], 'aromatic')
    syms = [sym_index[s] for s in syms]
    return np.array(syms)


def neighbour_table(mol, bondtype_index):
    """Per atom, the list of (neighbour atom, bond-type id)
    pairs, built from the molecule's bonds in both
    directions.
    """
    nbrs = defaultdict(lambda: [])
    for b in mol.GetBonds():
        u, v = b.GetBeginAtomIdx(), b.GetEndAtomIdx()
        kind = bondtype_index[str(b.GetBondType())]
        nbrs[u].append((v, kind))
        nbrs[v].append((u, kind))
    return nbrs


def wl_fingerprints(depth, node_ids, nbrs,
                    fp_index, edge_index):
    """Weisfeiler-Lehman style relabelling of the graph's
    nodes, depth rounds.
    """

    if (len(node_ids) == 1) or (depth == 0):
        labels = [fp_index[a] for a in node_ids]

    else:
        labels = node_ids
        cur_edges = nbrs

        for _ in range(depth):

            """New node label = own label plus the sorted
            labels of its neighbours and edges.
            """
            new_labels = []
            for u, v_e in cur_edges.items():
                around = [(labels[v], e) for v, e in v_e]
                key = (labels[u], tuple(sorted(around)))
                new_labels.append(fp_index[key])

            """Edges relabelled from the labels of their
            two ends.
            """
            new_edges = defaultdict(lambda: [])
            for u, v_e in cur_edges.items():
                for v, e in v_e:
                    ends = tuple(sorted((labels[u], labels[v])))
                    e = edge_index[(ends, e)]
                    new_edges[u].append((v, e))

            labels = new_labels
            cur_edges = new_edges

    return np.array(labels)


def shuffle_split(items, frac):
    """Shuffle in place with a fixed seed, then cut in two."""
    np.random.seed(1234)  # same shuffle every run.
    np.random.shuffle(items)
    cut = int(frac * len(items))
    return items[:cut], items[cut:]


def create_datasets(task, dataset, radius, device):

    root = '../dataset/' + task + '/' + dataset + '/'

    """Lookup tables that hand out a fresh integer for every
    new key (atoms, bonds, fingerprints, edges).
    """
    sym_index = defaultdict(lambda: len(sym_index))
    bondtype_index = defaultdict(lambda: len(bondtype_index))
    fp_index = defaultdict(lambda: len(fp_index))
    edge_index = defaultdict(lambda: len(edge_index))

    def build(fname):

        print(fname)

        """Read the text file."""
        with open(root + fname, 'r') as fh:
            header = fh.readline().strip().split()
            rows = fh.read().strip().split('\n')

        """Skip salts / mixtures (a '.' in the SMILES)."""
        rows = [r for r in rows
                if '.' not in r.split()[0]]

        samples = []

        for r in rows:

            smi, target = r.strip().split()

            """Featurise the molecule."""
            mol = Chem.AddHs(Chem.MolFromSmiles(smi))
            ids = atom_ids(mol, sym_index)
            n_atoms = len(ids)
            nbrs = neighbour_table(mol, bondtype_index)
            fps = wl_fingerprints(radius, ids, nbrs,
                                  fp_index, edge_index)
            adj = Chem.GetAdjacencyMatrix(mol)

            """Turn the numpy pieces into torch tensors placed
            on the chosen device right away.
            """
            fps = torch.LongTensor(fps).to(device)
            adj = torch.FloatTensor(adj).to(device)
            if task == 'classification':
                target = torch.LongTensor([int(target)]).to(device)
            if task == 'regression':
                target = torch.FloatTensor([[float(target)]]).to(device)

            samples.append((fps, adj, n_atoms, target))

        return samples

    train_set = build('data_train.txt')
    train_set, dev_set = shuffle_split(train_set, 0.9)
    test_set = build('data_test.txt')

    n_fp = len(fp_index)

    return train_set, dev_set, test_set, n_fp
