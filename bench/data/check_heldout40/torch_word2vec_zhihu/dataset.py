#encoding:utf-8
import math
import random
from tqdm import tqdm
import numpy as np
from collections import Counter
from utils import pkl_write
import operator

class SkipGramCorpus(object):
    def __init__(self,
                 min_count,
                 corpus_file,
                 context_size,
                 has_header,
                 n_negatives,
                 max_vocab,
                 vocab_file,
                 batch_size,
                 shuffle,
                 seed,
                 subsample_t
                 ):

        self.context_size = context_size
        self.has_header   = has_header
        self.n_negatives  = n_negatives
        self.min_count    = min_count
        self.shuffle      = shuffle
        self.seed         = seed
        self.subsample_t  = subsample_t
        self.corpus_file  = corpus_file
        self.vocab_file   = vocab_file
        self.has_header   = has_header
        self.max_vocab    = max_vocab
        self.batch_size   = batch_size
        self.rng          = np.random.RandomState(self.seed)
        self.read_corpus()
        self.make_vocab()
        self.make_unigram_table()
        self.drop_frequent()

    # tokenise one line on whitespace
    def tokenize(self,text):
        pieces = text.split()
        return pieces

    # map a token to its index
    def lookup(self,token, table):
        return table[token][0] if token in table else table['<unk>'][0]

    # read the whole corpus file into token lists
    def read_corpus(self):
        self.docs = []
        with open(self.corpus_file, 'r') as handle:
            for n, text in tqdm(enumerate(handle), desc='reading corpus'):
                # first row may hold column names
                if n == 0 and self.has_header:
                    continue
                text = text.strip("\n")
                if text:
                    self.docs.append(self.tokenize(text))

    # count tokens and build the vocabulary
    def make_vocab(self):
        freq = Counter()
        for tokens in tqdm(self.docs,desc = 'counting tokens'):
            freq.update(tokens)
        freq = {k: v for k, v in freq.items()}
        freq = sorted(freq.items(), key=operator.itemgetter(1),reverse=True)
        kept = [(t[0],t[1]) for t in freq if t[1] >= self.min_count]
        if self.max_vocab:
            kept = kept[:self.max_vocab]
        kept =  kept+[('<unk>',0)]
        token2idx = {k: (i,v) for i,(k, v) in zip(range(0, len(kept)),kept)}
        self.token_count = {pair[0]: pair[1] for token, pair in token2idx.items()}
        self.vocab = {token: pair[0] for token, pair in token2idx.items()}
        pkl_write(data = token2idx,filename=self.vocab_file)

    # unigram^0.75 table used to draw negatives
    def make_unigram_table(self):
        self.unigram_table = []
        table_len = 1e8
        powered = np.array(list(self.token_count.values())) ** 0.75
        powered_sum = sum(powered)
        share = powered / powered_sum
        reps = np.round(share * table_len)
        for idx, r in enumerate(reps):
            self.unigram_table += [idx] * int(r)
        self.unigram_table = np.array(self.unigram_table)

    def keep_prob(self,p,scale):
        kp = (math.sqrt( p / self.subsample_t) + 1 ) * self.subsample_t / p
        if kp >1:
            kp = 1
        return kp * scale

    # subsample very frequent tokens
    def drop_frequent(self,scale = 2 ** 32):
        counts = np.array(list(self.token_count.values()))
        counts_sum = sum(counts)
        share = counts / counts_sum
        thresholds = [self.keep_prob(p,scale = scale) for p in share]

        self.id_docs = []
        for doc in self.docs:
            ids = [self.vocab[token] for token in doc if
                           token in self.vocab and thresholds[self.vocab[token]] >= random.random() * scale]
            if len(ids) > 0:
                self.id_docs.append(ids)
        del self.docs

    # draw negatives for one centre word
    def draw_negatives(self,centre):
        negs = []
        while len(negs) < self.n_negatives:
            cand = np.random.choice(self.unigram_table,size = self.n_negatives).tolist()[0]
            if cand != centre:
                negs.append(cand)
        return negs

    # yield skip-gram pairs one document at a time
    def pairs(self):
        for doc in self.id_docs:
            if len(doc) < 2:
                continue
            shrink = self.rng.randint(self.context_size)
            for i,c in enumerate(doc):
                doc_len = len(doc)
                lo = max(0, i - self.context_size + shrink)
                hi = min(doc_len, i + self.context_size + 1 - shrink)
                ctx = [doc[j] for j in range(lo, hi) if j != i]
                centres = [c] * len(ctx)
                neg_centres = [x for x in ctx for _ in range(self.n_negatives)]
                negs = [v for u in centres for v in self.draw_negatives(u)]
                yield centres,ctx,neg_centres,negs

