import os
import re
import json
import csv
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
import random
import matplotlib.pyplot as plt
from tqdm import tqdm
from rdkit import Chem
import numpy as np

# --- where to run ---
dev = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
print("running on:", dev)

# --- splitting SMILES into tokens ---
def swap_halogens(smi):
    return smi.replace("Cl", "L").replace("Br", "R")

def smiles_tokens(smi):
    pattern = '(\[[^\[\]]{1,6}\])'
    smi = swap_halogens(smi)
    pieces = re.split(pattern, smi)
    toks = []
    for piece in pieces:
        if piece.startswith('['):
            toks.append(piece)
        else:
            toks.extend(list(piece))
    toks.append('EOS')
    return toks

# --- token table ---
class TokenTable:
    def __init__(self, all_smiles):
        seen = set()
        for smi in all_smiles:
            seen.update(smiles_tokens(smi))
        self.special = ['EOS', 'GO']
        self.tokens = sorted(seen.difference(set(self.special))) + self.special
        self.stoi = {t: i for i, t in enumerate(self.tokens)}
        self.itos = {i: t for t, i in self.stoi.items()}
        print(self.tokens)
        print(self.stoi)
        print(self.itos)

    def encode(self, toks):
        return [self.stoi[t] for t in toks if t in self.stoi]

    def decode(self, ids):
        toks = [self.itos[i] for i in ids]
        if 'EOS' in toks:
            toks = toks[:toks.index('EOS')]
        return ''.join(toks).replace('L', 'Cl').replace('R', 'Br')

    def __len__(self):
        return len(self.tokens)

    def save(self, path):
        with open(path, 'w') as fh:
            json.dump({'stoi': self.stoi, 'itos': self.itos}, fh)
        print(f"token table written to: {path}")

# --- dataset of strings, tokenised lazily ---
class SmilesStrings(Dataset):
    def __init__(self, all_smiles, table):
        self.table = table
        self.all_smiles = all_smiles

    def __getitem__(self, i):
        toks = smiles_tokens(self.all_smiles[i])
        ids = self.table.encode(toks)
        inp = torch.tensor([self.table.stoi['GO']] + ids[:-1], dtype=torch.long)
        tgt = torch.tensor(ids, dtype=torch.long)
        return inp, tgt

    def __len__(self):
        return len(self.all_smiles)

def pad_batch(batch):
    inps, tgts = zip(*batch)
    longest = max(len(t) for t in tgts)
    inp_pad = torch.zeros(len(inps), longest, dtype=torch.long)
    tgt_pad = torch.zeros(len(inps), longest, dtype=torch.long)
    for k, (a, b) in enumerate(zip(inps, tgts)):
        inp_pad[k, :len(a)] = a
        tgt_pad[k, :len(b)] = b
    return inp_pad.to(dev), tgt_pad.to(dev)

# --- generator network ---
class SmilesLSTM(nn.Module):
    def __init__(self, n_tok, emb_dim=256, hidden_dim=512, num_layers=3):
        super().__init__()
        self.emb = nn.Embedding(n_tok, emb_dim)
        nn.init.xavier_uniform_(self.emb.weight)
        self.lstm = nn.LSTM(emb_dim, hidden_dim, num_layers=num_layers, batch_first=True)
        self.fc = nn.Linear(hidden_dim, n_tok)

    def forward(self, x, state=None):
        x = self.emb(x)
        h, state = self.lstm(x, state)
        logits = self.fc(h)
        return logits, state

    def sample(self, table, max_len=100):
        self.eval()
        cur = torch.tensor([[table.stoi['GO']]], device=dev)
        out_ids = []
        state = None
        with torch.no_grad():
            for _ in range(max_len):
                logits, state = self.forward(cur, state)
                probs = torch.softmax(logits[:, -1], dim=-1)
                if torch.isnan(probs).any():
                    break
                nxt = torch.multinomial(probs, num_samples=1)
                tid = nxt.item()
                if tid >= len(table.itos):
                    tid = table.stoi['EOS']
                tok = table.itos[tid]
                if tok == 'EOS':
                    break
                out_ids.append(tid)
                cur = nxt
        return table.decode(out_ids)

# --- chemistry sanity check ---
def parses(smi):
    return Chem.MolFromSmiles(smi) is not None

# --- one epoch with periodic sampling ---
def fit_one_epoch(smi_file, batch_size=64, out_dir="checkpoints"):
    os.makedirs(out_dir, exist_ok=True)

    with open(smi_file, 'r') as fh:
        all_smiles = [ln.strip() for ln in fh if ln.strip()]
    random.shuffle(all_smiles)

    table = TokenTable(all_smiles)
    ds = SmilesStrings(all_smiles, table)
    loader = DataLoader(ds, batch_size=batch_size, shuffle=True, collate_fn=pad_batch)

    net = SmilesLSTM(len(table)).to(dev)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    ce = nn.CrossEntropyLoss()

    loss_log, ppl_log, valid_log = [], [], []
    n_batches = len(loader)
    check_at = np.linspace(0, n_batches - 1, 100, dtype=int)

    net.train()
    for k, (x, y) in enumerate(tqdm(loader, desc="one epoch")):
        logits, _ = net(x)
        loss = ce(logits.view(-1, logits.size(-1)), y.view(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()

        if k in check_at:
            with torch.no_grad():
                ppl = torch.exp(loss).item()
                drawn = [net.sample(table) for _ in range(50)]
                frac_ok = np.mean([parses(s) for s in drawn])
            loss_log.append(loss.item())
            ppl_log.append(ppl)
            valid_log.append(frac_ok)

    # --- persist network and token table ---
    net_file = os.path.join(out_dir, "lstm_gen.pt")
    table_file = os.path.join(out_dir, "vocab.json")
    torch.save(net.state_dict(), net_file)
    table.save(table_file)
    print(f"network written to: {net_file}")

    # --- metrics table ---
    csv_file = os.path.join(out_dir, "training_metrics.csv")
    with open(csv_file, 'w', newline='') as fh:
        w = csv.writer(fh)
        w.writerow(["step", "loss", "perplexity", "validity"])
        for s, (l, p, v) in enumerate(zip(loss_log, ppl_log, valid_log)):
            w.writerow([s, l, p, v])
    print(f"metrics written to: {csv_file}")

    # --- curves ---
    fig, axs = plt.subplots(3, 1, figsize=(10, 12))
    axs[0].plot(loss_log)
    axs[0].set_title("loss")
    axs[1].plot(ppl_log)
    axs[1].set_title("perplexity")
    axs[2].plot(valid_log)
    axs[2].set_title("fraction of valid sampled SMILES")
    for ax in axs:
        ax.set_xlabel("checkpoint (1% of an epoch)")
    plt.tight_layout()
    fig_file = os.path.join(out_dir, "training_monitoring.png")
    plt.savefig(fig_file)
    plt.show()
    print(f"figure written to: {fig_file}")

if __name__ == "__main__":
    fit_one_epoch("data/chembl28.smi", batch_size=64)
