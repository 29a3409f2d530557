from multiprocessing import Manager, Process

import numpy as np
from keras.preprocessing.sequence import pad_sequences
from sklearn.preprocessing import LabelEncoder


def index_sequences(lookup, ds, split, shared):
    encoded = []
    for pos in range(len(ds)):
        if pos % 100 == 0 or pos == len(ds)-1:
            print('[%s] %d of %d (%.1f%%)' %(split, pos, len(ds)-1, pos*100/(len(ds)-1)))

        encoded.append([lookup[tok] for tok in ds[pos]])

    shared[split] = encoded

def decode_onehot(onehots, pos):
    decoded = []
    for row in onehots:
        out = []
        for vec in row:
            out.append(pos[np.argmax(vec)])

        decoded.append(out)

    return decoded

def onehot_tag_seqs(ds, n_classes):
    result = []
    for ids in ds:
        vecs = []
        for tid in ids:
            vecs.append(np.zeros(n_classes))
            vecs[-1][tid] = 1.0

        result.append(vecs)

    return result


def longest_sentence(ds):
    all_sents = []
    all_sents.extend(ds.train['sentence'].values)
    all_sents.extend(ds.validation['sentence'].values)
    all_sents.extend(ds.test['sentence'].values)

    max_len = len(max(all_sents, key=len))

    ds.max_len = max_len

    return max_len

def encode_words(ds):
    print('encoding words')

    all_sents = []
    all_sents.extend(ds.train['sentence'].values)
    all_sents.extend(ds.validation['sentence'].values)
    all_sents.extend(ds.test['sentence'].values)

    vocab = set()
    for sent in all_sents:
        for wd in sent:
            vocab.add(wd)

    w2i = {wd: k+1 for k, wd in enumerate(list(vocab))}
    w2i['<pad>'] = 0

    ds.w2i = w2i

    mgr = Manager()
    shared = mgr.dict()

    p_train = Process(target=index_sequences, args=(w2i, ds.train['sentence'].values, 'train', shared))
    p_train.start()

    p_val = Process(target=index_sequences, args=(w2i, ds.validation['sentence'].values, 'validation', shared))
    p_val.start()

    p_test = Process(target=index_sequences, args=(w2i, ds.test['sentence'].values, 'test', shared))
    p_test.start()

    p_train.join()
    p_val.join()
    p_test.join()

    max_len = longest_sentence(ds)

    ds.train['enc_sentence'] = pad_sequences(shared['train'], maxlen=max_len, padding='post').tolist()
    ds.validation['enc_sentence'] = pad_sequences(shared['validation'], maxlen=max_len, padding='post').tolist()
    ds.test['enc_sentence'] = pad_sequences(shared['test'], maxlen=max_len, padding='post').tolist()

def encode_tags(ds):
    print('encoding tags')

    all_tags_lists = []
    all_tags_lists.extend(ds.train['tags'].values)
    all_tags_lists.extend(ds.validation['tags'].values)
    all_tags_lists.extend(ds.test['tags'].values)

    tagset = set()
    for lst in all_tags_lists:
        for tg in lst:
            tagset.add(tg)

    t2i = {tg: k+1 for k, tg in enumerate(list(tagset))}
    t2i['<pad>'] = 0

    ds.t2i = t2i

    mgr = Manager()
    shared = mgr.dict()

    p_train = Process(target=index_sequences, args=(t2i, ds.train['tags'].values, 'train', shared))
    p_train.start()

    p_val = Process(target=index_sequences, args=(t2i, ds.validation['tags'].values, 'validation', shared))
    p_val.start()

    p_test = Process(target=index_sequences, args=(t2i, ds.test['tags'].values, 'test', shared))
    p_test.start()

    p_train.join()
    p_val.join()
    p_test.join()

    max_len = longest_sentence(ds)

    ds.train['enc_tags'] = pad_sequences(shared['train'], maxlen=max_len, padding='post').tolist()
    ds.validation['enc_tags'] = pad_sequences(shared['validation'], maxlen=max_len, padding='post').tolist()
    ds.test['enc_tags'] = pad_sequences(shared['test'], maxlen=max_len, padding='post').tolist()


    ds.train['one_hot_enc_tags'] = onehot_tag_seqs(ds.train['enc_tags'], len(t2i))
    ds.validation['one_hot_enc_tags'] = onehot_tag_seqs(ds.validation['enc_tags'], len(t2i))
    ds.test['one_hot_enc_tags'] = onehot_tag_seqs(ds.test['enc_tags'], len(t2i))
