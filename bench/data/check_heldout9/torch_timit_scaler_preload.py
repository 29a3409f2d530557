import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import Dataset
from torch.utils.data import DataLoader
from torch.utils.tensorboard import SummaryWriter
import math
from sklearn.preprocessing import StandardScaler
import model


# ---- dataset.py ----
scaler = StandardScaler()

timit_dir='/home/zacharyyeh/Datasets/timit_11/'
# cast on load: the tensors built later inherit these dtypes
train_feats = np.load(timit_dir + 'train_11.npy').astype(np.float32)
train_targets = np.load(timit_dir + 'train_label_11.npy').astype(np.long)
test_feats = np.load(timit_dir + 'test_11.npy')

# standardise the features
train_feats = scaler.fit_transform(train_feats)

# sizes of the three parts
n_rows = math.floor(train_feats.shape[0])
# fractions for fitting and validation; what is left is the test part
fractions = [0.8, 0.1]
train_end = math.floor(n_rows*fractions[0])
val_end = math.floor(train_end+n_rows*fractions[1])

class FrameDataset(Dataset):
    def __init__(self, part = "train"):
        self.part = part
        self.all_train_feats = torch.from_numpy(train_feats)
        self.all_train_targets = torch.from_numpy(train_targets)
        if self.part == "train":
            self.feats = train_feats[0:train_end, :]
            self.targets = train_targets[0:train_end]
        elif self.part == "val":
            self.feats = train_feats[train_end:val_end, ]
            self.targets = train_targets[train_end:val_end]
        elif self.part == "test":
            self.feats = train_feats[val_end:, ]
            self.targets = train_targets[val_end:]

    def __getitem__(self, k):
        return self.feats[k], self.targets[k]

    def __len__(self):
        return self.feats.shape[0]


# ---- train.py ----
board = SummaryWriter('/home/zacharyyeh/Projects/ML2021Spring/HW2-1_Classification/runs')

# pick the compute device
run_on = 'cuda' if torch.cuda.is_available() else 'cpu'

# settings
epoch_total = 50
batch_len = 64
strikes_left = 5
step_size = 0.0001
decay = 1e-4
LAST_MODEL_FILE = '/home/zacharyyeh/Projects/ML2021Spring/HW2-1_Classification/ckpt/Last.pth'
TOP_MODEL_FILE = '/home/zacharyyeh/Projects/ML2021Spring/HW2-1_Classification/ckpt/Best.pth'

# data sets and their loaders
print('building the data sets...')
train_dataset = FrameDataset(part="train")
val_dataset = FrameDataset(part="val")
train_loader = DataLoader(dataset = train_dataset, shuffle = True, batch_size = batch_len, num_workers = 2)
val_loader = DataLoader(dataset = val_dataset, shuffle = True, batch_size = batch_len, num_workers = 2)

# network, loss and optimizer
print('building the network...')
net_model = model.Classifier().to(run_on)
loss_fn = nn.CrossEntropyLoss()
# weight decay was meant to go here against overfitting
optimizer = torch.optim.Adam(net_model.parameters(), lr=step_size)

# epochs
print('training begins...')
prev_val_hits = 0
for epoch in range(epoch_total):
    # per-epoch counters start at zero
    train_hits = 0.0
    train_loss_sum = 0.0
    val_hits = 0.0
    val_loss_sum = 0.0
    net_model.train()
    for i, (batch_x, batch_labels) in enumerate(train_loader):
        batch_x = batch_x.to(run_on)
        batch_labels = batch_labels.to(run_on)
        logits = net_model(batch_x)
        _, guessed = torch.max(logits, 1)
        loss = loss_fn(logits, batch_labels)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        train_hits += (guessed.cpu() == batch_labels.cpu()).sum().item()
        train_loss_sum += loss.item()

    board.add_scalars('train/val accuracy', {'train_accuracy': train_hits/len(train_dataset)}, epoch+1)
    board.add_scalars('train/val loss', {'train_loss': train_loss_sum/len(train_dataset)}, epoch+1)
    print(f'round {epoch+1} of {epoch_total}: fit accuracy {train_hits/len(train_dataset):.3f}, fit loss {train_loss_sum/len(train_dataset):.3f}', end = ', ')

    # held-out pass
    net_model.eval()
    with torch.no_grad():
        for i, (batch_x, batch_labels) in enumerate(val_loader):
            batch_x = batch_x.to(run_on)
            batch_labels = batch_labels.to(run_on)
            logits = net_model(batch_x)
            _, guessed = torch.max(logits, 1)
            loss = loss_fn(logits, batch_labels)
            val_hits += (guessed.cpu() == batch_labels.cpu()).sum().item()
            val_loss_sum += loss.item()

    board.add_scalars('train/val accuracy', {'val_accuracy' :val_hits/len(val_dataset)}, epoch+1)
    board.add_scalars('train/val loss', {'val_loss': val_loss_sum/len(val_dataset)}, epoch+1)
    print(f'held-out accuracy {val_hits/len(val_dataset):.3f}, held-out loss {val_loss_sum/len(val_dataset):.3f}')

    # early-stop bookkeeping and checkpoint
    if val_hits < prev_val_hits+0.05:
        strikes_left -= 1

    if strikes_left == 0:
        torch.save(net_model.state_dict(), TOP_MODEL_FILE)
        print('checkpoint written to', TOP_MODEL_FILE)
    prev_val_hits = val_hits

print('training loop done')
torch.save(net_model.state_dict(), LAST_MODEL_FILE)
print('final weights written to', LAST_MODEL_FILE)
