import os
import torch

from io import open
from util import read_reviews

class Vocab(object):
    #
    def __init__(self):
        self.tok2id = {}
        self.id2tok = []

    def add_token(self, tok):
        if tok not in self.tok2id:
            self.id2tok.append(tok)
            self.tok2id[tok] = len(self.id2tok) - 1
        return self.tok2id[tok]

    def __len__(self):
        return len(self.id2tok)

class ReviewCorpus(object):
    def __init__(self, opts):
        self.dictionary = Vocab()

        self.char_level = opts.type == 'char'

        self.train = self.tokenize(os.path.join(opts.data, 'dataset.json'), char_level=self.char_level)
        self.valid = self.tokenize(os.path.join(opts.data, 'valid.json'), char_level=self.char_level)

    def tokenize(self, fpath, char_level=False):
        assert os.path.exists(fpath)

        text = read_reviews(fpath)
        text = ' '.join(text['reviewText'])

        count = 0
        if char_level:
            text = list(text)
            toks = text + ['<eos>']
        else :
             toks = text.split() + ['<eos>']

        #
        count += len(toks)
        for tok in toks:
            self.dictionary.add_token(tok)

        #
        out = torch.LongTensor(count)
        pos = 0

        for tok in toks:
                out[pos] = self.dictionary.tok2id[tok]
                pos += 1

        return out

    def summary(self):

        kind = 'char' if self.char_level else 'word'

        msg = f'Using {kind} level embeddings\n'
        msg += f'Size of dictionary {len(self.dictionary)} \n'

        return msg