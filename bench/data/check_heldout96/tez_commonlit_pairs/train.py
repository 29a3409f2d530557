import argparse
import os
import pandas as pd
import tez
import transformers

from dataset import PairReadabilityDataset
from model import PairReadabilityModel
import numpy as np
import random
import torch
import itertools
from torch.utils.data import Sampler


def fix_seeds(seed: int) -> None:
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = True


def read_cli():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fold", type=int)
    ap.add_argument("--model", type=str, default="microsoft/deberta-large")
    ap.add_argument("--learning_rate", type=float, default=1, required=False)
    ap.add_argument("--batch_size", type=int, default=16, required=False)
    ap.add_argument("--epochs", type=int, default=200, required=False)
    ap.add_argument("--max_len", type=int, default=256, required=False)
    ap.add_argument("--output_folder", type=str, default="../models/")
    ap.add_argument("--accumulation_steps", type=int, default=1, required=False)
    ap.add_argument("--num_samples", type=int, required=True, default=5000)
    return ap.parse_args()


class CappedRandomSampler(Sampler):
    # draws a fixed number of random indices per epoch
    def __init__(self, source, num_samples=None):
        self.source = source
        self._cap = num_samples

        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(
                "num_samples must be a positive int " "but received num_samples={}".format(self.num_samples)
            )

    @property
    def num_samples(self):
        # the length of the source can change while running
        if self._cap is None:
            return len(self.source)
        return self._cap

    def __iter__(self):
        total = len(self.source)
        order = torch.randperm(total, dtype=torch.int64)[: self.num_samples].tolist()
        return iter(order)

    def __len__(self):
        return self.num_samples


if __name__ == "__main__":
    cli = read_cli()
    fix_seeds(42)
    os.makedirs(cli.output_folder, exist_ok=True)
    ckpt_file = os.path.join(
        cli.output_folder,
        f"{cli.model.replace('/',':')}__f{cli.fold}.bin",
    )
    tok = transformers.AutoTokenizer.from_pretrained(cli.model)
    frame = pd.read_csv("../input/train_folds.csv")

    # the reference passage is the one whose score is exactly zero
    anchor_text = frame.loc[frame.target == 0, "excerpt"].values[0]

    # map every passage to its readability score
    score_lookup = dict(zip(frame.excerpt.values.tolist(), frame.target.values.tolist()))
    frame_tr = frame[frame.kfold != cli.fold].reset_index(drop=True)
    frame_va = frame[frame.kfold == cli.fold].reset_index(drop=True)
    all_pairs = list(itertools.combinations(frame_tr.excerpt.values.tolist(), 2))

    # shuffle the pair list once
    random.shuffle(all_pairs)
    anchor_pairs = [(anchor_text, t) for t in frame_va.excerpt.values.tolist()]
    ds_train = PairReadabilityDataset(
        pairs=all_pairs,
        score_lookup=score_lookup,
        tokenizer=tok,
        max_len=cli.max_len,
        num_samples=cli.num_samples,
    )
    ds_valid = PairReadabilityDataset(
        pairs=anchor_pairs,
        score_lookup=score_lookup,
        tokenizer=tok,
        max_len=cli.max_len,
    )

    if cli.learning_rate == 1:
        total_steps = int(cli.num_samples / cli.batch_size * 20)
    else:
        total_steps = int(cli.num_samples / cli.batch_size * cli.epochs)
    net = PairReadabilityModel(
        model_name=cli.model,
        num_train_steps=total_steps,
        learning_rate=cli.learning_rate,
        steps_per_epoch=cli.num_samples / cli.batch_size,
    )
    stopper = tez.callbacks.EarlyStopping(
        monitor="valid_rmse",
        model_path=ckpt_file,
        save_weights_only=True,
        patience=cli.early_stopping_patience,
    )
    sampler_tr = CappedRandomSampler(ds_train, num_samples=cli.num_samples)
    net.fit(
        ds_train,
        valid_dataset=ds_valid,
        train_sampler=sampler_tr,
        train_bs=cli.batch_size,
        valid_bs=64,
        device="cuda",
        epochs=cli.epochs,
        callbacks=[stopper],
        fp16=True,
        train_shuffle=False,
    )
