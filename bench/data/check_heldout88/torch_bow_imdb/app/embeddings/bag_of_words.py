import numpy as np
import pandas as pd
from torch import Tensor
from typing import List, Set
from collections import Counter

from app.embeddings.label_encoder import LabelEncoderExt

STRIP_CHARS = [".", "\"", "(", ")", ",", "?", "!", "'", ";", "{", "}", "-", "*", "=", ":", "\x91", "\x97", "<br />", "/", "<", ">"]


class BagOfWords:

    def __init__(self, vocab: Set[str], embedding):
        self.vocab = vocab
        self.embedding = embedding

    @classmethod
    def from_vocab(cls, vocab: Set[str]):
        enc = LabelEncoderExt()
        enc.fit(list(vocab))
        return cls(vocab, enc)

    @classmethod
    def from_vocab_file(cls, file: str):
        with open(file, "r") as fh:
            vocab = set(fh.read().splitlines())
        return cls.from_vocab(vocab)

    @classmethod
    def from_pandas(cls, *args: List[pd.Series]):
        vocab = set()
        for col in args:
            col.str.lower().str.split().apply(vocab.update)
        return cls.from_vocab(vocab)

    def store_vocab(self, file: str):
        with open(file, "w") as fh:
            fh.write("\n".join(list(self.vocab)))

    def spread_indices(self, indices: List[int], binary_vectorizer: bool = True) -> np.array:
        dense = np.zeros(len(self.vocab))
        if len(indices) == 0:
            return dense

        if binary_vectorizer:
            dense[indices] = 1
        else:
            counts = Counter(indices)
            dense[list(counts.keys())] = np.array(list(counts.values()))
        return dense

    def _embed_series(self, texts: pd.Series, show_progress: bool = False) -> pd.Series:
        if show_progress:
            return texts.str.split().progress_apply(self.embedding.transform)
        
        return texts.str.split().apply(self.embedding.transform)

    def create_tensor(self, texts: List[str]) -> Tensor:
        col = pd.Series(texts)
        cleaned = self.preprocess(col)
        encoded = self._embed_series(cleaned)
        self.spread_indices()

    @staticmethod
    def preprocess_text(text: str):
        for ch in STRIP_CHARS:
            text = text.replace(ch, " ")
        text = " ".join([tok for tok in text.split() if tok])
        return text.lower()

    @staticmethod
    def preprocess(texts: pd.Series) -> pd.Series:
        return texts.str.lower().apply(BagOfWords.preprocess_text)
