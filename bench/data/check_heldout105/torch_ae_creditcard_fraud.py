import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt

# read the transactions table and turn it into a float32 tensor
table = pd.read_csv('creditcard.csv')
rows = table.to_numpy().astype(np.float32)  # float32 for torch
rows_t = torch.from_numpy(rows)
tx_set = TensorDataset(rows_t)
bs = 32
tx_loader = DataLoader(tx_set, batch_size=bs, shuffle=True)

class TxAutoencoder(nn.Module):
    def __init__(self):
        super(TxAutoencoder, self).__init__()
        # compress 31 -> 23 -> 19 -> 17 -> 8, dropout after the first two blocks
        self.enc = nn.Sequential(
            nn.Linear(31, 23),
            nn.ReLU(),
            nn.Dropout(0.1),
            nn.Linear(23, 19),
            nn.ReLU(),
            nn.Dropout(0.2),
            nn.Linear(19, 17),
            nn.ReLU(),
            nn.Linear(17, 8),
            nn.ReLU()
        )
        # expand 8 -> 17 -> 19 -> 23 -> 31, mirrored dropout
        self.dec = nn.Sequential(
            nn.Linear(8, 17),
            nn.ReLU(),
            nn.Dropout(0.2),
            nn.Linear(17, 19),
            nn.ReLU(),
            nn.Dropout(0.1),
            nn.Linear(19, 23),
            nn.ReLU(),
            nn.Linear(23, 31),
            nn.Sigmoid()  # squashed output
        )
        
    def forward(self, inp):
        code = self.enc(inp)
        recon = self.dec(code)
        return recon

# model, objective, optimiser
ae = TxAutoencoder()
mse = nn.MSELoss()
adam = optim.Adam(ae.parameters(), lr=0.01)

# fitting
n_epochs = 1000
curve = []

for ep in range(n_epochs):
    ae.train()  # dropout active
    acc = 0.0
    for chunk in tx_loader:
        xb = chunk[0]
        adam.zero_grad()
        rec = ae(xb)
        err = mse(rec, xb)
        err.backward()
        adam.step()
        acc += err.item() * xb.size(0)
    
    ep_err = acc / len(tx_loader.dataset)
    curve.append(ep_err)
    
    if ep % 50 == 0:
        print(f"epoch {ep} reconstruction {ep_err}")

# draw the loss curve
plt.figure()
plt.plot(curve)
plt.xlabel("epoch")
plt.ylabel("mse")
plt.title("reconstruction loss")
plt.show()
