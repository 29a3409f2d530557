import config
import dataset
import engine
import torch
import pandas as pd
import torch.nn as nn
import numpy as np

from model import BERTBaseUncased
from sklearn import model_selection
from sklearn import metrics
from transformers import AdamW
from transformers import get_linear_schedule_with_warmup


def main():
    reviews_df = pd.read_csv(config.TRAIN_CSV_PATH).fillna("none")
    reviews_df.sentiment = reviews_df.sentiment.apply(lambda s: 1 if s == "positive" else 0)

    train_df, valid_df = model_selection.train_test_split(
        reviews_df, test_size=0.1, random_state=42, stratify=reviews_df.sentiment.values
    )

    train_df = train_df.reset_index(drop=True)
    valid_df = valid_df.reset_index(drop=True)

    train_dataset = dataset.ReviewDataset(
        review_texts=train_df.review.values, labels=train_df.sentiment.values
    )

    train_loader = torch.utils.data.DataLoader(
        train_dataset, batch_size=config.TRAIN_BATCH, num_workers=4
    )

    valid_dataset = dataset.ReviewDataset(
        review_texts=valid_df.review.values, labels=valid_df.sentiment.values
    )

    valid_loader = torch.utils.data.DataLoader(
        valid_dataset, batch_size=config.VALID_BATCH, num_workers=1
    )

    device = torch.device(config.DEVICE)
    model = BERTBaseUncased()
    model.to(device)

    named_params = list(model.named_parameters())
    skip_decay = ["bias", "LayerNorm.bias", "LayerNorm.weight"]
    param_groups = [
        {
            "params": [
                p for n, p in named_params if not any(nd in n for nd in skip_decay)
            ],
            "weight_decay": 0.001,
        },
        {
            "params": [
                p for n, p in named_params if any(nd in n for nd in skip_decay)
            ],
            "weight_decay": 0.0,
        },
    ]

    total_steps = int(len(train_df) / config.TRAIN_BATCH * config.N_EPOCHS)
    optimizer = AdamW(param_groups, lr=3e-5)
    lr_sched = get_linear_schedule_with_warmup(
        optimizer, num_warmup_steps=0, num_training_steps=total_steps
    )

    best_acc = 0
    for epoch in range(config.N_EPOCHS):
        engine.train_one_epoch(train_loader, model, optimizer, device, lr_sched)
        probs, targets = engine.eval_one_epoch(valid_loader, model, device)
        probs = np.array(probs) >= 0.5
        acc = metrics.accuracy_score(targets, probs)
        print(f"validation accuracy: {acc}")
        if acc > best_acc:
            torch.save(model.state_dict(), config.MODEL_OUT_PATH)
            best_acc = acc


if __name__ == "__main__":
    main()
