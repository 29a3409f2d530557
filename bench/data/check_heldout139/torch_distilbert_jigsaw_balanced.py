# follows a public walkthrough on multi-label toxicity with BERT
import numpy as np
import pandas as pd
import os
import torch
from torch.utils.data import DataLoader, TensorDataset
from transformers import DistilBertTokenizer, DistilBertForSequenceClassification, AdamW, get_linear_schedule_with_warmup
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score, precision_score, recall_score
import matplotlib.pyplot as plt
import seaborn as sns
import warnings

# GPU when there is one
dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# no warning noise
warnings.filterwarnings('ignore')

# Read the comments
comments = pd.read_csv(r"jigsaw\input\train.csv")
print(comments.head())

# Counts per label
label_cols = comments.columns.tolist()[2:]
per_label = comments[label_cols].sum().sort_values()

# Bar chart of the label counts
plt.figure(figsize=(7, 5))
ax = sns.barplot(x=per_label.values, y=per_label.index, palette='viridis')
plt.xlabel('count')
plt.ylabel('label')
plt.title('how often each label occurs')
plt.show()

# Split into flagged and unflagged comments
flagged = comments[comments[label_cols].sum(axis=1) > 0]
unflagged = comments[comments[label_cols].sum(axis=1) == 0]

# Sizes of both groups
n_flagged = len(flagged)
n_unflagged = len(unflagged)

# Bar chart of the two groups
groups = pd.DataFrame({'Category': ['Toxic', 'Clean'], 'Count': [n_flagged, n_unflagged]})
plt.figure(figsize=(7, 5))
ax = sns.barplot(x='Count', y='Category', data=groups, palette='viridis')
plt.xlabel('comments')
plt.ylabel('group')
plt.title('flagged versus unflagged')
ax.tick_params()
plt.show()

print("flagged:", flagged.shape)
print("unflagged:", unflagged.shape)

# Undersample the unflagged group
print("undersampling...")
unflagged_sub = unflagged.sample(n=16225, random_state=42)
balanced = pd.concat([flagged, unflagged_sub], axis=0)
balanced = balanced.sample(frac=1, random_state=42)

print("flagged:", flagged.shape)
print("unflagged kept:", unflagged_sub.shape)
print("balanced:", balanced.shape)

# Train / rest split
tr_text, te_text, tr_lab, te_lab = train_test_split(
    balanced['comment_text'], balanced.iloc[:, 2:], test_size=0.25, random_state=42)

# Rest into test and validation halves
te_text, va_text, te_lab, va_lab = train_test_split(
    te_text, te_lab, test_size=0.5, random_state=42)

# Encode a list of comments into id / mask tensors
def encode_comments(tok, texts, targets, max_length=128):
    id_list = []
    mask_list = []

    for t in texts:
        enc = tok.encode_plus(
            t,
            add_special_tokens=True,
            max_length=max_length,
            pad_to_max_length=True,
            return_attention_mask=True,
            return_tensors='pt'
        )

        id_list.append(enc['input_ids'])
        mask_list.append(enc['attention_mask'])

    id_list = torch.cat(id_list, dim=0)
    mask_list = torch.cat(mask_list, dim=0)
    targets = torch.tensor(targets, dtype=torch.float32)

    return id_list, mask_list, targets

# Tokenizer
tok = DistilBertTokenizer.from_pretrained('distilbert-base-uncased', do_lower_case=True)

# Model with six sigmoid outputs
net = DistilBertForSequenceClassification.from_pretrained('distilbert-base-uncased', num_labels=6)
net = net.to(dev)

# Optimiser
opt = AdamW(net.parameters(), lr=5e-5)

# Encode the three parts
tr_ids, tr_mask, tr_y = encode_comments(tok, tr_text, tr_lab.values)
te_ids, te_mask, te_y = encode_comments(tok, te_text, te_lab.values)
va_ids, va_mask, va_y = encode_comments(tok, va_text, va_lab.values)

print('train comments :', tr_text.shape)
print('ids            :', tr_ids.shape)
print('mask           :', tr_mask.shape)
print('targets        :', tr_y.shape)

# Loader over the balanced training part
bs = 64
tr_ds = TensorDataset(tr_ids, tr_mask, tr_y)
tr_loader = DataLoader(tr_ds, batch_size=bs, shuffle=True)

