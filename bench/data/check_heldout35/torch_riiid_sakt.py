#%%
import gc, os
import random
import numpy as np
import pandas as pd
from tqdm import tqdm
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

import seaborn as sns
import matplotlib.pyplot as plt

import torch
import torch.nn as nn
import torch.nn.utils.rnn as rnn_utils
from torch.autograd import Variable
from torch.utils.data import Dataset, DataLoader

from utils import *
#%%
SEQ_WINDOW = 100
DATA_DIR = '/home/scao/Documents/kaggle-riiid-test/data/'
column_dtypes = {'timestamp': 'int64', 'user_id': 'int32' ,'content_id': 'int16','content_type_id': 'int8','answered_correctly':'int8'}

train_df = pd.read_csv(DATA_DIR+'train.csv', usecols=[1, 2, 3,4,7], dtype=column_dtypes)
train_df.head()
# %%
train_df = train_df[train_df.content_type_id == False]

# order every interaction by time
train_df = train_df.sort_values(['timestamp'], ascending=True).reset_index(drop = True)

question_ids = train_df["content_id"].unique()
n_questions = len(question_ids)
print("distinct questions:", len(question_ids))
# %%
user_histories = train_df[['user_id', 'content_id', 'answered_correctly']].groupby('user_id')\
        .apply(lambda rows: (rows['content_id'].values,
                          rows['answered_correctly'].values))

# %%
class UserSeqDataset(Dataset):
    def __init__(self, user_histories, n_questions, max_seq=SEQ_WINDOW): # window of 100
        super(UserSeqDataset, self).__init__()
        self.max_seq = max_seq
        self.n_questions = n_questions
        self.histories = user_histories

#         self.users_kept = [u for u in user_histories.index]
        self.users_kept = []
        for user_id in user_histories.index:
            qs, answers = user_histories[user_id]
            if len(qs) < 5: # skip users with very short histories
                continue
            self.users_kept.append(user_id)

            # keep only the tail of long histories
            if len(qs)>self.max_seq:
                user_histories[user_id] = (qs[-self.max_seq:],answers[-self.max_seq:])

    def __len__(self):
        return len(self.users_kept)

    def __getitem__(self, index):
        user_id = self.users_kept[index]
        qs_raw, ans_raw = self.histories[user_id]
        n_seen = len(qs_raw)

        qs = np.zeros(self.max_seq, dtype=int)
        answers = np.zeros(self.max_seq, dtype=int)
        if n_seen >= self.max_seq:
            qs[:] = qs_raw[-self.max_seq:]
            answers[:] = ans_raw[-self.max_seq:]
        else:
            qs[-n_seen:] = qs_raw
            answers[-n_seen:] = ans_raw

        target_id = qs[1:]
        label = answers[1:]

        x = np.zeros(self.max_seq-1, dtype=int)
        x = qs[:-1].copy()
        x += (answers[:-1] == 1) * self.n_questions

        return x, target_id, label
# %%
train_dataset = UserSeqDataset(user_histories, n_questions)
train_loader = DataLoader(train_dataset, batch_size=2048, shuffle=True, num_workers=8)

one_sample = train_dataset.__getitem__(5)
# print(one_sample[0])
# print(one_sample[1])
# print(one_sample[2])
# %%
class FeedForward(nn.Module):
    def __init__(self, width=256):
        super(FeedForward, self).__init__()
        self.width = width

        self.fc_in = nn.Linear(width, width)
        self.act = nn.ReLU()
        self.fc_out = nn.Linear(width, width)
        self.drop = nn.Dropout(0.2)

    def forward(self, x):
        x = self.fc_in(x)
        x = self.drop(x)
        x = self.act(x)
        x = self.fc_out(x)
        return self.drop(x)

def causal_mask(seq_length):
    upper = np.triu(np.ones((seq_length, seq_length)), k=1).astype('bool')
    return torch.from_numpy(upper)


class KnowledgeAttnModel(nn.Module):
    def __init__(self, n_questions, max_seq=SEQ_WINDOW, embed_dim=128): # window of 100
        super(KnowledgeAttnModel, self).__init__()
        self.n_questions = n_questions
        self.embed_dim = embed_dim

        self.interaction_emb = nn.Embedding(2*n_questions+1, embed_dim)
        self.position_emb = nn.Embedding(max_seq-1, embed_dim)
        self.question_emb = nn.Embedding(n_questions+1, embed_dim)

        self.attention = nn.MultiheadAttention(embed_dim=embed_dim, num_heads=8, dropout=0.2)

        self.drop = nn.Dropout(0.2)
        self.norm = nn.LayerNorm(embed_dim)

        self.feed_forward = FeedForward(embed_dim)
        self.head = nn.Linear(embed_dim, 1)

    def forward(self, x, question_ids):
        device = x.device
        x = self.interaction_emb(x)
        positions = torch.arange(x.size(1)).unsqueeze(0).to(device)

        pos_x = self.position_emb(positions)
        x = x + pos_x

        q_emb = self.question_emb(question_ids)

        x = x.permute(1, 0, 2) # [batch, seq, emb] -> [seq, batch, emb]
        q_emb = q_emb.permute(1, 0, 2)
        attn_mask = causal_mask(x.size(0)).to(device)
        attn_out, attn_weights = self.attention(q_emb, x, x, attn_mask=attn_mask)
        attn_out = self.norm(attn_out + q_emb)
        attn_out = attn_out.permute(1, 0, 2) # [seq, batch, emb] -> [batch, seq, emb]

        x = self.feed_forward(attn_out)
        x = self.norm(x + attn_out)
        x = self.head(x)

        return x.squeeze(-1), attn_weights
# %%
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

model = KnowledgeAttnModel(n_questions, embed_dim=128)
# optimizer = torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.99, weight_decay=0.005)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loss_fn = nn.BCEWithLogitsLoss()

model.to(device)
loss_fn.to(device)
# %%
def run_train_epoch(model, train_batches, optim, loss_fn, device="cuda"):
    model.train()

    batch_losses = []
    n_correct = 0
    n_seen = 0
    all_labels = []
    all_logits = []

    progress = tqdm(train_batches)
    for batch in progress:
        x = batch[0].to(device).long()
        target_id = batch[1].to(device).long()
        label = batch[2].to(device).float()

        optim.zero_grad()
        logits, attn_weights = model(x, target_id)
        loss = loss_fn(logits, label)
        loss.backward()
        optim.step()
        batch_losses.append(loss.item())

        logits = logits[:, -1]
        label = label[:, -1]
        pred = (torch.sigmoid(logits) >= 0.5).long()

        n_correct += (pred == label).sum().item()
        n_seen += len(label)

        all_labels.extend(label.view(-1).data.cpu().numpy())
        all_logits.extend(logits.view(-1).data.cpu().numpy())

        progress.set_description('loss - {:.4f}'.format(loss))

    acc = n_correct / n_seen
    auc = roc_auc_score(all_labels, all_logits)
    loss = np.mean(batch_losses)

    return loss, acc, auc
# %%
epochs = 20
for epoch in range(epochs):
    loss, acc, auc = run_train_epoch(model, train_loader, optimizer, loss_fn, device)
    print("pass {} | train loss {:.2f} | acc {:.3f} | auc {:.3f}".format(epoch, loss, acc, auc))
