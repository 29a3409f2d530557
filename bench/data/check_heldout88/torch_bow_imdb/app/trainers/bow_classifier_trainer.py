from typing import Dict, List

import numpy as np
import pandas as pd
import torch
from sklearn.model_selection import train_test_split
from torch import nn, optim
from torch.utils.data import DataLoader

from app.data_loading.bow_data_loading import BowMovieSentimentDataset
from app.embeddings.bag_of_words import BagOfWords
from app.models.bow_classifier import BowClassifier
from app.preprocessing.preprocessor import Preprocessor


def run_one_epoch(net: nn.Module, loader: DataLoader, encoder, criterion, opt: optim.Optimizer) -> float:
    running, seen = 0.0, 0
    # l1_weight = 0.0001
    l1_weight = 0
    net.train()
    for step, batch in enumerate(loader):
        pct = np.round(step * 100 / len(loader), 2)
        print("epoch progress: {}%".format(pct), end="\r")
        target = batch["sentiment"].type(torch.FloatTensor)
        target = torch.unsqueeze(target, 1)
        vec = batch["review"].type(torch.FloatTensor)
        logits = net(vec)

        # optional L1 penalty on the weights
        first_w = next(net.parameters())
        l1_term = torch.norm(first_w, 1)
        batch_loss = criterion(logits, target) + l1_weight * l1_term
        running += batch_loss.item()
        opt.zero_grad()
        batch_loss.backward()
        opt.step()
        seen += len(batch["sentiment"])

    running /= seen
    return running


def evaluate(net: nn.Module, loader: DataLoader, encoder, criterion) -> Dict[str, float]:
    total, hits, seen = 0.0, 0, 0
    net.eval()
    with torch.no_grad():
        for _, batch in enumerate(loader):
            target = batch["sentiment"].type(torch.FloatTensor)
            target = torch.unsqueeze(target, 1)
            vec = batch["review"].type(torch.FloatTensor)
            logits = net(vec)

            guess = logits >= 0
            hits += (guess == target).sum().item()
            batch_loss = criterion(logits, target)
            total += batch_loss.item()
            seen += len(batch["sentiment"])

    acc = hits / seen
    total /= seen

    return {
        "loss": total,
        "accuracy": acc
    }


def explain(net: nn.Module, encoder) -> None:
    # list the words with the strongest weights
    w = next(net.parameters())
    decode = encoder.embedding.inverse_transform

    def top_words(k: int, largest: bool, absolute: bool = False) -> List[str]:
        ww = w.abs() if absolute else w
        vals, idxs = torch.topk(ww, k, largest=largest)
        vals = vals.squeeze(dim=0).tolist()
        names = decode(idxs[0].tolist())
        pairs = ["{} ({})".format(name, np.round(v, 4)) for (name, v) in zip(names, vals)]
        return pairs

    k = 10
    good = top_words(k, True)
    bad = top_words(k, False)
    neutral = top_words(k, False, True)
    print("Words pointing to a positive review:")
    print(", ".join(good))
    print("Words pointing to a negative review:")
    print(", ".join(bad))
    print("Words without sentiment:")
    print(", ".join(neutral))


class BowClassifierTrainer:
    @staticmethod
    def train(train_data_path: str = 'data/train.csv',
              model_checkpoint_path: str = 'checkpoints/bow_model.pt',
              vocab_checkpoint_path: str = 'checkpoints/bow_vocab.txt',
              num_epochs: int = 3):
        reviews = pd.read_csv(train_data_path)
        reviews["review"] = Preprocessor.remove_symbols(reviews["review"])
        print("symbols stripped")

        encoder = BagOfWords.from_pandas(reviews["review"])
        n_vocab = len(encoder.vocab)
        print("vocabulary: {}".format(n_vocab))

        reviews["review"] = encoder._embed_series(reviews["review"])
        reviews, held_out = train_test_split(reviews, train_size=0.8)

        ds_train = BowMovieSentimentDataset(reviews, embedding=encoder, binary_vectorizer=True)
        dl_train = DataLoader(ds_train, batch_size=128, shuffle=True, num_workers=4)
        print("train loader ready")
        ds_val = BowMovieSentimentDataset(held_out, embedding=encoder, binary_vectorizer=True)
        dl_val = DataLoader(ds_val, batch_size=256, shuffle=True, num_workers=4)
        print("validation loader ready")

        # linear bag-of-words classifier
        net = BowClassifier(n_vocab)
        # net = DeepBowClassifier(n_vocab, 128)

        criterion = nn.BCEWithLogitsLoss()
        lr = 1e-2
        opt = optim.Adam(net.parameters(), lr=lr)

        res = evaluate(net, dl_val, encoder, criterion)
        print("accuracy before training: {}".format(res["accuracy"]))
        for ep in range(num_epochs):
            tr_loss = run_one_epoch(net, dl_train, encoder, criterion, opt)
            res = evaluate(net, dl_val, encoder, criterion)
            print("epoch {}: train loss {}, val loss {}, val acc {}".format(ep+1, tr_loss, res["loss"], res["accuracy"]))

        torch.save(net, model_checkpoint_path)
        print("model written")
        encoder.store_vocab(vocab_checkpoint_path)
        print("vocabulary written")
        explain(net, encoder)
