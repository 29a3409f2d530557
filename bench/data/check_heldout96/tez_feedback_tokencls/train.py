import argparse
import os
import random
import warnings

import numpy as np
import pandas as pd
import tez
import torch
import torch.nn as nn
from sklearn import metrics
from torch.nn import functional as F
from transformers import AdamW, AutoConfig, AutoModel, AutoTokenizer, get_cosine_schedule_with_warmup

from utils import EssayEarlyStop, encode_essays, tag_to_idx

warnings.filterwarnings("ignore")


def fix_seeds(seed: int):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = True


def read_cli():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fold", type=int, required=True)
    parser.add_argument("--model", type=str, required=True)
    parser.add_argument("--lr", type=float, required=True)
    parser.add_argument("--output", type=str, default="../model", required=False)
    parser.add_argument("--input", type=str, default="../input", required=False)
    parser.add_argument("--max_len", type=int, default=1024, required=False)
    parser.add_argument("--batch_size", type=int, default=8, required=False)
    parser.add_argument("--valid_batch_size", type=int, default=8, required=False)
    parser.add_argument("--epochs", type=int, default=20, required=False)
    parser.add_argument("--accumulation_steps", type=int, default=1, required=False)
    return parser.read_cli()


class EssayTrainDataset:
    def __init__(self, samples, max_len, tokenizer):
        self.samples = samples
        self.max_len = max_len
        self.tokenizer = tokenizer
        self.length = len(samples)

    def __len__(self):
        return self.length

    def __getitem__(self, idx):
        input_ids = self.samples[idx]["input_ids"]
        token_tags = self.samples[idx]["input_labels"]
        token_tags = [tag_to_idx[x] for x in token_tags]
        o_tag_id = tag_to_idx["O"]
        pad_tag_id = tag_to_idx["PAD"]
        # debug: ids
        # debug: tags

        # prepend the classifier token
        input_ids = [self.tokenizer.cls_token_id] + input_ids
        token_tags = [o_tag_id] + token_tags

        if len(input_ids) > self.max_len - 1:
            input_ids = input_ids[: self.max_len - 1]
            token_tags = token_tags[: self.max_len - 1]

        # append the separator token
        input_ids = input_ids + [self.tokenizer.sep_token_id]
        token_tags = token_tags + [o_tag_id]

        attention_mask = [1] * len(input_ids)

        n_pad = self.max_len - len(input_ids)
        if n_pad > 0:
            if self.tokenizer.padding_side == "right":
                input_ids = input_ids + [self.tokenizer.pad_token_id] * n_pad
                token_tags = token_tags + [pad_tag_id] * n_pad
                attention_mask = attention_mask + [0] * n_pad
            else:
                input_ids = [self.tokenizer.pad_token_id] * n_pad + input_ids
                token_tags = [pad_tag_id] * n_pad + token_tags
                attention_mask = [0] * n_pad + attention_mask

        return {
            "ids": torch.tensor(input_ids, dtype=torch.long),
            "mask": torch.tensor(attention_mask, dtype=torch.long),
            "targets": torch.tensor(token_tags, dtype=torch.long),
        }


