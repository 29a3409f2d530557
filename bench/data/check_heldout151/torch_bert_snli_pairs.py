import json

import torch
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader, Subset
from transformers import BertTokenizer, BertForSequenceClassification
import pandas as pd

import argparse
import os
import logging

DEV = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")

ap = argparse.ArgumentParser()
ap.add_argument("--train_path", type=str, default="data/snli_1.0/snli_1.0_train.txt")
ap.add_argument("--dev_path", type=str, default="data/snli_1.0/snli_1.0_dev.txt")
ap.add_argument("--test_path", type=str, default="data/snli_1.0/snli_1.0_test.txt")
ap.add_argument("--model_save_dir", type=str, default="./snli_bert_out",
                    help="Where the fine-tuned weights are written.")
ap.add_argument("--pretrained_name_or_path", type=str,
                    default="bert-base-uncased",
                    help="Starting checkpoint for fine-tuning "
                         "(hub name or local folder)")
ap.add_argument("--learning_rate", type=float, default=2e-5)
ap.add_argument("--max_seq_len", type=int, default=41)
ap.add_argument("--batch_size", type=int, default=2)
ap.add_argument("--max_epochs", type=int, default=5)
ap.add_argument("--validate_every_n_examples", type=int, default=5_000)
ap.add_argument("--early_stopping_rounds", type=int, default=5)


class PairDataset(Dataset):
    def __init__(self, firsts, seconds, targets, tok, max_seq_len=41):
        self.ids = []
        self.types = []
        self.masks = []
        self.special = []
        self.targets = []
        self.max_seq_len = max_seq_len

        for prem, hyp, tgt in zip(firsts, seconds, targets):
            enc = tok.encode_plus(prem, hyp, max_length=max_seq_len,
                                              padding="max_length", truncation="longest_first",
                                              return_special_tokens_mask=True)
            self.ids.append(enc["input_ids"])
            self.types.append(enc["token_type_ids"])
            self.masks.append(enc["attention_mask"])
            self.special.append(enc["special_tokens_mask"])
            self.targets.append(tgt)

        self.ids = torch.tensor(self.ids)
        self.types = torch.tensor(self.types)
        self.masks = torch.tensor(self.masks)
        self.special = torch.tensor(self.special)
        self.targets = torch.tensor(self.targets)

    def __getitem__(self, i):
        return {
            "input_ids": self.ids[i],
            "token_type_ids": self.types[i],
            "attention_mask": self.masks[i],
            "special_tokens_mask": self.special[i],
            "labels": self.targets[i]
        }

    def __len__(self):
        return self.ids.shape[0]


def read_pairs(path, sample_size=None):
    """ Reader shared by the SNLI and MultiNLI tab files """
    frame = pd.read_csv(path, sep="\t", na_values=[""], nrows=sample_size, encoding="utf-8", quoting=3)
    # rows with a missing sentence are dropped
    frame = frame.dropna(axis=0, how="any", subset=["sentence1", "sentence2"])
    keep = frame["gold_label"] != "-"
    frame = frame.loc[keep].reset_index(drop=True)

    return frame


