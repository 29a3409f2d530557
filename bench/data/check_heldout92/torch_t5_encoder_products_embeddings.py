import sys
sys.path.append("../")
# (package import done via the path above)
from torch import nn
from tqdm import tqdm
from torch.optim.lr_scheduler import LinearLR
from torch_geometric.loader import NeighborLoader

from ogb.nodeproppred import PygNodePropPredDataset, Evaluator
import torch_geometric.transforms as T
import torch
import torch.nn.functional as F
import vec2text.models.inversion as inversion
from torch.utils.data import Dataset, DataLoader

from torch_geometric.nn import GCNConv
from torch_geometric.data import Data
from simteg.src.dataset import load_dataset

from torch_geometric.utils import to_undirected
import random
import numpy as np
import gzip
import pandas as pd
from torch.utils.data import TensorDataset, DataLoader
import torch.nn.functional as F
from analyze_utils import load_experiment_and_trainer
from transformers import AdamW
from transformers import T5ForConditionalGeneration, T5Tokenizer
from torch import Tensor
import os
import argparse

def main():
    cli = argparse.ArgumentParser(description='node text embeddings from the trained encoder')
    cli.add_argument('--device', type=str, default='cuda')
    cli.add_argument('--model_path', type=str, default='saves/autoencoder/checkpoint-200000')
    cli.add_argument('--save_path', type=str, default='../../../../emb/nodegae_feature_emb_products.pt')

    opts = cli.parse_args()

    os.makedirs('../../../../emb', exist_ok=True)

    dev = opts.device
    ckpt_dir = opts.model_path
    max_tokens = 256

    graph_ds=PygNodePropPredDataset(name='ogbn-products', transform=T.Compose([T.ToUndirected(), T.ToSparseTensor()]), root='../../../../datasets')
    g = graph_ds[0]
    g = g.to(dev)

    splits = graph_ds.get_idx_split() 
    tr_idx = splits['train'].to(dev)
    te_idx = splits['test'].to(dev)

    print('reading graph with tokenized text...')
    graph_ds = load_dataset(name='ogbn-products', tokenizer='sentence-transformers/sentence-t5-base')
    g = graph_ds._data

    print('reading product texts...')
    tok_ids = g.input_ids
    tok_mask = g.attention_mask
    products = pd.read_csv('/home/hjingaa/dataset/ogbn_products_text/raw/Amazon-3M.raw/products.csv', sep=" ")
    products.replace(np.nan, "", inplace=True)
    products["titlecontent"] = products["title"] + ". " + products["content"]
    products = products.drop(columns=["title", "content"])
    products.rename(columns={"uid": "asin"}, inplace=True)
    node2asin = pd.read_csv("/home/hjingaa/dataset/ogbn_products_text/mapping/nodeidx2asin.csv.gz")
    products = node2asin.merge(products, how="left", on="asin")
    texts = products["titlecontent"].values.tolist()
    products = pd.DataFrame(texts)
    products.reset_index(inplace=True)
    products = products.rename(columns={0:'text'})
    node_text = products


    def masked_mean(hidden: Tensor,
                    mask: Tensor) -> Tensor:
        zeroed = hidden.masked_fill(~mask[..., None].bool(), 0.0)
        return zeroed.sum(dim=1) / mask.sum(dim=1)[..., None]

    class TextEncoder(nn.Module):
        def __init__(self,):
            _exp, tr = load_experiment_and_trainer(ckpt_dir)
            super(TextEncoder, self).__init__()
            self.enc = tr.model.embedder_encoder
            self.tok = tr.model.tokenizer_t5
            
        def forward(self, node_ids):
            batch_texts = []
            for nid in node_ids:
                k = nid.item()
                
                batch_texts.append(node_text.iloc[k]['text'])
            enc_in = self.tok(batch_texts, padding=True, truncation=True, return_tensors="pt" ,max_length=max_tokens).to(dev)
            hid = self.enc(input_ids=enc_in['input_ids'], attention_mask=enc_in['attention_mask']).last_hidden_state
            pooled = masked_mean(hid, enc_in['attention_mask'])
            
            return pooled

    per_node = []
    net = TextEncoder()
    net = net.to(dev)
    print('embedding every node...')
    with torch.no_grad():
        for nid in tqdm(range(len(g.x))):
            vec = net([torch.tensor(nid)]) # one row per node
            per_node.append(vec.reshape(-1,))
    all_vecs = torch.stack(per_node, dim=0) 
    torch.save(all_vecs, opts.save_path)


if __name__ == "__main__":
    main()