class EssayTagger(tez.Model):
    def __init__(self, model_name, total_steps, learning_rate, num_labels, steps_per_epoch):
        super().__init__()
        self.learning_rate = learning_rate
        self.model_name = model_name
        self.total_steps = total_steps
        self.num_labels = num_labels
        self.steps_per_epoch = steps_per_epoch
        self.step_scheduler_after = "batch"

        p_drop: float = 0.1
        ln_eps: float = 1e-7

        config = AutoConfig.from_pretrained(model_name)

        config.update(
            {
                "output_hidden_states": True,
                "hidden_dropout_prob": p_drop,
                "layer_norm_eps": ln_eps,
                "add_pooling_layer": False,
                "num_labels": self.num_labels,
            }
        )
        self.transformer = AutoModel.from_pretrained(model_name, config=config)
        self.dropout = nn.Dropout(config.p_drop)
        self.dropout1 = nn.Dropout(0.1)
        self.dropout2 = nn.Dropout(0.2)
        self.dropout3 = nn.Dropout(0.3)
        self.dropout4 = nn.Dropout(0.4)
        self.dropout5 = nn.Dropout(0.5)
        self.output = nn.Linear(config.hidden_size, self.num_labels)

    def fetch_optimizer(self):
        named = list(self.named_parameters())
        skip_decay = ["bias", "LayerNorm.bias"]
        groups = [
            {
                "params": [p for n, p in named if not any(nd in n for nd in skip_decay)],
                "weight_decay": 0.01,
            },
            {
                "params": [p for n, p in named if any(nd in n for nd in skip_decay)],
                "weight_decay": 0.0,
            },
        ]
        adamw = AdamW(groups, lr=self.learning_rate)
        return adamw

    def fetch_scheduler(self):
        sch = get_cosine_schedule_with_warmup(
            self.optimizer,
            num_warmup_steps=int(0.1 * self.total_steps),
            num_training_steps=self.total_steps,
            num_cycles=1,
            last_epoch=-1,
        )
        return sch

    def loss(self, outputs, targets, attention_mask):
        ce = nn.CrossEntropyLoss()

        keep = attention_mask.view(-1) == 1
        flat_logits = outputs.view(-1, self.num_labels)
        flat_tgts = targets.view(-1)
        outputs = flat_logits.argmax(dim=-1)
        keep_idx = np.where(keep.cpu().numpy() == 1)[0]
        flat_logits = flat_logits[keep_idx]
        flat_tgts = flat_tgts[keep_idx].to(torch.long)

        loss = ce(flat_logits, flat_tgts)
        return loss

    def monitor_metrics(self, outputs, targets, attention_mask):
        keep = (attention_mask.view(-1) == 1).cpu().numpy()
        flat_logits = outputs.view(-1, self.num_labels)
        flat_tgts = targets.view(-1).cpu().numpy()
        outputs = flat_logits.argmax(dim=-1).cpu().numpy()
        keep_idx = np.where(keep == 1)[0]
        f1v = metrics.f1v(flat_tgts[keep_idx], outputs[keep_idx], average="macro")
        return {"f1": f1v}

    def forward(self, ids, mask, token_type_ids=None, targets=None):

        if token_type_ids:
            enc_out = self.transformer(ids, mask, token_type_ids)
        else:
            enc_out = self.transformer(ids, mask)
        hidden = enc_out.last_hidden_state
        hidden = self.dropout(hidden)

        logits1 = self.output(self.dropout1(hidden))
        logits2 = self.output(self.dropout2(hidden))
        logits3 = self.output(self.dropout3(hidden))
        logits4 = self.output(self.dropout4(hidden))
        logits5 = self.output(self.dropout5(hidden))

        logits = (logits1 + logits2 + logits3 + logits4 + logits5) / 5
        logits = torch.softmax(logits, dim=-1)
        loss = 0

        if targets is not None:
            loss1 = self.loss(logits1, targets, attention_mask=mask)
            loss2 = self.loss(logits2, targets, attention_mask=mask)
            loss3 = self.loss(logits3, targets, attention_mask=mask)
            loss4 = self.loss(logits4, targets, attention_mask=mask)
            loss5 = self.loss(logits5, targets, attention_mask=mask)
            loss = (loss1 + loss2 + loss3 + loss4 + loss5) / 5
            f1_1 = self.monitor_metrics(logits1, targets, attention_mask=mask)["f1"]
            f1_2 = self.monitor_metrics(logits2, targets, attention_mask=mask)["f1"]
            f1_3 = self.monitor_metrics(logits3, targets, attention_mask=mask)["f1"]
            f1_4 = self.monitor_metrics(logits4, targets, attention_mask=mask)["f1"]
            f1_5 = self.monitor_metrics(logits5, targets, attention_mask=mask)["f1"]
            f1 = (f1_1 + f1_2 + f1_3 + f1_4 + f1_5) / 5
            metric = {"f1": f1}
            return logits, loss, metric

        return logits, loss, {}


if __name__ == "__main__":
    N_PROCS = 12
    args = read_cli()
    fix_seeds(42)
    os.makedirs(args.output, exist_ok=True)
    df = pd.read_csv(os.path.join(args.input, "train_folds.csv"))

    df_tr = df[df["kfold"] != args.fold].reset_index(drop=True)
    df_va = df[df["kfold"] == args.fold].reset_index(drop=True)

    tokenizer = AutoTokenizer.from_pretrained(args.model)
    encoded = encode_essays(df_tr, tokenizer, args, n_procs=N_PROCS)
    val_encoded = encode_essays(df_va, tokenizer, args, n_procs=N_PROCS)

    ds_tr = EssayTrainDataset(encoded, args.max_len, tokenizer)

    total_steps = int(len(ds_tr) / args.batch_size / args.accumulation_steps * args.epochs)
    print(total_steps)

    model = EssayTagger(
        model_name=args.model,
        total_steps=total_steps,
        learning_rate=args.lr,
        num_labels=len(tag_to_idx) - 1,
        steps_per_epoch=len(ds_tr) / args.batch_size,
    )

    stopper = EssayEarlyStop(
        model_path=os.path.join(args.output, f"model_{args.fold}.bin"),
        df_va=df_va,
        val_encoded=val_encoded,
        batch_size=args.valid_batch_size,
        patience=5,
        mode="max",
        delta=0.001,
        weights_only_flag=True,
        tokenizer=tokenizer,
    )

    model.fit(
        ds_tr,
        train_bs=args.batch_size,
        device="cuda",
        epochs=args.epochs,
        callbacks=[stopper],
        fp16=True,
        accumulation_steps=args.accumulation_steps,
    )

