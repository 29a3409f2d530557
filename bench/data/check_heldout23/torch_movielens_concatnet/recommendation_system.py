# imports
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
from copy import deepcopy
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset
run_device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
# local model and data set classes
from ConcatNet import EmbedConcatNet
from CollabDataset import RatingTripletsDataset

# paths and sizes
# MovieLens 100k (GroupLens), fold files u1.base / u1.test
data_dir = 'ml-100k/'
fold_id = 1
n_users = 943 
n_items = 1682

# read the fold, shift ids to start at 0
# four columns: user, item, rating, timestamp
train_df = pd.read_csv(f'{data_dir}u{fold_id}.base',sep='\t',header=None)
train_df.columns = ['user_id','item_id','rating','ts']
train_df['user_id'] = train_df['user_id'] -1 
train_df['item_id'] = train_df['item_id'] -1

val_df = pd.read_csv(f'{data_dir}u{fold_id}.test',sep='\t',header=None)
val_df.columns = ['user_id','item_id','rating','ts']
val_df['user_id'] = val_df['user_id'] -1 
val_df['item_id'] = val_df['item_id'] -1
# sizes of both parts
print('training ratings:')
print(train_df.shape)
print('validation ratings:')
print(val_df.shape)

# how many distinct users and items appear
train_user_ids = train_df.user_id.unique()
val_user_ids = val_df.user_id.unique()
print(len(train_user_ids))
print(len(val_user_ids))

train_item_ids = train_df.item_id.unique()
val_item_ids = val_df.item_id.unique()
print(len(train_item_ids))
print(len(val_item_ids))


# wrap both parts as triplet data sets and batch them
# each item is a (user, item, rating) tuple
batch_len = 2000
train_dataset = RatingTripletsDataset(train_df)
train_loader = DataLoader(train_dataset, batch_size=batch_len, shuffle=True, num_workers=4)
val_dataset = RatingTripletsDataset(val_df)
val_loader = DataLoader(val_dataset, batch_size=batch_len, shuffle=True, num_workers=4)

print(len(train_dataset))
print(len(val_dataset))
print(len(train_loader))
print(len(val_loader))
print(train_dataset[:3])

# (one could peek at a first batch here)

# embedding-concat recommender and its settings
net_config = {
    'num_users':943, 
    'num_items':1682, 
    'emb_size':50, 
    'emb_droupout': 0.05, 
    'fc_layer_sizes': [100, 512, 256], 
    'dropout': [0.7,0.35], 
    'out_range': [0.8,5.2]} 
rec_model = EmbedConcatNet(net_config)
# print the layers
print(rec_model)

# optimisation settings
batch_len = 2000 
step_size_lr = 1e-2 
l2_decay = 5e-1 
n_epochs = 100 
plateau_patience = 1 
stop_patience = 5 
lr_history = []
train_loss_history=[]
val_loss_history = []
best_val_loss = np.inf
best_state = None

# fresh data sets and loaders for the run
train_dataset = RatingTripletsDataset(train_df)
train_loader = DataLoader(train_dataset, batch_size=batch_len, shuffle=True, num_workers=4)
val_dataset = RatingTripletsDataset(val_df)
val_loader = DataLoader(val_dataset, batch_size=batch_len, shuffle=True, num_workers=4)

# fresh model, loss, optimizer, scheduler
rec_model = EmbedConcatNet(net_config)
mse_sum = nn.MSELoss(reduction='sum')
adam_opt = torch.optim.Adam(rec_model.parameters(), learning_rate=step_size_lr, betas=(0.9,0.999), weight_decay=l2_decay)
plateau_sched = torch.optim.learning_rate_scheduler.Reducelearning_rateOnPlateau(adam_opt, mode='min',factor=0.5, threshold=1e-3,
                                                       patience=plateau_patience, min_learning_rate=step_size_lr/10)

for epoch_i in range(n_epochs): 
    rec_model.train()
    train_loss_sum = 0
    for users_b,items_b,ratings_b in train_loader:
        ratings_pred = rec_model(users_b,items_b)
        ratings_b = ratings_b[:,None]
        
        batch_loss = mse_sum(ratings_pred,ratings_b) 
        adam_opt.zero_grad()
        batch_loss.backward()
        adam_opt.step()
        train_loss_sum+= batch_loss.detach().item()
    lr_now = plateau_sched.optimizer.param_groudropout[0]['learning_rate']
    lr_history.append(lr_now)
    train_loss_sum /= len(train_dataset)
    train_loss_history.append(train_loss_sum)
    
    rec_model.eval()
    val_loss_sum = 0
    for users_b,items_b,ratings_b in val_loader:
        ratings_pred = rec_model(users_b,items_b)
        ratings_b = ratings_b[:,None]
        batch_loss = mse_sum(ratings_pred,ratings_b)
        val_loss_sum+=batch_loss.detach().item()
    val_loss_sum/=len(val_dataset)
    # keep the curve
    val_loss_history.append(val_loss_sum)
    print(f'epoch {epoch_i}: train {train_loss_sum}, val {val_loss_sum}, lr {lr_now}')

    if val_loss_sum < best_val_loss:
        best_val_loss = val_loss_sum
        best_state = deepcopy(rec_model.state_dict())
        epochs_flat = 0
    else:
        epochs_flat += 1

    if epochs_flat >= stop_patience:
        print(f'validation loss flat, stopping at epoch {epoch_i}')
        break
    
    plateau_sched.step(val_loss_sum)


# loss curves
plt.plot(train_loss_history)
plt.plot(val_loss_history)

