import numpy as np
import collections


class DataHelper(object):
    def __init__(self, raw, min_count=5,  use_label=False, use_length=False):
        assert (use_label and (len(raw) == 2)) or ((not use_label) and (len(raw) == 1))
        self._min_count = min_count

        self.use_label = use_label
        self.use_length = use_length

        self.corpus = None
        self.corpus_num = 0
        if self.use_label:
            self.label = None
        if self.use_length:
            self.corpus_length = None
            self.max_sentence_length = 0
            self.min_sentence_length = 0

        self.vocab_size = 0
        self.vocab_size_raw = 0
        self.sentence_num = 0
        self.word_num = 0

        self.w2i = {}
        self.i2w = {}

        lines = []
        for part in raw:
            lines += part

        self._make_vocab(lines)
        if self.use_length:
            self.corpus, self.corpus_length = self._encode(lines)
        else:
            self.corpus = self._encode(lines)
        if self.use_label:
            self.label = self._make_labels(raw)

    def _make_labels(self, raw):
        tags = [0]*len(raw[0]) + [1]*len(raw[1])
        return np.array(tags)

    def _make_vocab(self, lines):
        self.sentence_num = len(lines)
        tokens = []
        for line in lines:
            tokens += line.split(' ')
        self.word_num = len(tokens)
        freq = sorted(collections.Counter(tokens).items(), key=lambda x: x[1], reverse=True)
        self.vocab_size_raw = len(freq)
        self.w2i['_PAD'] = 0
        self.w2i['_UNK'] = 1
        self.w2i['_BOS'] = 2
        self.w2i['_EOS'] = 3
        self.i2w[0] = '_PAD'
        self.i2w[1] = '_UNK'
        self.i2w[2] = '_BOS'
        self.i2w[3] = '_EOS'
        for (tok, cnt) in freq:
            if cnt > self._min_count:
                self.w2i[tok] = len(self.w2i)
                self.i2w[len(self.i2w)] = tok
        self.vocab_size = len(self.i2w)

    def _encode(self, lines):
        def _lookup(tok):
            try:
                return self.w2i[tok]
            except:
                return self.w2i['_UNK']
        encoded = [[self.w2i["_BOS"]] + list(map(_lookup, line.split(' '))) + [self.w2i["_EOS"]] for line in lines]
        if self.use_length:
            lengths = np.array([len(s) for s in encoded])
            self.max_sentence_length = lengths.max()
            self.min_sentence_length = lengths.min()
            self.corpus_num = len(encoded)
            return np.array(encoded), np.array(lengths)
        else:
            self.corpus_num = len(encoded)
            return np.array(encoded)


class DataGenerator(object):
    def __init__(self, corpus, ratio=0.8, corpus_length=None, label=None):
        """
        :param corpus: [ndarray(N,), ndarray(N,)]
        :param corpus_length: [ndarray(N,), ndarray(N,)]
        :param label: [ndarray(N,), ndarray(N,)]
        """
        if corpus_length is not None:
            self.use_length = True
        else:
            self.use_length = False
        if label is not None:
            self.use_label = True
        else:
            self.use_label = False

        self.sentence_num = corpus[0].shape[0]
        self._divide(corpus, ratio, corpus_length, label)

    def _divide(self, corpus, ratio, corpus_length=None, label=None):
        order = list(range(self.sentence_num))
        np.random.shuffle(order)
        self.train = [c[order[:int(self.sentence_num * ratio)]] for c in corpus]
        self.train_num = len(self.train[0])
        self.test = [c[order[int(self.sentence_num * ratio):]] for c in corpus]
        self.test_num = len(self.test[0])
        if self.use_length:
            self.train_length = [c[order[:int(self.sentence_num * ratio)]] for c in corpus_length]
            self.test_length = [c[order[int(self.sentence_num * ratio):]] for c in corpus_length]
        if self.use_label:
            self.label_train = [c[order[:int(self.sentence_num * ratio)]] for c in label]
            self.label_test = [c[order[int(self.sentence_num*ratio):]] for c in label]

    def _pad(self, rows):
        longest = max([len(r) for r in rows])
        for k in range(len(rows)):
            rows[k] += [0] * (longest - len(rows[k]))
        return np.array(list(rows))

    def train_generator(self, batch_size, shuffle=True):
        order = list(range(self.train_num))
        if shuffle:
            np.random.shuffle(order)
        while True:
            picked = order[0:batch_size]                   # indices of this batch
            order = order[batch_size:]                          # drop them from the pool
            if len(picked) == 0:
                return True
            rows = [c[picked] for c in self.train]
            rows = [self._pad(r) for r in rows]
            out = [rows]
            if self.use_length:
                lens = [c[picked] for c in self.train_length]
                out.append(lens)
            if self.use_label:
                tags = [c[picked] for c in self.label_train]
                out.append(tags)
            yield tuple(out)

    def test_generator(self, batch_size, shuffle=True):
        order = list(range(self.test_num))
        if shuffle:
            np.random.shuffle(order)
        while True:
            picked = order[0:batch_size]                   # indices of this batch
            order = order[batch_size:]                          # drop them from the pool
            if len(picked) == 0:
                return True
            rows = [c[picked] for c in self.test]
            rows = [self._pad(r) for r in rows]
            out = [rows]
            if self.use_length:
                lens = [c[picked] for c in self.test_length]
                out.append(lens)
            if self.use_label:
                tags = [c[picked] for c in self.label_test]
                out.append(tags)
            yield tuple(out)


if __name__ == '__main__':
    """
    with open('../corpora/polarity/pos.txt', 'r', encoding='Windows-1252') as f:
        pos_lines = list(f.readlines())
    pos_lines = list(filter(lambda x: x not in ['', None], pos_lines))
    with open('../corpora/polarity/neg.txt', 'r', encoding='Windows-1252') as f:
        neg_lines = list(f.readlines())
    neg_lines = list(filter(lambda x: x not in ['', None], neg_lines))
    helper = DataHelper([pos_lines, neg_lines], use_length=True, use_label=True)
    gen = helper.train_generator(64)
    n = 0
    a, b, c = gen.__next__()
    while True:
        try:
            a, b, c = gen.__next__()
            n += 1
            print(n)
        except:
            break"""
    pass
