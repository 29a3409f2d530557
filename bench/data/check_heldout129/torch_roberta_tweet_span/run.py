import os
import torch
import pandas as pd
import torch.nn as nn
import numpy as np
import warnings
import torch.nn.functional as F
from torch.optim import lr_scheduler

from sklearn.model_selection import train_test_split
import transformers
import tokenizers
from transformers import AdamW
from transformers import get_linear_schedule_with_warmup
from tqdm.autonotebook import tqdm

import config
from train import run_train, run_eval
from dataset import SpanDataset
from model import SpanModel

warnings.filterwarnings("ignore")


def main():
    frame = pd.read_csv(config.CSV_PATH)

    tr_frame, va_frame = train_test_split(frame, test_size=0.2, random_state=42)

    tr_set = SpanDataset(
        text=tr_frame.text.values,
        polarity=tr_frame.sentiment.values,
        span=tr_frame.selected_text.values,
    )

    tr_loader = torch.utils.data.DataLoader(
        tr_set, batch_size=config.TRAIN_BS, num_workers=4
    )

    va_set = SpanDataset(
        text=va_frame.text.values,
        polarity=va_frame.sentiment.values,
        span=va_frame.selected_text.values,
    )

    va_loader = torch.utils.data.DataLoader(
        va_set, batch_size=config.VALID_BS, num_workers=2
    )

    dev = torch.device("cuda")
    enc_conf = transformers.RobertaConfig.from_pretrained(config.ENCODER_DIR)
    enc_conf.output_hidden_states = True
    net = SpanModel(conf=enc_conf)
    net.to(dev)

    n_steps = int(len(tr_frame) / config.TRAIN_BS * config.N_EPOCHS)
    named = list(net.named_parameters())
    skip_decay = ["bias", "LayerNorm.bias", "LayerNorm.weight"]
    groups = [
        {
            "params": [
                p for n, p in named if not any(nd in n for nd in skip_decay)
            ],
            "weight_decay": 0.001,
        },
        {
            "params": [
                p for n, p in named if any(nd in n for nd in skip_decay)
            ],
            "weight_decay": 0.0,
        },
    ]
    opt = AdamW(groups, lr=3e-5)
    sched = get_linear_schedule_with_warmup(
        opt, num_warmup_steps=0, num_training_steps=n_steps
    )

    for _ in range(config.N_EPOCHS):
        run_train(tr_loader, net, opt, dev, sched=sched)
        score = run_eval(va_loader, net, dev)
        print(f"score = {score}")

    torch.save(net, "model.pth")


if __name__ == "__main__":
    main()
