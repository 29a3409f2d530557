import pandas as pd
from sklearn.model_selection import train_test_split
import torch
from torch import nn
import numpy as np
import torch.nn.utils.rnn as rnn
from torch.nn.utils.rnn import pad_sequence
from torch.nn.utils.rnn import pack_padded_sequence
from torch.nn.utils.rnn import pad_packed_sequence
import numpy as np
import transformers
from torch.utils.data import Dataset, DataLoader
from transformers import BertTokenizer, BertModel
from torch import optim
from torch import cuda


device = 'cuda' if torch.cuda.is_available() else 'cpu'
print('Device in use: {}'.format(device))

tab = pd.read_table("data/train.txt")
tab_v = pd.read_table("data/valid.txt")
cat_id = {"b":0, "e":1, "m":2, "t":3}

tok = BertTokenizer.from_pretrained("bert-base-uncased")
def encode(frame):
    heads = []
    for head in frame["TITLE"]:
        heads.append(head)
    enc = tok(heads, padding=True, truncation=True, max_length=30, return_tensors="pt")

    cats = []
    for c in frame["CATEGORY"]:
        cats.append(cat_id[c])
    enc["acu_label"] = torch.tensor(cats)
    return enc
    

from torch import nn
from transformers import AutoModel

class HeadlineBert(nn.Module):
    def __init__(self, nhid):
        super().__init__()
        self.bert = BertModel.from_pretrained('bert-base-uncased')
        self.drop = nn.Dropout(p=0.03)
        self.head = nn.Linear(nhid, 4)

    def forward(self, ids, mask):
        out = self.bert(ids, attention_mask=mask)
        logits = self.head(self.drop(out.pooler_output))
        probs = torch.softmax(logits, dim=1)
        return probs


fit_ids = encode(tab)["input_ids"]
fit_mask = encode(tab)["attention_mask"]
fit_lab = encode(tab)["acu_label"]

chk_ids = encode(tab_v)["input_ids"]
chk_mask = encode(tab_v)["attention_mask"]
chk_lab = encode(tab_v)["acu_label"]

net = HeadlineBert(nhid=768).to(device)

from torch.utils.data import DataLoader, TensorDataset

fit_ds = TensorDataset(fit_ids, fit_mask, fit_lab)
fit_dl = DataLoader(fit_ds, batch_size=24, shuffle=True)

chk_ds = TensorDataset(chk_ids, chk_mask, chk_lab)
chk_dl = DataLoader(chk_ds, batch_size=24)

loss_fn = nn.CrossEntropyLoss()
opt = torch.optim.Adam(net.parameters(), lr=0.000016)

n_epochs = 30
for e in range(n_epochs):
    net.train()
    hits = 0
    seen = 0
    for ids, msk, lab in fit_dl:
        ids = ids.to(device)
        msk = msk.to(device)
        lab = lab.to(device)
        probs = net(ids, msk)
        opt.zero_grad()
        loss = loss_fn(probs, lab)
        loss.backward()
        opt.step()
        loss = loss.item()
        hits += (probs.argmax(1) == lab).sum().item()
    print(f"fit accuracy: {hits/len(fit_lab):>7f}")      
    print(f"fit loss: {loss:>7f}")

    hits = 0
    seen = 0
    net.eval()
    for ids, msk, lab in chk_dl:
        ids = ids.to(device)
        msk = msk.to(device)
        lab = lab.to(device)
        probs = net(ids, msk)
        loss = loss_fn(probs, lab)
        loss = loss.item()
        hits += (probs.argmax(1) == lab).sum().item()
    print(f"check accuracy: {hits/len(chk_lab):>7f}")      
    print(f"check loss: {loss:>7f}")

"""
a run printed
fit accuracy: 0.848388
fit loss: 0.807976
check accuracy: 0.919040
check loss: 0.746513
fit accuracy: 0.926818
fit loss: 0.747217
check accuracy: 0.932534
check loss: 0.824342
fit accuracy: 0.943966

fit accuracy: 0.974981
fit loss: 0.743677
check accuracy: 0.938531
check loss: 0.743675
fit accuracy: 0.975825
fit loss: 0.743677
check accuracy: 0.943028
check loss: 0.743674
"""
