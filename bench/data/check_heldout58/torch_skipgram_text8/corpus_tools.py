import collections
import os
import pickle
import random
import urllib
from io import open
import numpy as np

def maybe_download(filename, expected_bytes):
    """
    fetch text8.zip if missing
    :param filename:
    :param expected_bytes:
    :return:
    """
    base = 'http://mattmahoney.net/dc/'
    if not os.path.exists(filename):
        print('downloading...')
        filename, _ = urllib.request.urlretrieve(base + filename, filename)
    st = os.stat(filename)
    if st.st_size == expected_bytes:
        print('size verified', filename)
    else:
        print(st.st_size)
        raise Exception(
            'size mismatch for ' + filename + '; try fetching it by hand')
    return filename


def read_own_data(filename):
    """
    read a whitespace-separated corpus.
    :param filename:
    :return:
    """
    print('reading corpus...')
    with open(filename, 'r', encoding='utf-8') as f:
        tokens = f.read().split()
    print('tokens', len(tokens))
    return tokens


def build_dataset(words, n_words):
    """
    encode the corpus
    :param words: token list
    :param n_words: keep this many most frequent tokens
    :return:
        - ids: [token_id]
        - freq: [ [token, count], ]
        - tok2id: {token: id}
        - id2tok: {id: token}
    """
    freq = [['UNK', -1]]
    freq.extend(collections.Counter(words).most_common(n_words - 1))
    tok2id = dict()
    for w, _ in freq:
        tok2id[w] = len(tok2id)
    ids = list()
    n_unk = 0
    for w in words:
        if w in tok2id:
            k = tok2id[w]
        else:
            k = 0  # id 0 is UNK
            n_unk += 1
        ids.append(k)
    freq[0][1] = n_unk
    id2tok = dict(zip(tok2id.values(), tok2id.keys()))
    return ids, freq, tok2id, id2tok

def dataset_tofile(ids, freq, tok2id, id2tok):
    pickle.dump(ids, open("data/data.list", "wb"))
    pickle.dump(freq, open("data/count.list", "wb"))
    pickle.dump(tok2id, open("data/word2index.dict", "wb"))
    pickle.dump(id2tok, open("data/index2word.dict", "wb"))

def read_fromfile():
    ids = pickle.load(open("data/data.list", "rb"))
    freq = pickle.load(open("data/count.list", "rb"))
    tok2id = pickle.load(open("data/word2index.dict", "rb"))
    id2tok = pickle.load(open("data/index2word.dict", "rb"))
    return ids, freq, tok2id, id2tok

def noise(vocabs, word_count):
    """
    unigram^0.75 sampling table
    :param vocabs:
    :param word_count:
    :return:
    """
    Z = 0.001
    table = []
    total = sum([c for w, c in word_count])
    for v in vocabs:
        table.extend([v] * int(((word_count[v][1]/total)**0.75)/Z))

    print("vocab size", len(vocabs))
    print("noise table size:", len(table))
    return table


class DataPipeline:
    def __init__(self, data, vocabs, word_count, data_index=0, use_noise_neg=True):
        self.data = data
        self.data_index = data_index
        if use_noise_neg:
            self.unigram_table = noise(vocabs, word_count)
        else:
            self.unigram_table = vocabs

    def get_neg_data(self, batch_size, num, target_inputs):
        """
        draw negatives (random.sample beats np.random.choice here).
        :param batch_size: int
        :param num: int
        :param target_inputs: []
        :return:
        """
        negs = np.zeros((num))
        for r in range(batch_size):
            draw = random.sample(self.unigram_table, num)
            while target_inputs[r] in draw:
                draw = random.sample(self.unigram_table, num)
            negs = np.vstack([negs, draw])
        return negs[1: batch_size + 1]

    def generate_batch(self, batch_size, num_skips, skip_window):
        """
        next (centre, context) batch
        :param batch_size:
        :param num_skips:
        :param skip_window:
        :return: centre ids and context ids
        """
        assert batch_size % num_skips == 0
        assert num_skips <= 2 * skip_window
        centre = np.ndarray(shape=(batch_size), dtype=np.int32)
        ctx = np.ndarray(shape=(batch_size), dtype=np.int32)
        width = 2 * skip_window + 1  # [ left, centre, right ]
        window = collections.deque(maxlen=width)
        for _ in range(width):
            window.append(self.data[self.data_index])
            self.data_index = (self.data_index + 1) % len(self.data)
        for r in range(batch_size // num_skips):
            pick = skip_window
            used = [skip_window]
            for j in range(num_skips):
                while pick in used:
                    pick = random.randint(0, width - 1)
                used.append(pick)
                centre[r * num_skips + j] = window[skip_window]
                ctx[r * num_skips + j] = window[pick]
            window.append(self.data[self.data_index])
            self.data_index = (self.data_index + 1) % len(self.data)
        self.data_index = (self.data_index + len(self.data) - width) % len(self.data)
        return centre, ctx
