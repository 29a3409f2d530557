import csv
import numpy as np
import pandas as pd
from collections import Counter
from tqdm import tqdm
import matplotlib.pyplot as plt
import time

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, Dataset
from dataset import *
from models import *
import wandb

def threshold_scores(x):
    x_np = x.detach().cpu().numpy()
    bucketed = [5.0 if i >= 4.0 else 0.0 for i in x_np]
    bucketed_arr = np.array(bucketed)
    return torch.tensor(bucketed_arr)

print('reading data.csv ...')
ratings_data = pd.read_csv('data.csv')
print('data.csv read')
n_rows = len(ratings_data)
n_users = ratings_data['user'].nunique()
n_items = ratings_data['item'].nunique()
n_genres = ratings_data['genre'].nunique()
n_years = ratings_data['year'].nunique()
print("rows: {}\nusers: {}\nitems: {}\ngenres: {}\nyears: {}".format(n_rows, n_users, n_items, n_genres, n_years))

# build the feature matrix X and the label tensor y
user_ids = torch.tensor(np.array(ratings_data['user']))
item_ids = torch.tensor(np.array(ratings_data['item']))
genre_ids = torch.tensor(np.array(ratings_data['genre']))
year_ids = torch.tensor(np.array(ratings_data['year']))

user_item_n = n_users+n_items
field_offsets = [0, n_users, user_item_n, user_item_n + n_genres] # shift each field so all ids share one embedding table

for field, shift in zip([user_ids, item_ids, genre_ids, year_ids], field_offsets):
    field += shift

# one row per interaction: [user, item, genre, year]
X = torch.cat([user_ids.unsqueeze(1), item_ids.unsqueeze(1), genre_ids.unsqueeze(1), year_ids.unsqueeze(1)], dim=1)
y = torch.tensor(np.array(ratings_data['rating']))

# wrap the tensors in a Dataset
full_dataset = InteractionDataset(X, y)
train_share = 0.8

# random 80 / 20 split
n_train = int(train_share * len(ratings_data))
n_test = len(ratings_data) - n_train
train_dataset, test_dataset = torch.utils.data.random_split(full_dataset, [n_train, n_test])

train_loader = DataLoader(train_dataset, batch_size=1024, shuffle=True)
test_loader = DataLoader(test_dataset, batch_size=512, shuffle=False)

# fitting
print("fitting ...")
device = torch.device('cuda')
field_dims = [n_users, n_items, n_genres, n_years]
embed_dim = 10

model = DeepFM(field_dims, embed_dim, mlp_dims=[30, 20, 10]).to(device)

bce = nn.BCELoss() # binary cross-entropy
mse_fn = nn.MSELoss()
lr, n_epochs = 0.01, 10
optimizer = optim.Adam(model.parameters(), lr=lr)

loss_history = []
best_loss = int(1e9)
patience = 10
bad_epochs = 0
n_batches = len(train_loader)

# # -- experiment tracking (off)
# wandb.init(config={"batch_size": 1024,
#                 "lr"        : lr,
#                 "epochs"    : n_epochs,
#                 "criterion_name" : 'MSE'})


for epoch in tqdm(range(1, n_epochs+1)):
    model.train()

    epoch_loss = 0
    batch_count = 0
    train_hits = 0
    train_seen = 0
    t_start = time.time()
    for x, y in train_loader:
        x, y = x.to(device), y.to(device)

        model.train()
        optimizer.zero_grad()
        probs = model(x)

        loss = bce(probs, y.float())
        # loss = mse_fn(probs, y.float())
        loss.backward()
        optimizer.step()
        
        # pred_labels = threshold_scores(probs).to(device)
        pred_labels = torch.round(probs)

        epoch_loss += loss.item()
        batch_count += 1
        train_seen += y.size(0)
        train_hits += (pred_labels == y).sum().item()
        # print(pred_labels)
        # print(y)
        # break
        if batch_count % 1400 == 0:
            t_end = time.time()
            print(f"[{epoch}] batch {batch_count} / {n_batches} [{t_end-t_start:.2f}s]")
            t_start = time.time()
    # break
    epoch_loss /= batch_count
    
    # loss_history.append(epoch_loss)
    
    if epoch_loss <= best_loss:
        best_loss = epoch_loss
        bad_epochs = 0
        torch.save(model, "best_model.pt")
        print(f"epoch {epoch}: new best, model written")
    else:
        bad_epochs += 1
        
    if bad_epochs > patience:
        print(f"stopping early")
        break
    
    print(f'epoch {epoch}/{n_epochs} | train acc {train_hits/train_seen*100:.4f}% | loss {epoch_loss:.4f} | best {best_loss:.4f}')
    print(f'epochs without progress: {bad_epochs}/{patience}')
    print("="*80)

    # wandb.log({
    #     "Train loss": epoch_loss,
    #     "Train acc" : train_hits/train_seen*100})
else:
    print("fitting finished")

# model = torch.load('best_model.pt')

# accuracy on the held-out split
print('\nheld-out accuracy ...\n')
test_hits = 0
for x, y in tqdm(test_loader):
    x, y = x.to(device), y.to(device)
    model.eval()
    probs = model(x)
    pred_labels = torch.round(probs)
    # pred_labels = threshold_scores(probs).to(device)
    test_hits += (pred_labels == y).sum().float()

test_acc = test_hits/len(test_dataset)*100
print("held-out accuracy: {:.4f}%".format(test_acc.item()))