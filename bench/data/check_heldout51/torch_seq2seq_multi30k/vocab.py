import pandas as pd
import numpy as np
import torch
from utils import clean_sentence, pad_to

class WordTable:
    def __init__(self, sentences, max_length):
        self.w2i = {}
        self.i2w = {}
        self.size = 0

        # sentences: list of raw strings
        self.sentences = sentences
        self.max_length = max_length

        self.build()

    def build(self):
        counts = {}

        for sent in self.sentences:
            sent = clean_sentence(sent)
            for w in sent.split():
                if w not in counts:
                    counts[w] = 1
                else:
                    counts[w] += 1

        by_freq = dict(sorted(counts.items(), key= lambda kv: kv[1], reverse= True))

        self.w2i = {'<sos>': 0, '<eos>': 1, '<unk>': 2, '<pad>': 3}
        self.size = 4

        for w in by_freq.keys():
            self.w2i[w] = self.size
            self.size += 1

        self.i2w = {i: w for w, i in self.w2i.items()}

    def encode(self, text: str):
        ids = [self.sos_idx()]
        ids += [self.w2i.get(w, self.w2i['<unk>']) for w in clean_sentence(text).split()]
        ids += [self.eos_idx()]
        return pad_to(ids, self.max_length, self.pad_idx())
    
    def decode(self, ids: list):
        words = [self.i2w[i] for i in ids]
        return [w for w in words if w not in ['<eos>', '<sos>']]
    
    def vocab_size(self):
        return self.size

    def pad_idx(self):
        return self.w2i['<pad>']
    
    def sos_idx(self):
        return self.w2i['<sos>']

    def eos_idx(self):
        return self.w2i['<eos>']
