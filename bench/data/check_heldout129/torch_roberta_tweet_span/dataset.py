import os
import torch
import numpy as np

import config


def encode_example(text, span, polarity, bpe, seq_len):
    text = " " + " ".join(str(text).split())
    span = " " + " ".join(str(span).split())

    span_len = len(span) - 1
    c0 = None
    c1 = None

    for pos in (k for k, ch in enumerate(text) if ch == span[1]):
        if " " + text[pos : pos + span_len] == span:
            c0 = pos
            c1 = pos + span_len - 1
            break

    in_span = [0] * len(text)
    if c0 != None and c1 != None:
        for c in range(c0, c1 + 1):
            in_span[c] = 1

    enc = bpe.encode(text)
    word_ids = enc.ids
    char_offsets = enc.offsets

    hit_tokens = []
    for t, (a, b) in enumerate(char_offsets):
        if sum(in_span[a:b]) > 0:
            hit_tokens.append(t)

    tok_start = hit_tokens[0]
    tok_end = hit_tokens[-1]

    polarity_tok = {"positive": 1313, "negative": 2430, "neutral": 7974}

    ids = [0] + [polarity_tok[polarity]] + [2] + [2] + word_ids + [2]
    segs = [0, 0, 0, 0] + [0] * (len(word_ids) + 1)
    attn = [1] * len(segs)
    char_offsets = [(0, 0)] * 4 + char_offsets + [(0, 0)]
    tok_start += 4
    tok_end += 4

    pad_n = seq_len - len(ids)
    if pad_n > 0:
        ids = ids + ([1] * pad_n)
        attn = attn + ([0] * pad_n)
        segs = segs + ([0] * pad_n)
        char_offsets = char_offsets + ([(0, 0)] * pad_n)

    return {
        "ids": ids,
        "mask": attn,
        "token_type_ids": segs,
        "targets_start": tok_start,
        "targets_end": tok_end,
        "orig_tweet": text,
        "orig_selected": span,
        "sentiment": polarity,
        "offsets": char_offsets,
    }


class SpanDataset:
    def __init__(self, text, polarity, span):
        self.text = text
        self.polarity = polarity
        self.span = span
        self.bpe = config.BPE
        self.seq_len = config.SEQ_LEN

    def __len__(self):
        return len(self.text)

    def __getitem__(self, i):
        ex = encode_example(
            self.text[i],
            self.span[i],
            self.polarity[i],
            self.bpe,
            self.seq_len,
        )

        return {
            "ids": torch.tensor(ex["ids"], dtype=torch.long),
            "mask": torch.tensor(ex["mask"], dtype=torch.long),
            "token_type_ids": torch.tensor(ex["token_type_ids"], dtype=torch.long),
            "targets_start": torch.tensor(ex["targets_start"], dtype=torch.long),
            "targets_end": torch.tensor(ex["targets_end"], dtype=torch.long),
            "orig_tweet": ex["orig_tweet"],
            "orig_selected": ex["orig_selected"],
            "sentiment": ex["sentiment"],
            "offsets": torch.tensor(ex["offsets"], dtype=torch.long),
        }
