import torch
import torch.nn as nn
from torchvision import transforms
from torch.utils.data import DataLoader

from model import ConvNet
from dataset import Dataset

import numpy as np
import tqdm

# pick the device
if torch.cuda.is_available():
    print("GPU found, training there.")
    dev = torch.device("cuda")
else:
    print("No GPU, training on the CPU.")
    dev = torch.device("cpu")

# settings
train_dir = 'D:\\data\\dogcat\\train'  # folder of training jpgs
LABELS = ['dog', 'cat']
N_LABELS = len(LABELS)      # two
SIDE = 224                # square input side
BS = 64
LR = 0.001
EPOCHS = 5
HOLDOUT = 0.2

# preprocessing
prep = transforms.Compose([
    transforms.ToTensor(),
    transforms.Resize((SIDE, SIDE)),
    transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
])

# loading
pets = Dataset(train_dir, LABELS, prep)

n_samples = len(pets)
n_iters = n_samples//BS

loader = DataLoader(pets, batch_size=BS,
                        shuffle=True, num_workers=0)

# the network
net = ConvNet(N_LABELS)
net.to(dev)
net.train()
print(net)

# objective and optimiser
ce = nn.CrossEntropyLoss()
opt = torch.optim.Adam(net.parameters(), lr=LR)

print("[INFO] training starts")
for ep in range(EPOCHS):
    loss_sum = 0.0
    hits = 0

    for k, (xb, yb) in enumerate(loader):
        xb = xb.to(dev)
        yb = yb.to(dev)

        logits = net(xb)

        loss = ce(logits, yb)
        loss_sum += loss * len(xb)

        guess = np.argmax(logits.cpu().detach().numpy(), 1)
        yb = yb.cpu().detach().numpy()
        batch_hits = np.sum(guess == yb)
        hits += batch_hits

        batch_acc = batch_hits/len(xb)

        if not k % 100:
            print(f'ep [{ep + 1}/{EPOCHS}][{k}/{n_iters}], loss: {loss:0.3f}, acc: {batch_acc:0.3f}')

        opt.zero_grad()
        loss.backward()
        opt.step()

    mean_loss = loss_sum / n_samples
    acc = hits / n_samples

    print(f'\nep [{ep + 1}/{EPOCHS}], train loss: {mean_loss:0.3f}, acc: {acc:0.3f}\n')

    # keep the weights of every epoch
    torch.save(net.state_dict(), 'model.pth')
