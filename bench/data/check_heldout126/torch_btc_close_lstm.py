import torch
import torch.nn as nn
import torch.nn.functional as F
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.preprocessing import MinMaxScaler
import numpy as np
import yfinance as yf
import pandas as pd

dev = "cuda:0" if torch.cuda.is_available() else "cpu"
print(dev)

btc = yf.download("BTC-USD",start="2010-05-18",end="2025-05-18")['Close']

btc = btc.reset_index()

closes = btc.iloc[:,1:2].values

n_fit = int(len(closes)* .60)

fit_part = closes[:n_fit]
eval_part = closes[n_fit:]
print(len(fit_part))
print(len(eval_part))

mm = MinMaxScaler()

fit_part = mm.fit_transform(fit_part)
eval_part = mm.transform(eval_part)


def windowize(arr,span):
    xs,ys = [],[]
    for k in range(len(arr) - span):
        x_ = arr[k:(span + k)]
        y_ = arr[(span + k)]
        xs.append(x_)
        ys.append(y_)
    return np.array(xs),np.array(ys)

span = 1
x_fit,y_fit = windowize(fit_part,span)
x_eval,y_eval = windowize(eval_part,span)

x_fit = torch.from_numpy(x_fit).float()
y_fit = torch.from_numpy(y_fit).float()

x_eval = torch.from_numpy(x_eval).float()
y_eval = torch.from_numpy(y_eval).float()




class CloseLSTM(nn.Module):
    def __init__(self,n_in,n_hidden,n_layers,n_out):
        super(CloseLSTM,self).__init__()
        self.n_in = n_in
        self.n_hidden = n_hidden
        self.n_layers = n_layers
        self.n_out = n_out
        self.rnn = nn.LSTM(n_in,n_hidden,n_layers,batch_first=True)
        
        self.head = nn.Linear(n_hidden,n_out)
        
    def forward(self,X):
        h_init = torch.zeros(self.n_layers,X.size(0),self.n_hidden)
        c_init = torch.zeros(self.n_layers,X.size(0),self.n_hidden)
        seq,_ = self.rnn(X,(h_init,c_init))
        seq = self.head(seq[:,-1,:])
        return seq



net = CloseLSTM(n_in=1,n_hidden=512,n_layers=1,n_out=1)
opt = torch.optim.Adam(net.parameters(),lr=0.001)
crit = nn.MSELoss(reduction="sum")
n_epochs = 1000

for ep in range(n_epochs):
    out = net(x_fit)
    loss = crit(out.float(),y_fit)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if ep % 1 == 0:
        print(f'epoch {ep+1} fit loss: {loss.item()}')


net.eval()
with torch.no_grad():
    for ep in range(n_epochs):
        out_eval = net(x_eval)
        eval_loss = crit(out_eval.float(),y_eval) 
        print(f'fit loss: {loss.item()}; eval loss: {eval_loss.item()}')



with torch.no_grad():
    guess = net(x_eval)
    guess_np = guess.cpu().numpy()
    y_eval_np = y_eval.cpu().numpy()
    guess_usd = mm.inverse_transform(guess_np)
    real_usd = mm.inverse_transform(y_eval_np)





eval_dates = btc.iloc[n_fit + span:]['Date'].reset_index(drop=True)


table = pd.DataFrame({
    "Date": eval_dates,
    "Actual": real_usd.flatten(),
    "Predicted": guess_usd.flatten()
})

print(table.head(29))
print(table.tail(20))

plt.figure(figsize=(10,6))
plt.plot(table['Date'],table['Actual'],label="actual BTC close")
plt.plot(table['Date'],table['Predicted'],label="predicted BTC close")
plt.title("BTC close: predicted against actual")
plt.legend()
plt.show()

