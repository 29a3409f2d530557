import os
import torch
from torch.autograd import Variable
import re
from collections import Counter
import pickle

"""
Here batch_size counts parallel token streams, not examples: the training text is cut
into batch_size long rows and windows are taken along them.

The task is next-word prediction; evaluation asks for the last word of each passage.
"""

def data_generator(args):
    if os.path.exists(args.data + "/corpus") and not args.corpus:
        corpus = pickle.load(open(args.data + '/corpus', 'rb'))
    else:
        print("building the corpus...")
        corpus = Corpus(args.data + "/lambada_vocabulary_sorted.txt", args.data)
        pickle.dump(corpus, open(args.data + '/corpus', 'wb'))

    eval_bs = 1
    tr_data = batchify(corpus.train, args.batch_size, args)
    va_data = [[0] * (args.seq_len-len(row)) + row for row in corpus.valid]
    te_data = [[0] * (args.seq_len-len(row)) + row for row in corpus.test]
    return tr_data, va_data, te_data, corpus


class Dictionary(object):
    def __init__(self):
        self.word2idx = {}
        self.idx2word = []

    def add_word(self, w):
        if w not in self.word2idx:
            self.idx2word.append(w)
            self.word2idx[w] = len(self.idx2word) - 1
        return self.word2idx[w]

    def __len__(self):
        return len(self.idx2word)


class Corpus(object):
    def __init__(self, vocab_file, root):
        self.dictionary = Dictionary()
        self.load_vocab(vocab_file)
        self.train = torch.LongTensor(self.tokenize(os.path.join(root, 'train-novels')))
        self.valid = self.tokenize(os.path.join(root, 'lambada_development_plain_text.txt'), eval=True)
        self.test = self.tokenize(os.path.join(root, 'lambada_test_plain_text.txt'), eval=True)

    def load_vocab(self, vocab_file):
        assert os.path.exists(vocab_file)

        # one word per line
        with open(vocab_file, 'r') as fh:
            n_tok = 0
            for row in fh:
                w = row.strip()
                n_tok += 1
                self.dictionary.add_word(w)

        if "<eos>" not in self.dictionary.word2idx:
            self.dictionary.add_word("<eos>")
            n_tok += 1

        print("vocabulary file gave {0} words.".format(n_tok))

    def tokenize(self, path, eval=False):
        assert os.path.exists(path)

        ids = []
        n_tok = 0
        n_miss = 0
        if not path.endswith(".txt"):   # a folder of novels
            for sub in os.listdir(path):
                for fname in os.listdir(path + "/" + sub):
                    if fname.endswith(".txt"):
                        fpath = "{0}/{1}/{2}".format(path, sub, fname)
                        # ids of this novel
                        more_ids, more_tok, more_miss = self._tokenize_file(fpath, eval=eval)
                        ids += more_ids
                        n_tok += more_tok
                        n_miss += more_miss
        else:
            ids, n_tok, n_miss = self._tokenize_file(path, eval=eval)

        print(n_tok, n_miss)
        return ids

    def _tokenize_file(self, path, eval=False):
        with open(path, 'r') as fh:
            n_tok = 0
            ids = []
            n_miss = 0
            for row in fh:
                row_ids = []
                words = row.strip().split() + ['<eos>']
                if eval:
                    words = words[:-1]
                for w in words:
                    # contractions the vocabulary spells out
                    if w == "n't":
                        w = "not"
                    elif w == "'s":
                        w = "is"
                    elif w == "'re":
                        w = "are"
                    elif w == "'ve":
                        w = "have"
                    elif w == "wo":
                        w = "will"
                    if w not in self.dictionary.word2idx:
                        w = re.sub(r'[^\w\s]', '', w)
                    if w not in self.dictionary.word2idx:
                        n_miss += 1
                        continue
                    row_ids.append(self.dictionary.word2idx[w])
                    n_tok += 1
                if eval:
                    ids.append(row_ids)
                else:
                    ids += row_ids
        return ids, n_tok, n_miss


def batchify(tokens, bs, args):
    """Returns a [bs x L] LongTensor, L being the length of each stream"""
    # how many whole columns fit
    n_cols = tokens.size(0) // bs
    # drop the remainder
    tokens = tokens.narrow(0, 0, n_cols * bs)
    # one row per stream
    tokens = tokens.view(bs, -1)
    print(tokens.size())
    if args.cuda:
        tokens = tokens.cuda()
    return tokens


def get_batch(src, i, args, seq_len=None, evaluation=False):
    seq_len = min(seq_len if seq_len else args.seq_len, src.size(1) - 1 - i)
    x = Variable(src[:, i:i+seq_len], volatile=evaluation)
    y = Variable(src[:, i+1:i+1+seq_len])  # not flattened here
    return x, y
