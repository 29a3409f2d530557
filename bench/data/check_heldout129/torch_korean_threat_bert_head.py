import pandas as pd

conv = pd.read_csv("processed_data/train_combined_sep.csv")
conv_test = pd.read_csv("processed_data/test_cleaned_sep.csv")


from sklearn.preprocessing import LabelEncoder
import torch
from torch.utils.data import TensorDataset, DataLoader, RandomSampler, SequentialSampler

# fit a label encoder on the class names
enc = LabelEncoder()
conv['label'] = enc.fit_transform(conv['class'])
# keep the id -> name table for reading predictions later
id_to_name = dict(zip(range(len(enc.classes_)), enc.classes_))
print("label table:", id_to_name)

# labels as a tensor
# (the ids and masks are produced per item below)
label_tensor = torch.tensor(conv['label'].values)
print(f"label tensor ready: {label_tensor.shape}")

from sklearn.model_selection import train_test_split
from torch.utils.data import Dataset, DataLoader
import torch
from transformers import AutoTokenizer, AutoModelForSequenceClassification, Trainer, TrainingArguments, DataCollatorWithPadding

# settings
BASE_CKPT = "klue/bert-base"
tok_name = BASE_CKPT

# stratified 80/20 split
# keeps the class balance in both parts
tr_df, va_df = train_test_split(
    conv,
    test_size=0.2,
    random_state=42,
    stratify=conv['label']  # same class ratios
)

# dataset that tokenizes one conversation per item
class ConversationSet(Dataset):
    def __init__(self, frame, tok_name):
        self.data = frame
        self.tokenizer = AutoTokenizer.from_pretrained(tok_name)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        # the text column is 'conversation'
        text = self.data.iloc[idx]['conversation']
        y = self.data.iloc[idx]['label']

        enc_out = self.tokenizer(
            str(text),           # one string
            return_tensors='pt',
            truncation=True,
            padding='max_length',
            max_length=512,          # fixed length
            add_special_tokens=True
        )

        ids = enc_out['input_ids'].squeeze(0)
        attn = enc_out['attention_mask'].squeeze(0)
        segs = torch.zeros_like(attn)

        return {
            'input_ids': ids,
            'attention_mask': attn,
            'token_type_ids': segs,
        }, torch.tensor(y, dtype=torch.long)

# dataset objects
tr_set = ConversationSet(tr_df, tok_name)
va_set = ConversationSet(va_df, tok_name)

# loaders
tr_loader = DataLoader(tr_set, batch_size=128, shuffle=True, num_workers=8)
va_loader = DataLoader(va_set, batch_size=128, shuffle=False, num_workers=8)

print(f"loaders ready (stratified)")
print(f"train rows: {len(tr_df)} | val rows: {len(va_df)}")

import torch

dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
print(f'device: {dev}')

import os
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
from transformers import BertModel


class BertWithHead(nn.Module):
    def __init__(self, ckpt, p_drop=0.5):
        super(BertWithHead, self).__init__()
        # pretrained encoder
        self.bert = BertModel.from_pretrained(ckpt)
        self.dr = nn.Dropout(p=p_drop)
        # five output classes
        self.fc = nn.Linear(768, 5)

    def forward(self, input_ids, attention_mask, token_type_ids):
        enc_out = self.bert(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)
        hidden = enc_out['last_hidden_state']
        # take the [CLS] position
        z = self.dr(hidden[:, 0, :])
        # project to class scores
        z = self.fc(z)
        return z

net = BertWithHead(BASE_CKPT)
net.to(dev)

criterion = nn.CrossEntropyLoss()
opt = optim.Adam(net.parameters(), lr=1e-5)

import torch
import numpy as np
from tqdm import tqdm
from sklearn.metrics import f1_score

# class names for the log header and printout
class_names = ['협박', '갈취', '직장 내 괴롭힘', '기타 괴롭힘', '일반 대화']