# test part
te_ds = TensorDataset(te_ids, te_mask, te_y)
te_loader = DataLoader(te_ds, batch_size=bs, shuffle=False)

# validation part
va_ds = TensorDataset(va_ids, va_mask, va_y)
va_loader = DataLoader(va_ds, batch_size=bs, shuffle=False)

print('batch size :', tr_loader.batch_size)
first = next(iter(tr_loader))
print('ids shape per batch :', first[0].shape)
print('ids :\n', first[0][0])
print('decoded back:\n', tok.decode(first[0][0]))
print('its mask :\n', first[1][0])
print('its targets:', first[2][0])

# Linear decay schedule
n_epochs = 3
n_steps = len(tr_loader) * n_epochs
sched = get_linear_schedule_with_warmup(opt, num_warmup_steps=0, num_training_steps=n_steps)

# Steps per optimiser update
accum = 2

# Training (no checkpoints)
def fit(net, tr_loader, opt, sched, dev, n_epochs, accum):
    net.train()
    print("training...")
    loss_sum = 0
    n_batches = len(tr_loader)
    
    for ep in range(n_epochs):
        for i, batch in enumerate(tr_loader):
            ids, mask, y = [t.to(dev) for t in batch]
            opt.zero_grad()
            out = net(ids, attention_mask=mask, labels=y)
            loss = out.loss
            loss = loss / accum  # spread over the accumulation
            loss_sum += loss.item()
            loss.backward()
            
            if (i + 1) % accum == 0:
                opt.step()
                sched.step()  # next learning rate
            
            # progress line
            if (i + 1) % 10 == 0:
                print(f'epoch {ep + 1}/{n_epochs}, batch {i + 1}/{n_batches}, loss {loss_sum / (i + 1):.4f}')

        print(f'epoch {ep + 1}/{n_epochs}, loss {loss_sum / n_batches:.4f}')

# Train
fit(net, tr_loader, opt, sched, dev, n_epochs=3, accum=2)

# Scores on a loader
def score(net, te_loader, dev):
    net.eval()

    gold = []
    probs = []

    with torch.no_grad():
        print("scoring...")
        for batch in te_loader:
            ids, mask, y = [t.to(dev) for t in batch]
            out = net(ids, attention_mask=mask)
            p = torch.sigmoid(out.logits)
            probs.append(p.cpu().numpy())

            g = y.cpu().numpy()
            gold.append(g)

    gold = np.concatenate(gold, axis=0)
    probs = np.concatenate(probs, axis=0)
    hard = (probs > 0.5).astype(int)

    acc = accuracy_score(gold, hard)
    prec = precision_score(gold, hard, average='micro')
    rec = recall_score(gold, hard, average='micro')

    print(f'accuracy: {acc:.4f}')
    print(f'precision: {prec:.4f}')
    print(f'recall: {rec:.4f}')

# Score the test part
score(net, te_loader, dev)

# Save model and tokenizer together
save_dir = "work/jigsaw/saved_model"
net.save_pretrained(save_dir)
tok.save_pretrained(save_dir)

# Reload them
load_dir = r"jigsaw\saved_model"
tok2 = DistilBertTokenizer.from_pretrained(load_dir)
net2 = DistilBertForSequenceClassification.from_pretrained(load_dir).to(dev)

# Label one typed comment
def label_text(text, net, tok, dev):
    batch_text = [text]
    enc = tok(batch_text, truncation=True, padding=True, return_tensors="pt")
    one_ds = TensorDataset(enc['input_ids'], enc['attention_mask'])
    one_loader = DataLoader(one_ds, batch_size=1, shuffle=False)
    net.eval()
    with torch.no_grad():
        for batch in one_loader:
            ids, mask = [t.to(dev) for t in batch]
            out = net(ids, attention_mask=mask)
            logits = out.logits
            p = torch.sigmoid(logits)
    hard = (p.cpu().numpy() > 0.5).astype(int)
    names = ['toxic', 'severe_toxic', 'obscene', 'threat', 'insult', 'identity_hate']
    res = dict(zip(names, hard[0]))
    return res

# Ask for a comment and label it
typed = input("comment: ")
res = label_text(text=typed, net=net2, tok=tok2, dev=dev)
print(res)
