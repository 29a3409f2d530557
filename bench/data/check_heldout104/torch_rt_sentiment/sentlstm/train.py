"""Fitting loop and accuracy for the polarity classifier."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np
import torch
from torch.utils.data import DataLoader

from sentlstm.data import SentimentDataset, collate_batch


def set_seed(seed: int = 0) -> None:
    """Fix the seeds of random, NumPy and torch."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


@torch.no_grad()
def accuracy(net: torch.nn.Module, loader: DataLoader, device: str = "cpu") -> float:
    """Share of correct predictions of ``net`` on ``loader``."""
    net.eval()
    hits, seen = 0, 0
    for ids, lengths, labels in loader:
        scores = net(ids.to(device), lengths.to(device))
        guess = scores.argmax(dim=1).cpu()
        hits += int((guess == labels).sum())
        seen += labels.shape[0]
    return hits / max(seen, 1)


@dataclass
class Trainer:
    """Fits the recurrent classifier with Adam and cross-entropy."""

    model: torch.nn.Module
    lr: float = 1e-3
    weight_decay: float = 0.0
    device: str = "cpu"
    history: dict[str, list[float]] = field(
        default_factory=lambda: {"train_loss": [], "test_acc": []}
    )

    def _loader(self, dataset: SentimentDataset, batch_size: int, shuffle: bool) -> DataLoader:
        return DataLoader(dataset, batch_size=batch_size, shuffle=shuffle, collate_fn=collate_batch)

    def fit(
        self,
        train_set: SentimentDataset,
        test_set: SentimentDataset | None = None,
        epochs: int = 5,
        batch_size: int = 64,
        verbose: bool = True,
    ) -> Trainer:
        self.model.to(self.device)
        opt = torch.optim.Adam(self.model.parameters(), lr=self.lr, weight_decay=self.weight_decay)
        criterion = torch.nn.CrossEntropyLoss()
        tr_loader = self._loader(train_set, batch_size, shuffle=True)
        for epoch in range(epochs):
            self.model.train()
            total, count = 0.0, 0
            for ids, lengths, labels in tr_loader:
                ids, lengths, labels = (
                    ids.to(self.device),
                    lengths.to(self.device),
                    labels.to(self.device),
                )
                opt.zero_grad()
                loss = criterion(self.model(ids, lengths), labels)
                loss.backward()
                opt.step()
                total += loss.item() * labels.shape[0]
                count += labels.shape[0]
            tr_loss = total / max(count, 1)
            self.history["train_loss"].append(tr_loss)
            te_acc = float("nan")
            if test_set is not None:
                te_acc = accuracy(
                    self.model, self._loader(test_set, batch_size, False), self.device
                )
            self.history["test_acc"].append(te_acc)
            if verbose:
                print(f"epoch {epoch + 1:3d}  train_loss={tr_loss:.4f}  test_acc={te_acc:.4f}")
        return self