def run_train_epoch(model, loader, criterion, opt, dev):
    model.train()
    loss_sum = 0
    hits = 0
    seen = 0

    preds_all = []
    ys_all = []

    bar = tqdm(loader, unit='batch', total=len(loader), mininterval=1)

    for step, (batch_in, ys) in enumerate(bar):
        batch_in = {k: v.to(dev) for k, v in batch_in.items()}
        ys = ys.to(dev)

        opt.zero_grad()
        out = model(**batch_in)
        scores = out.logits if hasattr(out, 'logits') else out

        loss = criterion(scores, ys)
        loss.backward()
        opt.step()

        _, guess = scores.max(dim=1)

        hits += guess.eq(ys).sum().item()
        seen += len(ys)
        loss_sum += loss.item() * ys.size(0)

        preds_all.extend(guess.cpu().numpy())
        ys_all.extend(ys.cpu().numpy())

        # refresh the progress text
        f1_now = f1_score(ys_all, preds_all, average='weighted')
        bar.set_description(f"Loss: {loss_sum/seen:.4f}, Acc: {hits/seen:.4f}, F1: {f1_now:.4f}")

    ep_loss = loss_sum / len(loader.dataset)
    ep_acc = hits / len(loader.dataset)
    # per-class F1
    ep_f1_cls = f1_score(ys_all, preds_all, average=None)
    ep_f1_w = f1_score(ys_all, preds_all, average='weighted')

    return ep_loss, ep_acc, ep_f1_w, ep_f1_cls

def run_eval_epoch(model, loader, criterion, dev):
    model.eval()
    loss_sum = 0
    hits = 0
    preds_all = []
    ys_all = []

    with torch.no_grad():
        for batch_in, ys in loader:
            batch_in = {k: v.to(dev) for k, v in batch_in.items()}
            ys = ys.to(dev)

            out = model(**batch_in)
            scores = out.logits if hasattr(out, 'logits') else out

            _, guess = scores.max(dim=1)
            hits += torch.sum(guess.eq(ys)).item()
            loss_sum += criterion(scores, ys).item() * ys.size(0)

            preds_all.extend(guess.cpu().numpy())
            ys_all.extend(ys.cpu().numpy())

    ep_loss = loss_sum / len(loader.dataset)
    ep_acc = hits / len(loader.dataset)
    # per-class F1
    ep_f1_cls = f1_score(ys_all, preds_all, average=None)
    ep_f1_w = f1_score(ys_all, preds_all, average='weighted')

    return ep_loss, ep_acc, ep_f1_w, ep_f1_cls

# --- driver ---
n_epochs = 20
run_name = 'bert-kor-base'
best_loss = np.inf
log_path = f"{run_name}_metrics.txt"

# header with one column per class F1
cls_cols = "\t".join([f"T_F1_{c}" for c in class_names] + [f"V_F1_{c}" for c in class_names])
with open(log_path, 'w') as fh:
    fh.write(f"Epoch\tTrain_Loss\tTrain_Acc\tTrain_F1_W\tVal_Loss\tVal_Acc\tVal_F1_W\t{cls_cols}\n")

for ep in range(n_epochs):
    # train
    tr_loss, tr_acc, tr_f1w, tr_f1c = run_train_epoch(
        net, tr_loader, criterion, opt, dev
    )

    # validate
    va_loss, va_acc, va_f1w, va_f1c = run_eval_epoch(
        net, va_loader, criterion, dev
    )

    # keep the best weights by validation loss
    if va_loss < best_loss:
        print(f'[info] val_loss improved to {va_loss:.5f}; saving weights')
        best_loss = va_loss
        torch.save(net.state_dict(), f'./result/{run_name}.pth')

    # summary line
    print(f'Epoch [{ep+1:02d}/{n_epochs}]')
    print(f'TRAIN | Loss: {tr_loss:.4f} | Acc: {tr_acc:.4f} | F1(W): {tr_f1w:.4f}')
    print(f'VALID | Loss: {va_loss:.4f} | Acc: {va_acc:.4f} | F1(W): {va_f1w:.4f}')
    
    # per-class validation F1
    print("Class F1 (Val): " + " | ".join([f"{c}: {s:.4f}" for c, s in zip(class_names, va_f1c)]))
    print('-' * 50)

    # append to the text log
    tr_cls_str = "\t".join([f"{s:.4f}" for s in tr_f1c])
    va_cls_str = "\t".join([f"{s:.4f}" for s in va_f1c])
    
    with open(log_path, 'a') as fh:
        fh.write(
            f"{ep+1}\t"
            f"{tr_loss:.4f}\t{tr_acc:.4f}\t{tr_f1w:.4f}\t"
            f"{va_loss:.4f}\t{va_acc:.4f}\t{va_f1w:.4f}\t"
            f"{tr_cls_str}\t{va_cls_str}\n"
        )
