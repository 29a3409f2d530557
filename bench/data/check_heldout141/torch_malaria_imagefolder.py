import torch
from torch.utils.data import DataLoader, random_split
from torchvision import datasets, transforms
from model import MalariaCNN
import torch.nn as nn
import torch.optim as optim
import os

# device
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# per-image preprocessing
prep = transforms.Compose([
    transforms.Resize((128,128)),
    transforms.ToTensor(),
    transforms.Normalize([0.5,0.5,0.5], [0.5,0.5,0.5])
])

# folder dataset, decoded lazily
cells = datasets.ImageFolder(root="/content/cells/cell_images", transform=prep)

# 70 / 15 / 15
n_all = len(cells)
n_fit = int(0.7*n_all)
n_val = int(0.15*n_all)
n_test = n_all - n_fit - n_val

fit_part, val_part, test_part = random_split(cells, [n_fit, n_val, n_test])

fit_loader = DataLoader(fit_part, batch_size=64, shuffle=True)
val_loader = DataLoader(val_part, batch_size=64, shuffle=False)

# network
net = MalariaCNN().to(dev)

# objective and optimiser
crit = nn.CrossEntropyLoss()
opt = optim.Adam(net.parameters(), lr=0.001, weight_decay=1e-4)

# epochs
n_epochs = 10
for ep in range(n_epochs):
    net.train()
    loss_sum = 0
    hits = 0
    for xb, yb in fit_loader:
        xb, yb = xb.to(dev), yb.to(dev)
        opt.zero_grad()
        logits = net(xb)
        loss = crit(logits, yb)
        loss.backward()
        opt.step()
        loss_sum += loss.item()*xb.size(0)
        hits += (logits.argmax(1) == yb).sum().item()
    
    fit_loss = loss_sum / len(fit_part)
    fit_acc = hits / len(fit_part)
    
    # held-out pass
    net.eval()
    v_loss = 0
    v_hits = 0
    with torch.no_grad():
        for xv, yv in val_loader:
            xv, yv = xv.to(dev), yv.to(dev)
            logits_v = net(xv)
            v_loss += crit(logits_v, yv).item()*xv.size(0)
            v_hits += (logits_v.argmax(1) == yv).sum().item()
    v_loss /= len(val_part)
    v_acc = v_hits / len(val_part)
    
    print(f"epoch {ep}: fit loss {fit_loss:.4f}, fit acc {fit_acc:.4f}, val loss {v_loss:.4f}, val acc {v_acc:.4f}")

# write weights
os.makedirs("/content/drive/MyDrive/cells/models", exist_ok=True)
torch.save(net.state_dict(), "/content/drive/MyDrive/cells/models/cells_cnn_state.pth")
