
import pandas as pd
import numpy as np
from time import time
from sklearn.model_selection import train_test_split
from sklearn.metrics import precision_recall_fscore_support as prfs
from sklearn.metrics import roc_curve, auc
import matplotlib.pyplot as plt
import torch
from torch.utils.data import Dataset, DataLoader
import torch.nn as nn
torch.manual_seed(1)

N_EPOCHS = 100              # passes over the flow records
BATCH = 64
SEQ_STEPS = None    # recurrent steps (unused)
N_FEATURES = 78         # flow features per record
STEP_SIZE = 0.01               # optimiser step size

class FlowRecords(Dataset):
  def __init__(self, feats, targets):
    self.feats = feats
    self.targets = targets
  def __len__(self):
    return(len(self.targets))
  def __getitem__(self, i):
    return self.feats[i],self.targets[i]

#csv_path="~/data/cicids/CICIDS2017.csv"
csv_path=r"./dataset/merged_cicids2017.csv"
flows=pd.read_csv(csv_path,header=0,low_memory=False)
from sklearn import preprocessing
mm = preprocessing.MinMaxScaler()
flows.iloc[:,0:-1]=mm.fit_transform(flows.iloc[:,0:-1])
feat_tr, feat_te, lab_tr,lab_te = train_test_split(flows.iloc[:,0:-1].as_matrix(), flows[' Label'].as_matrix(), test_size=0.3, random_state=42)
tr_set = FlowRecords(feat_tr, lab_tr)
te_set = FlowRecords(feat_te, lab_te)
tr_loader = DataLoader(tr_set, batch_size=BATCH, shuffle=True)
te_loader = DataLoader(te_set, batch_size=BATCH, shuffle=False)

class FlowLSTM(nn.Module):
  def __init__(self):
    super(FlowLSTM, self).__init__()
    self.rnn = nn.LSTM(         # plain nn.RNN trains poorly here
      input_size=N_FEATURES,
      hidden_size=32,         # hidden width
      num_layers=2,           # stacked layers
      batch_first=True,       # tensors laid out as (batch, steps, features)
      )
    self.out = nn.Linear(32, 8)
  def forward(self, seq):
    # seq: (batch, steps, features)
    # hs: (batch, steps, hidden)
    # h_last: (layers, batch, hidden)
    # c_last: (layers, batch, hidden)
    hs, (h_last, c_last) = self.rnn(seq, None)   # None: zero initial state
    # classify from the final step
    logits = self.out(hs[:, -1, :])
    return logits

net = FlowLSTM()
print(net)
opt = torch.optim.Adam(net.parameters(), lr=STEP_SIZE)   # adam over every weight
criterion = nn.CrossEntropyLoss()                       # integer class targets


for ep in range(N_EPOCHS):
  for it, (xb, yb) in enumerate(tr_loader):   # one mini-batch
    xb = xb.view(-1, 1, N_FEATURES).float()       # to (batch, 1 step, features)
    logits = net(xb)                               # forward
    loss = criterion(logits, yb)                   # cross entropy
    opt.zero_grad()                           # reset grads
    loss.backward()                                 # backprop
    opt.step()                                # update
  preds=[]
  for it,(xv, yv) in enumerate(te_loader):
    xv = xv.view(-1, 1, N_FEATURES).float() 
    logits_v = net(xv)
    top = torch.max(logits_v, 1)[1]
    preds=preds+top.numpy().tolist()
  prec, rec, f1s, counts = prfs(lab_te, preds)
  prec=prec*100
  rec=rec*100
  print('Epoch: ', ep, '| train loss: %.4f' % loss.data.numpy())
  for c in range(8):
    print('Class: ', c,'| precision: %.2f' % prec[c],'%','| recall: %.2f' % rec[c],'%','| F1: %.2f' % f1s[c],'| count:', counts[c])
