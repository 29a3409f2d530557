from collections import Counter
import nltk


def fit_text(caps, max_vocab_size, max_allowed_seq_length=None):
    freq = Counter()
    longest = 0
    for cap in caps:
        cap = 'START ' + cap.lower() + ' END'
        toks = nltk.word_tokenize(cap)
        toks = [w2 for w2 in toks if w2.isalnum()]
        n_tok = len(toks)
        if max_allowed_seq_length is not None and n_tok > max_allowed_seq_length:
            n_tok = max_allowed_seq_length
            toks = toks[:n_tok-1] + ['END']
        longest = max(n_tok, longest)

        for tk in toks:
            freq[tk] += 1

    w2i = dict()
    for pos, w2 in enumerate(freq.most_common(max_vocab_size)):
        w2i[w2[0]] = pos

    cfg = dict()
    cfg['max_seq_length'] = longest
    cfg['word2idx'] = w2i
    cfg['vocab_size'] = len(w2i)
    cfg['idx2word'] = dict([(pos, w2) for w2, pos in w2i.items()])

    return cfg
