import torch
import pandas as pd
import numpy as np

from torch.utils.data import Dataset, DataLoader
from transformers import RobertaTokenizer, RobertaForSequenceClassification
from torch.optim import AdamW
from sklearn.metrics import f1_score

DEV = torch.device("cuda" if torch.cuda.is_available() else "cpu")

CHECKPOINT = "roberta-base"
SEQ_LEN = 128
BS = 16
STEP = 2e-5
N_EPOCHS = 2

fit_df = pd.read_csv("data/binary_datasets/authority_vice/train.csv")
dev_df = pd.read_csv("data/binary_datasets/authority_vice/val.csv")
held = pd.read_csv("data/binary_datasets/authority_vice/test.csv")

class CommentSet(Dataset):
    def __init__(self,texts,labels,tokenizer):
        self.texts = texts
        self.labels = labels
        self.tokenizer = tokenizer
    
    def __len__(self):
        return len(self.texts)
    
    def __getitem__(self, i):
        enc = self.tokenizer(
            self.texts[i],
            truncation = True,
            padding = "max_length",
            max_length = SEQ_LEN,
            return_tensors = "pt"
        )

        return {
            "input_ids": enc["input_ids"].squeeze(0),
            "attention_mask": enc["attention_mask"].squeeze(0),
            "labels": torch.tensor(self.labels[i], dtype=torch.long)
        }
    
tok = RobertaTokenizer.from_pretrained(CHECKPOINT)

fit_set = CommentSet(
    fit_df["text"].tolist(),
    fit_df["label"].tolist(),
    tok
)

dev_set = CommentSet(
    dev_df["text"].tolist(),
    dev_df["label"].tolist(),
    tok
)

fit_loader = DataLoader(fit_set, batch_size=BS, shuffle=True)
dev_loader = DataLoader(dev_set, batch_size=BS, shuffle=True)

clf = RobertaForSequenceClassification.from_pretrained(
    CHECKPOINT,
    num_labels=2
)
clf.to(DEV)

opt = AdamW(clf.parameters(), lr=STEP)

def one_epoch(clf, loader):
    clf.train()
    running = 0

    for batch in loader:
        ids = batch["input_ids"].to(DEV)
        mask = batch["attention_mask"].to(DEV)
        target = batch["labels"].to(DEV)

        opt.zero_grad()

        out = clf(
            input_ids = ids,
            attention_mask = mask,
            labels = target
        )

        loss = out.loss
        loss.backward()
        opt.step()

        running += loss.item()

    return running / len(loader)

def score(clf, loader):
    clf.eval()
    guesses = []
    gold = []

    with torch.no_grad():
        for batch in loader:
            ids = batch["input_ids"].to(DEV)
            mask = batch["attention_mask"].to(DEV)

            out = clf(
            input_ids = ids,
            attention_mask = mask,
            )

            logits = out.logits
            picked = torch.argmax(logits, dim=1).cpu().numpy()

            guesses.extend(picked)
            gold.extend(batch["labels"].numpy())
    
    return f1_score(gold, guesses)


for ep in range(N_EPOCHS):
    fit_loss = one_epoch(clf, fit_loader)
    dev_f1 = score(clf, dev_loader)

    print(f"Epoch {ep+1}")
    print(f"Fit loss: {fit_loss:.4f}")
    print(f"Dev F1: {dev_f1:.4f}")
