from typing import Callable
import torch
from torch.utils.data import Dataset
from torch.nn.utils.rnn import pad_sequence
from os import PathLike

from .iodata import read_wordsequences_tagsequences, read_wordsequences
from .preprocessing import LabelEncoder, CharacterLabelEncoder, sequence_condition_mask
from .vocabulary import Vocabulary, CharacterVocabulary


def task1_collate(rows: list[dict], use_targets: bool) -> dict[str, torch.Tensor]:
    wenc = [torch.Tensor(r['word_encodings']) for r in rows]
    wenc = pad_sequence(wenc, batch_first=True)

    lens = torch.IntTensor([len(r['word_encodings']) for r in rows])

    cmask = [torch.Tensor(r['capital_mask']) for r in rows]
    cmask = pad_sequence(cmask, batch_first=True)

    out: dict[str, torch.Tensor] = {
        'word_encodings': wenc,
        'lengths': lens,
        'capital_mask': cmask,
    }

    if use_targets:
        tenc = [torch.Tensor(r['tag_encodings']) for r in rows]
        tenc = pad_sequence(tenc, batch_first=True)
        out |= {'tag_encodings': tenc}

    return out


def task2_collate(rows: list[dict], use_targets: bool) -> dict[str, torch.Tensor]:
    wenc = [torch.Tensor(r['word_encodings']) for r in rows]
    cmask = [torch.Tensor(r['capital_mask']) for r in rows]

    lens = torch.IntTensor([len(r['word_encodings']) for r in rows])

    wenc = pad_sequence(wenc, batch_first=True)
    cmask = pad_sequence(cmask, batch_first=True)

    out: dict[str, torch.Tensor] = {
        'word_encodings': wenc,
        'lengths': lens,
        'capital_mask': cmask,
    }

    if use_targets:
        tenc = [torch.Tensor(r['tag_encodings']) for r in rows]
        tenc = pad_sequence(tenc, batch_first=True)
        out |= {'tag_encodings': tenc}

    return out


def task3_collate(rows: list[dict], use_targets: bool) -> dict[str, torch.Tensor]:

    wenc = [torch.Tensor(r['word_encodings']) for r in rows]
    cenc = [torch.Tensor(r['char_encodings']) for r in rows]

    cmask = [torch.Tensor(r['capital_mask']) for r in rows]

    lens = torch.IntTensor([len(r['word_encodings']) for r in rows])

    wenc = pad_sequence(wenc, batch_first=True)
    cenc = pad_sequence(cenc, batch_first=True)

    cmask = pad_sequence(cmask, batch_first=True)

    out: dict[str, torch.Tensor] = {
        'word_encodings': wenc,
        'char_encodings': cenc,
        'lengths': lens,
        'capital_mask': cmask,
    }

    if use_targets:
        tenc = [torch.Tensor(r['tag_encodings']) for r in rows]
        tenc = pad_sequence(tenc, batch_first=True)
        out |= {'tag_encodings': tenc}

    return out



def character_feature_extractor(
        seqs: list[list[str]],
        char_vocab_path: PathLike,
        word_vocab_path: PathLike) -> list[torch.Tensor]:

    wv = Vocabulary.from_file(word_vocab_path)
    cenc_fn = CharacterLabelEncoder(CharacterVocabulary.from_file(char_vocab_path))
    char_ids = cenc_fn.transform(seqs)
    max_wlen = max(len(r) for r in wv.keys())
    #
    return [
        torch.tensor([w[:max_wlen] + [0] * max(max_wlen - len(w), 0) for w in s])
        for s in char_ids
    ]


def case_feature_extractor(
        seqs: list[list[str]],) -> list[torch.Tensor]:

    #
    m_cap = sequence_condition_mask(seqs, lambda w: w[0].isupper())
    m_up = sequence_condition_mask(seqs, lambda w: w.isupper())
    m_low = sequence_condition_mask(seqs, lambda w: w.islower())
    m_mix = sequence_condition_mask(seqs, lambda w: not w.islower() and not w.isupper())

    return [
        torch.tensor(s).transpose(0, -1)
        for s in zip(m_cap, m_up, m_low, m_mix)
    ]


def word_preprocessor(
        seqs: list[list[str]],
        word_vocab_path: PathLike) -> list[torch.Tensor]:
        #
        wenc_fn = LabelEncoder(Vocabulary.from_file(word_vocab_path))
        word_ids = wenc_fn.transform(seqs,
                                                   default_value=wenc_fn.vocab['<unk>'],
                                                   key=lambda r: r.lower())
        #
        return [torch.tensor(s) for s in word_ids]


class Conll03Dataset(Dataset):

    def __init__(self, fpath: str | PathLike,
                 tag_vocab_path: str | PathLike,
                 feature_extractors: dict[str, Callable[[list[list[str]]], list[torch.Tensor]]],
                 use_targets=True) -> None:

        #
        self.use_targets = use_targets

        if use_targets:
            wseqs, tseqs = read_wordsequences_tagsequences(fpath, ' ')
            #
            #
            tenc_fn = LabelEncoder(Vocabulary.from_file(tag_vocab_path))
            tag_ids = tenc_fn.transform(tseqs)
            #
            self.tag_encodings:  list[torch.Tensor] = [torch.tensor(s) for s in tag_ids]
        else:
            wseqs = read_wordsequences(fpath, ' ')

        #
        self.feature_names = set()
        for fname, fn in feature_extractors.items():
            self.feature_names.add(fname)
            setattr(self, fname, fn(wseqs))

    def __getitem__(self, i: int) -> dict[str, torch.Tensor]:
        out = {fname: getattr(self, fname)[i] for fname in self.feature_names}
        if self.use_targets:
            out |= {'tag_encodings': self.tag_encodings[i]}

        return out

    def __len__(self) -> int:
        fname = next(iter(self.feature_names))
        return len(getattr(self, fname))