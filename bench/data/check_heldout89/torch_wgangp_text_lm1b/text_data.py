import collections
import numpy as np
import re

def split_words(text):
    return tuple(text.lower().split(' '))

class CharNgramStats(object):
    def __init__(self, order, seqs, by_word=False):
        if by_word:
            word_seqs = []
            for text in seqs:
                word_seqs.append(split_words(text))
            seqs = word_seqs

        self._n = order
        self._samples = seqs
        self._ngram_counts = collections.defaultdict(int)
        self._total_ngrams = 0
        for gram in self.ngrams():
            self._ngram_counts[gram] += 1
            self._total_ngrams += 1

    def ngrams(self):
        order = self._n
        for text in self._samples:
            for k in xrange(len(text)-order+1):
                yield text[k:k+order]

    def unique_ngrams(self):
        return set(self._ngram_counts.keys())

    def log_likelihood(self, gram):
        if gram not in self._ngram_counts:
            return -np.inf
        else:
            return np.log(self._ngram_counts[gram]) - np.log(self._total_ngrams)

    def kl_to(self, other):
        # other is a second CharNgramStats
        ratios = []
        for gram in other.ngrams():
            ratios.append(other.log_likelihood(gram) - self.log_likelihood(gram))
        return np.mean(ratios)

    def cosine_sim_with(self, other):
        # other is a second CharNgramStats
        dot = 0.
        norm_o = 0.
        norm_s = 0.
        for gram in other.unique_ngrams():
            po = np.exp(other.log_likelihood(gram))
            qs = np.exp(self.log_likelihood(gram))
            dot += po * qs
            norm_o += po**2
        for gram in self.unique_ngrams():
            qs = np.exp(self.log_likelihood(gram))
            norm_s += qs**2
        return dot / (np.sqrt(norm_o) * np.sqrt(norm_s))

    def precision_wrt(self, other):
        # other is a second CharNgramStats
        hits = 0.
        total = 0
        other_set = other.unique_ngrams()
        for gram in self.unique_ngrams():
            if gram in other_set:
                hits += self._ngram_counts[gram]
            total += self._ngram_counts[gram]
        return float(hits) / total

    def recall_wrt(self, other):
        return other.precision_wrt(self)

    def js_with(self, other):
        lp = np.array([other.log_likelihood(gram) for gram in other.unique_ngrams()])
        lq = np.array([self.log_likelihood(gram) for gram in other.unique_ngrams()])
        lm = np.logaddexp(lp - np.log(2), lq - np.log(2))
        kl_a = np.sum(np.exp(lp) * (lp - lm))

        lp = np.array([other.log_likelihood(gram) for gram in self.unique_ngrams()])
        lq = np.array([self.log_likelihood(gram) for gram in self.unique_ngrams()])
        lm = np.logaddexp(lp - np.log(2), lq - np.log(2))
        kl_b = np.sum(np.exp(lq) * (lq - lm))

        return 0.5*(kl_a + kl_b) / np.log(2)

def read_corpus(seq_len, cap, by_word=False, vocab_cap=2048, corpus_dir='/data/lm1b'):
    print("reading corpus shards...")

    rows = []

    done = False

    for k in xrange(99):
        shard = corpus_dir+("/training-monolingual.tokenized.shuffled/news.en-{}-of-00100".format(str(k+1).zfill(5)))
        with open(shard, 'r') as fh:
            for row in fh:
                row = row[:-1]
                if by_word:
                    row = split_words(row)
                else:
                    row = tuple(row)

                if len(row) > seq_len:
                    row = row[:seq_len]

                rows.append(row + ( ("`",)*(seq_len-len(row)) ) )

                if len(rows) == cap:
                    done = True
                    break
        if done:
            break

    np.random.shuffle(rows)

    import collections
    freq = collections.Counter(ch for row in rows for ch in row)

    ch2id = {'unk':0}
    id2ch = ['unk']

    for ch,cnt in freq.most_common(vocab_cap-1):
        if ch not in ch2id:
            ch2id[ch] = len(id2ch)
            id2ch.append(ch)

    clean_rows = []
    for row in rows:
        clean_row = []
        for ch in row:
            if ch in ch2id:
                clean_row.append(ch)
            else:
                clean_row.append('unk')
        clean_rows.append(tuple(clean_row))

    for k in xrange(100):
        print(clean_rows[k])

    print("corpus rows kept: {}".format(len(rows)))
    return clean_rows, ch2id, id2ch
