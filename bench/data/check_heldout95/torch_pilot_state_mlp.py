import numpy as np
import pandas as pd
import os
import seaborn as sns
from sklearn import preprocessing
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
import matplotlib.pyplot as plt
import time
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
import torch.nn.functional as F
print(os.listdir("../input"))
print(torch.__version__)
flights = pd.read_csv("../input/train.csv")
flights.head()
flights.shape
flights.info()
flights_test = pd.read_csv("../input/test.csv", nrows=10000)
flights_test.head()
flights_test.shape
sns.countplot(x='event', data=flights)
print(flights['experiment'].unique())
print(flights_test['experiment'].unique())
code_map = {'CA': 0, 'DA': 1, 'SS': 2, 'LOFT': 3}
flights["experiment"] = flights["experiment"].apply(lambda v: code_map[v])
flights_test["experiment"] = flights_test["experiment"].apply(lambda v: code_map[v])
code_map = {'A': 0, 'B': 1, 'C': 2, 'D': 3}
flights["event"] = flights["event"].apply(lambda v: code_map[v])
feats = flights.drop(columns=['event'], axis = 1)
target = flights['event']
feats.shape
std = StandardScaler()
feats_std = std.fit_transform(feats)
f_tr, f_va, t_tr, t_va = train_test_split(feats_std, target, test_size=0.2, random_state=42)
def onehot(t, k):
    """indicator rows for integer classes"""
    return np.eye(k, dtype='uint8')[t]
t_tr = onehot(t_tr, 4)
t_va = onehot(t_va, 4)
t_tr.shape
x_tr_t = torch.from_numpy(f_tr).float()
y_tr_t = torch.from_numpy(t_tr).type(torch.LongTensor) # integer targets
x_va_t = torch.from_numpy(f_va).float()
y_va_t = torch.from_numpy(t_va).type(torch.LongTensor) # integer targets
f_te = flights_test.drop(['id'], axis = 1)
f_te.shape
f_te_std = std.transform(f_te)
x_te_t = torch.from_numpy(f_te_std).float()
bs = 512
n_epochs = 100
tr_set = torch.utils.data.TensorDataset(x_tr_t,y_tr_t)
va_set = torch.utils.data.TensorDataset(x_va_t,y_va_t)
tr_loader = DataLoader(tr_set, batch_size = bs, shuffle = True)
va_loader = DataLoader(va_set, batch_size = bs, shuffle = True)
class StateMLP(nn.Module):
    def __init__(self, n_in, widths, drops):
        super().__init__()
        self.fc_a = nn.Linear(in_features=n_in, out_features=widths[0])
        self.drop_a = nn.Dropout(drops[0])
        self.fc_b = nn.Linear(in_features=widths[0], out_features=widths[1])
        self.drop_b = nn.Dropout(drops[1])
        self.fc_out = nn.Linear(in_features=widths[1], out_features=4)
    def forward(self, x):
        h = F.relu(self.fc_a(x))
        h = self.drop_a(h)
        h = F.relu(self.fc_b(h))
        h = self.drop_b(h)
        h = self.fc_out(h)
        return F.log_softmax(h, dim=1)
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
n_in = 27
widths = [100, 50]
drops = [0.3, 0.2]
net = StateMLP(n_in, widths, drops)
net = net.to(dev)
nll = nn.NLLLoss()
lr = 0.01
opt = torch.optim.Adam(net.parameters(), lr=lr)
n_epochs = 5
for ep in range(n_epochs):
    t0 = time.time()
    tr_loss = 0.0
    va_loss = 0.0
    net.train()
    for j, (xb, yb) in enumerate(tr_loader):
        xb, yb = xb.to(dev), yb.to(dev)
        opt.zero_grad()
        logp = net(xb)
        loss = nll(logp, torch.max(yb, 1)[1])
        loss.backward()
        opt.step()
        tr_loss += loss.item()*xb.size(0)
    net.eval()
    for j, (xb, yb) in enumerate(va_loader):
        xb, yb = xb.to(dev), yb.to(dev)
        opt.zero_grad()
        logp = net(xb)
        loss = nll(logp, torch.max(yb, 1)[1])
        va_loss += loss.item()*xb.size(0)
    tr_loss = tr_loss/len(tr_loader.dataset)
    va_loss = va_loss/len(va_loader.dataset)
    took = time.time() - t0
    print('pass: {} \tfit loss: {:.6f} \thold-out loss: {:.6f} \tseconds: {:.2f}'.format(
        ep+1, tr_loss, va_loss, took))
te_set = torch.utils.data.TensorDataset(x_te_t)
te_loader = DataLoader(te_set, batch_size = bs, shuffle = False)
te_scores = np.zeros((len(te_set), 4))
for j, (xb,) in enumerate(te_loader):
    xb = xb.to(dev)
    logp = net(xb).detach()
    te_scores[j * bs:(j+1) * bs, :] = logp.cpu().numpy()
te_scores.shape
te_scores[100:110, :]
sub = pd.DataFrame({'id':flights_test['id'],'A':te_scores[:, 0], 'B':te_scores[:, 1],
                          'C':te_scores[:, 2], 'D':te_scores[:, 3]})
sub.head()
