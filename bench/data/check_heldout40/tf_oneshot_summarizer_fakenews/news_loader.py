from collections import Counter

INPUT_LEN_CAP = 500
TARGET_LEN_CAP = 50
INPUT_VOCAB_CAP = 5000
TARGET_VOCAB_CAP = 2000


def fit_text(X, Y, input_seq_max_length=None, target_seq_max_length=None):
    if input_seq_max_length is None:
        input_seq_max_length = INPUT_LEN_CAP
    if target_seq_max_length is None:
        target_seq_max_length = TARGET_LEN_CAP
    src_counts = Counter()
    tgt_counts = Counter()
    longest_src = 0
    longest_tgt = 0

    for doc in X:
        toks = [t.lower() for t in doc.split(' ')]
        n = len(toks)
        if n > input_seq_max_length:
            toks = toks[0:input_seq_max_length]
            n = len(toks)
        for t in toks:
            src_counts[t] += 1
        longest_src = max(longest_src, n)

    for doc in Y:
        wrapped = 'START ' + doc.lower() + ' END'
        toks = [t for t in wrapped.split(' ')]
        n = len(toks)
        if n > target_seq_max_length:
            toks = toks[0:target_seq_max_length]
            n = len(toks)
        for t in toks:
            tgt_counts[t] += 1
            longest_tgt = max(longest_tgt, n)

    src_w2i = dict()
    for k, item in enumerate(src_counts.most_common(INPUT_VOCAB_CAP)):
        src_w2i[item[0]] = k + 2
    src_w2i['PAD'] = 0
    src_w2i['UNK'] = 1
    src_i2w = dict([(k, t) for t, k in src_w2i.items()])

    tgt_w2i = dict()
    for k, item in enumerate(tgt_counts.most_common(TARGET_VOCAB_CAP)):
        tgt_w2i[item[0]] = k + 1
    tgt_w2i['UNK'] = 0

    tgt_i2w = dict([(k, t) for t, k in tgt_w2i.items()])
    
    n_src_tokens = len(src_w2i)
    n_tgt_tokens = len(tgt_w2i)

    cfg = dict()
    cfg['input_word2idx'] = src_w2i
    cfg['input_idx2word'] = src_i2w
    cfg['target_word2idx'] = tgt_w2i
    cfg['target_idx2word'] = tgt_i2w
    cfg['num_input_tokens'] = n_src_tokens
    cfg['num_target_tokens'] = n_tgt_tokens
    cfg['max_input_seq_length'] = longest_src
    cfg['max_target_seq_length'] = longest_tgt

    return cfg
