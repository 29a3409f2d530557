"""Data sets, batching and sources for polarity classification."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import Dataset

from sentlstm.tokenizer import Vocabulary

# a very small hand-made corpus for offline checks
_GOOD = [
    "what a lovely film i enjoyed all of it",
    "great acting and a clever plot",
    "a warm funny story that i liked a lot",
    "beautiful pictures and strong music",
    "easily one of my favourite movies this year",
]
_BAD = [
    "what a dull film i disliked all of it",
    "weak acting and a silly plot",
    "a cold tedious story that i did not like",
    "ugly pictures and grating music",
    "easily one of the worst movies this year",
]


@dataclass
class SentimentDataset(Dataset):
    """Token ids of texts with their binary labels."""

    token_ids: list[list[int]]
    labels: np.ndarray
    texts: list[str]

    def __len__(self) -> int:
        return len(self.token_ids)

    def __getitem__(self, idx: int):
        return self.token_ids[idx], int(self.labels[idx])


def build_dataset(
    texts: list[str], labels: list[int], vocab: Vocabulary, max_len: int = 200
) -> SentimentDataset:
    """Turn texts into ids with ``vocab`` and wrap them as a :class:`SentimentDataset`."""
    token_ids = [vocab.encode(t, max_len=max_len) for t in texts]
    return SentimentDataset(token_ids, np.asarray(labels, dtype=np.int64), list(texts))


def collate_batch(
    items: list[tuple[list[int], int]],
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Pad one batch of id lists; return ids, lengths and labels."""
    lengths = [len(ids) for ids, _ in items]
    longest = max(lengths) if lengths else 1
    ids = np.zeros((len(items), longest), dtype=np.int64)
    for i, (seq, _) in enumerate(items):
        ids[i, : len(seq)] = seq
    labels = np.asarray([lab for _, lab in items], dtype=np.int64)
    return (
        torch.from_numpy(ids),
        torch.tensor(lengths, dtype=torch.long).clamp(min=1),
        torch.from_numpy(labels),
    )


def load_csv(path: str | Path) -> tuple[list[str], list[int]]:
    """Read a ``text,label`` CSV into a list of texts and a list of int labels.

    Args:
        path: CSV file whose header is ``text,label``.

    Returns:
        ``(texts, labels)``.
    """
    texts: list[str] = []
    labels: list[int] = []
    with Path(path).open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            texts.append(row["text"])
            labels.append(int(row["label"]))
    return texts, labels


def synthetic_sentiment(repeats: int = 20, seed: int = 0) -> tuple[list[str], list[int]]:
    """A small made-up polarity corpus."""
    rng = np.random.default_rng(seed)
    texts = (_GOOD + _BAD) * repeats
    labels = ([1] * len(_GOOD) + [0] * len(_BAD)) * repeats
    order = rng.permutation(len(texts))
    return [texts[i] for i in order], [labels[i] for i in order]


def load_rotten_tomatoes() -> tuple[tuple[list[str], list[int]], tuple[list[str], list[int]]]:
    """Fetch the public movie-review sentence polarity corpus.

    Goes through the HuggingFace ``datasets`` package; the corpus is about
    1 MB, some 8,500 training and 1,000 test sentences.

    Returns:
        ``(texts, labels)`` for train and for test.

    Raises:
        RuntimeError: when the corpus cannot be fetched.
    """
    try:
        from datasets import load_dataset

        ds = load_dataset("cornell-movie-review-data/rotten_tomatoes")
    except Exception as exc:  # noqa: BLE001
        raise RuntimeError(f"rotten_tomatoes could not be fetched: {exc}") from exc

    def split(name: str) -> tuple[list[str], list[int]]:
        part = ds[name]
        return list(part["text"]), [int(v) for v in part["label"]]

    return split("train"), split("test")
