# source: https://github.com/arpit-mittal-15/ai/blob/4d085e292d9a5d41880dbaec9484bdd8e91995ae/01_digit_recognizer/4_layer_pytorch.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# held-out accuracy above 96%

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
import pandas as pd
import numpy as np
from torchvision import transforms

# read the csv
table = pd.read_csv("/data/digits/train.csv")

print(len(table))

# first 10,000 rows are held out, the rest is for fitting
fit_rows = table.iloc[10000:]
hold_rows = table.iloc[:10000]

# pixel grids and targets
fit_x = fit_rows.drop("label", axis=1).values.reshape(-1, 28, 28).astype("float32")
fit_y = fit_rows["label"].values

hold_x = hold_rows.drop("label", axis=1).values.reshape(-1, 28, 28).astype("float32")
hold_y = hold_rows["label"].values

# per-sample conversion
to_tensor = transforms.Compose([transforms.ToTensor()])

# dataset over the arrays
class DigitGrids(Dataset):
    def __init__(self, grids, targets, transform=None):
        self.grids = grids
        self.targets = targets
        self.transform = transform

    def __len__(self):
        return len(self.grids)

    def __getitem__(self, i):
        grid = self.grids[i]
        if self.transform:
            grid = self.transform(grid)
        target = self.targets[i]
        return grid, target

# datasets and loaders
fit_set = DigitGrids(fit_x, fit_y, transform=to_tensor)
hold_set = DigitGrids(hold_x, hold_y, transform=to_tensor)

fit_loader = DataLoader(fit_set, batch_size=64, shuffle=True)
hold_loader = DataLoader(hold_set, batch_size=64, shuffle=False)

# four dense layers
class DigitMLP(nn.Module):
    def __init__(self):
        super(DigitMLP, self).__init__()
        self.layers = nn.Sequential(
            nn.Flatten(),
            nn.Linear(28 * 28, 128),
            nn.ReLU(),
            nn.Linear(128, 64),
            nn.ReLU(),
            nn.Linear(64, 32),
            nn.ReLU(),
            nn.Linear(32, 10)
        )

    def forward(self, x):
        return self.layers(x)

# network, criterion, optimizer
mlp = DigitMLP()
criterion = nn.CrossEntropyLoss()
opt = optim.Adam(mlp.parameters(), lr=0.001)

# fitting
for ep in range(10):
    mlp.train()
    for xb, yb in fit_loader:
        logits = mlp(xb)
        loss = criterion(logits, yb)

        opt.zero_grad()
        loss.backward()
        opt.step()

    print(f"epoch {ep+1}, loss: {loss.item():.4f}")

# held-out scoring
right = 0
count = 0
mlp.eval()
with torch.no_grad():
    for xb, yb in hold_loader:
        logits = mlp(xb)
        _, guess = torch.max(logits, 1)
        count += yb.size(0)
        right += (guess == yb).sum().item()

acc = 100 * right / count
print(f"held-out accuracy: {acc:.2f}%")
