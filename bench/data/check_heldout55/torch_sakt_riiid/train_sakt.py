import gc
import psutil
import joblib
import random
import time
import os
from tqdm import tqdm
from itertools import combinations_with_replacement

import numpy as np
import pandas as pd
import datatable as dt

from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score
from sklearn.decomposition import TruncatedSVD

import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader

import sakt_data as kt_data
import sakt_model as kt_model
# ----------------------------------------
SEED = 42
torch.manual_seed(SEED)
torch.cuda.manual_seed(SEED)
torch.cuda.manual_seed_all(SEED) # every device
torch.backends.cudnn.deterministic = True  # for repeatable kernels
torch.backends.cudnn.benchmark = False
# ----------------------------------------
N_FIT_USERS = 320000
WINDOW = 180
MIN_ROWS = 5
D_MODEL = 128
P_DROP = 0.2
BASE_LR = 2e-3
PEAK_LR = 2e-3
N_EPOCHS = 20
BS = 64
MIN_WINDOW = 1
N_TAGS = 188
TAGS_PER_Q = 6
# ----------------------------------------

def tag_svd_embedding(tag_strings):
    co_counts = np.zeros((N_TAGS, N_TAGS), dtype=np.int)
    tag_lists = []
    for qi, tag_str in enumerate(tag_strings):
        t_list = [int(t) for t in tag_str.split(' ')]

        for t_a, t_b in list(combinations_with_replacement(t_list, 2)):
            # tag ids start at 1
            if t_a == t_b:
                co_counts[t_a][t_b] += 1
            else:
                co_counts[t_a][t_b] += 1
                co_counts[t_b][t_a] += 1

        # pad each list to TAGS_PER_Q
        if len(t_list) < TAGS_PER_Q:
            t_list += [N_TAGS] * (TAGS_PER_Q - len(t_list))
        else:
            assert Exception('more tags than TAGS_PER_Q allows')
        tag_lists.append(t_list)

    # low-rank tag vectors from the co-occurrence counts
    tsvd = TruncatedSVD(n_components=D_MODEL, n_iter=7, random_state=SEED)
    tsvd.fit(co_counts)
    pad_row = np.zeros((1, D_MODEL))
    tag_vecs = np.concatenate([tsvd.components_.T, pad_row], axis=0)

    return tag_vecs, tag_lists


# output folder per run
run_dir = "runs/"  + time.strftime("%Y%m%d-%H%M%S")
os.makedirs(run_dir, exist_ok=True)

# inputs

# questions table
q_types = { 
            'question_id': 'int16', 
            'part': 'int16'
         }

questions_df = dt.fread('./riiid-test-answer-prediction/questions.csv', columns=set(q_types.keys()).union({'tags'})).to_pandas()
for c, dtype in q_types.items():
    questions_df[c] = questions_df[c].astype(dtype)

# shift ids by one, 0 pads
questions_df['question_id'] += 1

tag_vecs, tag_lists = tag_svd_embedding(questions_df['tags'].values)
questions_df['tags'] = tag_lists
joblib.dump(questions_df, "./riiid-test-answer-prediction/questions_tagged.pkl.zip")

# interaction log
log_types = {
            'timestamp': 'int64', 
            'user_id': 'int32' , 
            'content_id': 'int16', 
            'content_type_id': 'int8', 
            'answered_correctly':'int8'
         }
log_df = dt.fread('./riiid-test-answer-prediction/train.csv', columns=set(log_types.keys())).to_pandas()
for c, dtype in log_types.items():
    log_df[c] = log_df[c].astype(dtype)
log_df = log_df[log_df.content_type_id == False]          # keep question rows, drop lectures
log_df = log_df.sort_values(['timestamp'], ascending=True)
log_df.reset_index(drop=True, inplace=True)

# shift ids by one, 0 pads
log_df['content_id'] += 1

# per-user sequences
q_ids = log_df["content_id"].unique()
joblib.dump(q_ids, run_dir + "/question_ids.pkl.zip")
n_q = len(q_ids)
print("distinct questions", len(q_ids))

per_user = log_df[['user_id', 'content_id', 'answered_correctly']].groupby('user_id').apply(lambda g: (
            g['content_id'].values,
            g['answered_correctly'].values))

joblib.dump(per_user, run_dir + "/per_user.pkl.zip")
del log_df
gc.collect()

fit_keys = list(per_user.index)[:N_FIT_USERS]
val_keys = list(per_user.index)[N_FIT_USERS:]
fit_users = per_user[per_user.index.isin(fit_keys)]
val_users = per_user[per_user.index.isin(val_keys)]
del per_user, fit_keys, val_keys
print(len(fit_users), len(val_users))

# windows and loaders
fit_windows = kt_data.KTWindows(fit_users, questions_df['tags'].to_list(), n_q, max_seq=WINDOW)
fit_loader = DataLoader(fit_windows, batch_size=BS, shuffle=True, num_workers=8)
del fit_users
val_windows = kt_data.KTWindows(val_users, questions_df['tags'].to_list(), n_q, max_seq=WINDOW)
val_loader = DataLoader(val_windows, batch_size=BS, shuffle=False, num_workers=8)
del val_users

# ------------

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

tag_vecs = torch.tensor(tag_vecs)
net = kt_model.KTAttnNet(n_q, max_seq=WINDOW, embed_dim=D_MODEL, dropout=P_DROP, enc_layers=1, pretrained_tags=tag_vecs)
opt = torch.optim.Adam(net.parameters(), lr=BASE_LR)
bce = nn.BCEWithLogitsLoss()
sched = torch.optim.lr_scheduler.OneCycleLR(
    opt, max_lr=PEAK_LR, steps_per_epoch=len(fit_loader), epochs=N_EPOCHS
)

net.to(dev)
bce.to(dev)

# ------------

best_v = 0
patience = 3
bad_epochs = 0
for ep in tqdm(range(N_EPOCHS)):
    loss_v, acc_v, auc_v = kt_model.run_train_epoch(net, fit_loader, opt, sched, bce, dev)
    print("ep {}/{} fit loss {:.3f} acc {:.4f} auc {:.4f}".format(ep+1, N_EPOCHS, loss_v, acc_v, auc_v))
    loss_v, acc_v, auc_v = kt_model.run_valid_epoch(net, val_loader, bce, dev)
    print("ep {}/{} val loss {:.3f} acc {:.4f} auc {:.4f}\n".format(ep+1, N_EPOCHS, loss_v, acc_v, auc_v))
    if auc_v > best_v:
        best_v = auc_v
        bad_epochs = 0
        torch.save(net.state_dict(), run_dir + "/kt_best.pt")
    else:
        bad_epochs += 1
        if bad_epochs >= patience:
            break
torch.save(net.state_dict(), run_dir + "/kt_last.pt")