if __name__ == "__main__":
    opts = ap.parse_args()
    CLASS_IDS = {"entailment": 0, "neutral": 1, "contradiction": 2}

    os.makedirs(opts.model_save_dir, exist_ok=True)
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s [%(levelname)s] %(message)s",
        handlers=[
            logging.FileHandler(os.path.join(opts.model_save_dir, f"train.log")),
            logging.StreamHandler()
        ]
    )
    logging.info(f"device: {DEV}")
    with open(os.path.join(opts.model_save_dir, "training_args.json"), "w", encoding="utf-8") as fh:
        json.dump(vars(opts), fp=fh, indent=4)

    n_classes = len(CLASS_IDS)
    logging.info(f"{n_classes} classes")
    net = BertForSequenceClassification.from_pretrained(opts.pretrained_name_or_path,
                                                          num_labels=n_classes).to(DEV)
    tok = BertTokenizer.from_pretrained(opts.pretrained_name_or_path)

    tr_df = read_pairs(opts.train_path)
    va_df = read_pairs(opts.dev_path)
    te_df = read_pairs(opts.test_path)
    logging.info(f"rows: {tr_df.shape[0]} train, {va_df.shape[0]} dev, {te_df.shape[0]} test")

    logging.info("building datasets")
    tr_set = PairDataset(firsts=tr_df["sentence1"].values,
                           seconds=tr_df["sentence2"].values,
                           targets=tr_df["gold_label"].apply(lambda s: CLASS_IDS[s]).values,
                           tok=tok,
                           max_seq_len=opts.max_seq_len)
    va_set = PairDataset(firsts=va_df["sentence1"].values,
                         seconds=va_df["sentence2"].values,
                         targets=va_df["gold_label"].apply(lambda s: CLASS_IDS[s]).values,
                         tok=tok,
                         max_seq_len=opts.max_seq_len)
    te_set = PairDataset(firsts=te_df["sentence1"].values,
                          seconds=te_df["sentence2"].values,
                          targets=te_df["gold_label"].apply(lambda s: CLASS_IDS[s]).values,
                          tok=tok,
                          max_seq_len=opts.max_seq_len)

    opt = optim.AdamW(net.parameters(), lr=opts.learning_rate)

    tok.save_pretrained(opts.model_save_dir)
    best_acc, stale = 0.0, 0
    halt = False

    for ep in range(opts.max_epochs):
        order = torch.randperm(len(tr_set))

        n_chunks = (len(tr_set) + opts.validate_every_n_examples - 1) // opts.validate_every_n_examples
        for ch in range(n_chunks):
            logging.info(f"chunk {ch}/{n_chunks - 1}")
            chunk = Subset(tr_set, order[ch * opts.validate_every_n_examples:
                                                             (ch + 1) * opts.validate_every_n_examples])
            n_batches = (len(chunk) + opts.batch_size - 1) // opts.batch_size
            net.train()

            tr_loss = 0.0
            for mb in DataLoader(chunk, shuffle=False, batch_size=opts.batch_size):
                _mb = {k: v.to(DEV) for k, v in mb.items() if k != "special_tokens_mask"}
                out = net(**_mb, return_dict=True)
                loss = out["loss"]

                loss.backward()
                opt.step()
                opt.zero_grad()

                tr_loss += float(loss)
            tr_loss = tr_loss / n_batches

            logging.info(f"train loss = {tr_loss: .4f}")

            n_dev_batches = (len(va_set) + opts.batch_size - 1) // opts.batch_size
            va_loss = 0.0
            hits = 0
            with torch.no_grad():
                net.eval()
                for mb in DataLoader(va_set, shuffle=False, batch_size=opts.batch_size):
                    _mb = {k: v.to(DEV) for k, v in mb.items() if k != "special_tokens_mask"}
                    out = net(**_mb, return_dict=True)
                    loss = out["loss"]
                    hits += int(torch.sum(torch.argmax(out["logits"], dim=1) == _mb["labels"]))

                    va_loss += float(loss)

            va_acc = hits / len(va_set)
            va_loss = va_loss / n_dev_batches
            logging.info(f"dev accuracy = {va_acc: .4f}")
            if va_acc > best_acc:
                logging.info("improved, saving")
                best_acc = va_acc
                stale = 0
                net.save_pretrained(opts.model_save_dir)
            else:
                stale += 1

            if stale == opts.early_stopping_rounds:
                logging.info(f"no dev improvement for {opts.early_stopping_rounds} checks, stopping")
                halt = True
                break

        if halt:
            break

    logging.info("test set")
    test_hits = 0
    with torch.no_grad():
        net.eval()
        for mb in DataLoader(te_set, shuffle=False, batch_size=opts.batch_size):
            _mb = {k: v.to(DEV) for k, v in mb.items() if k != "special_tokens_mask"}
            out = net(**_mb, return_dict=True)
            loss = out["loss"]
            test_hits += int(torch.sum(torch.argmax(out["logits"], dim=1) == _mb["labels"]))

    te_acc = test_hits / len(te_set)
    logging.info(f"test accuracy: {te_acc: .4f}")
