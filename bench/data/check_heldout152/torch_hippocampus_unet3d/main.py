# pick the device
import torch
from matplotlib import pyplot as plt
from torch.optim import Adam
import torch.nn as nn
from unet3d_net import UNet3D
from volume_data import build_splits
from loops import run_train_epoch, run_validation
from torch.utils.data import Dataset, DataLoader
from loops import MultiClassDice
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# network, objective, optimiser
net = UNet3D(n_channels=1, n_classes=3).to(dev)
crit = MultiClassDice(3)
opt = Adam(net.parameters(), lr=1e-4)
tr_set, va_set = build_splits('./imagesTr')
tr_loader = DataLoader(tr_set, batch_size=40, shuffle=True, num_workers=40)
va_loader = DataLoader(va_set, batch_size=40, shuffle=False, num_workers=40, pin_memory=True)
# history
tr_hist, va_hist = [], []
scores = {'accuracy': [], 'precision': [], 'recall': [], 'f1': []}

n_epochs = 200
best_va = float('inf')
for ep in range(n_epochs):
    tr_loss = run_train_epoch(
        net, tr_loader, crit, opt, dev)
    va_loss = run_validation(
        net, va_loader, crit, dev)

    tr_hist.append(tr_loss)
    va_hist.append(va_loss)
    # scores['accuracy'].append((tr_acc, va_acc))
    # scores['precision'].append((tr_p, va_p))
    # scores['recall'].append((tr_r, va_r))
    # scores['f1'].append((tr_f, va_f))
    if va_loss < best_va:
        best_va = va_loss
        torch.save(net.state_dict(), 'best_net.pth')

    print(f"epoch {ep+1}/{n_epochs}, train loss {tr_loss}, val loss {va_loss}")


plt.figure(figsize=(12, 5))

plt.plot(tr_hist, label='train')
plt.plot(va_hist, label='val')
plt.title('loss per epoch')
plt.legend()
# write the figure
plt.savefig('loss_curves.png')
plt.close()  # free the figure

import json

# what goes to disk
payload = {
    "train_losses": tr_hist,
    "valid_losses": va_hist,
    # "accuracy": [(float(a[0]), float(a[1])) for a in scores['accuracy']],
    # "precision": [(float(p[0]), float(p[1])) for p in scores['precision']],
    # "recall": [(float(r[0]), float(r[1])) for r in scores['recall']],
    # "f1_score": [(float(f[0]), float(f[1])) for f in scores['f1']]
}

# as json
with open('loss_curves.json', 'w') as fh:
    json.dump(payload, fh, indent=4)
