import torch
import torch_geometric.transforms as T
import torch.nn.functional as F
from torch_geometric.data import DataLoader, ClusterLoader, ClusterData
from ogb.nodeproppred import PygNodePropPredDataset
import os


def partition_products():
    ds_name = "ogbn-products"
    ds = PygNodePropPredDataset(name=ds_name)

    print('{} holds {} graph'.format(ds_name, len(ds)))

    g = ds[0]
    print(g)
    splits = ds.get_idx_split()
    tr_idx = splits['train']
    va_idx = splits['valid']
    te_idx = splits['test']

    tr_mask = torch.zeros(g.num_nodes, dtype=torch.bool)
    tr_mask[tr_idx] = True
    g['train_mask'] = tr_mask

    va_mask = torch.zeros(g.num_nodes, dtype=torch.bool)
    va_mask[va_idx] = True
    g['valid_mask'] = va_mask

    te_mask = torch.zeros(g.num_nodes, dtype=torch.bool)
    te_mask[te_idx] = True
    g['test_mask'] = te_mask

    parts = ClusterData(g, num_parts=15000, save_dir="dataset")
    return parts, ds, g, splits


def part_loader(parts, batch_size):
    loader = ClusterLoader(parts, batch_size=batch_size, shuffle=True, num_workers=1)
    return loader


def load_one_part():
    g = torch.load("dataset/data_0.pt")
    print(g)
    return g


def dump_first(loader, name):
    for part in loader:
        torch.save(part, os.path.join("dataset", name))
        break


def sparse_products(ds_name):
    ds_eval = PygNodePropPredDataset(name=ds_name, transform=T.ToSparseTensor())
    g_eval = ds_eval[0]
    splits_eval = ds_eval.get_idx_split()
    return ds_eval, g_eval, splits_eval


if __name__ == "__main__":
    g = partition_products()
    # dump_first(g)
