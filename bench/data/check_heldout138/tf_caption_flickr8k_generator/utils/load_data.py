import numpy as np
from utils.preprocessing import *
from pickle import load, dump
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from keras.utils import to_categorical
import random
'''
    *The split files (train / dev image lists) hold one image file name per line;
        the part before the dot is the image key
    *Read such a list of keys
    *Sample lines:
        1000268201_693b08cb0e.jpg
        1001773457_577c3a7d70.jpg
        1002674143_1b742ab4b8.jpg
        1003163366_44323f5815.jpg
        1007129816_e794419615.jpg
'''
def read_split_keys(path):
    fh = open(path, 'r')
    text = fh.read()
    fh.close()
    keys = list()
    # one key per line
    for ln in text.split('\n'):
        # blank line
        if len(ln) < 1:
            continue
        # drop the extension
        key = ln.split('.')[0]
        keys.append(key)
    return set(keys)

'''
    *The decoder predicts one word at a time from the image and the words so far,
        so each caption needs a start marker to begin from and an end marker to stop at.
        Both are added while reading so that the tokenizer learns them too.
    *We use 'startseq' and 'endseq'.
    *These wrap every caption on load.
    *Doing it before tokenizing keeps the markers in the vocabulary.
    *Read the cleaned captions of the given keys
    *Sample lines:
        1000268201_693b08cb0e a child in a pink dress climbs stairs
        1000268201_693b08cb0e a girl walks into a wooden building
        1000268201_693b08cb0e a little girl climbs into a playhouse
        1000268201_693b08cb0e a little girl on the stairs of her playhouse
        1000268201_693b08cb0e a little girl in pink goes into a cabin
'''
def read_clean_captions(path, keys):
    fh = open(path, 'r')
    text = fh.read()
    fh.close()
    caps = dict()
    n = 0
    # one caption per line
    for ln in text.split('\n'):
        # whitespace split
        parts = ln.split()
        # key first, words after
        key, words = parts[0], parts[1:]
        # only keys of this split
        if key in keys:
            # new list for a new key
            if key not in caps:
                caps[key] = list()
            # add the markers
            c = 'startseq ' + ' '.join(words) + ' endseq'
            # keep
            caps[key].append(c)
            n = n+1
    return caps, n

# CNN vectors of the split
def read_split_features(path, keys):
    # the whole pickle
    everything = load(open(path, 'rb'))
    # keep this split
    feats = {k: everything[k] for k in keys}
    return feats

# flatten the dict of caption lists
def flatten_captions(caps):
    out = list()
    for key in caps.keys():
        [out.append(c) for c in caps[key]]
    return out

'''
    *Words must become integers before the model can use them.
    *A Keras Tokenizer learns the word -> id table from the captions.
    *
    *Fit it on the captions
'''
def fit_tokenizer(caps):
    lines = flatten_captions(caps)
    tok = Tokenizer()
    tok.fit_on_texts(lines)
    return tok

# longest caption, in words
def longest_caption(caps):
    lines = flatten_captions(caps)
    return max(len(ln.split()) for ln in lines)

'''
    *Every caption is cut into prefixes; the model sees the image and a prefix and
        predicts the word after it.
    *Then the prefix grows by one word and the next word is the target.
    *That is how training pairs are made.
    *For example "dog runs on grass" gives
        these pairs:

        X1      X2 (prefix)                             y (next word)
        -----------------------------------------------------------------
        image   startseq,                               dog
        image   startseq, dog,                          runs
        image   startseq, dog, runs,                    on
        image   startseq, dog, runs, on,                grass
        image   startseq, dog, runs, on, grass,         endseq
        
'''
# prefix / next-word pairs of one image
def make_pairs(tok, max_len, cap_list, img_vec):
    # X1 : image vectors
    # X2 : padded prefixes
    # y  : one-hot next words
    X1, X2, y = list(), list(), list()
    n_words = len(tok.word_index) + 1
    # every caption of the image
    for c in cap_list:
        # to ids
        ids = tok.texts_to_sequences([c])[0]
        # every prefix
        for k in range(1, len(ids)):
            # prefix and the word after it
            prefix, nxt = ids[:k], ids[k]
            # pad the prefix
            prefix = pad_sequences([prefix], maxlen=max_len)[0]
            # one-hot target
            nxt = to_categorical([nxt], num_classes=n_words)[0]
            # collect
            X1.append(img_vec)
            X2.append(prefix)
            y.append(nxt)
    return X1, X2, y

# endless batch generator for fit_generator
def batch_stream(feats, caps, tok, max_len, batch_size, seed):
    # fixed seed
    random.seed(seed)
    # image keys
    keys = list(caps.keys())
    pos=0
    assert batch_size<= len(keys), 'batch size may be at most {}'.format(len(keys))
    while True:
        if pos >= len(keys):
            # wrap around
            pos = 0
        # batch buffers
        b_img, b_seq, b_next = list(), list(), list()
        for k in range(pos, min(len(keys), pos+batch_size)):
            # image key
            key = keys[k]
            # its CNN vector
            vec = feats[key][0]
            # its captions
            cap_list = caps[key]
            # new caption order
            random.shuffle(cap_list)
            i_vecs, i_seqs, i_next = make_pairs(tok, max_len, cap_list, vec)
            # into the batch
            for j in range(len(i_vecs)):
                b_img.append(i_vecs[j])
                b_seq.append(i_seqs[j])
                b_next.append(i_next[j])
        pos = pos + batch_size
        yield [[np.array(b_img), np.array(b_seq)], np.array(b_next)]

def read_train_split(config):
    keys = read_split_keys(config['train_data_path'])
    # build captions.txt and the features pickle when they
    # are missing
    preprocessData(config)
    # captions
    caps, n = read_clean_captions(config['model_data_path']+'captions.txt', keys)
    # CNN vectors
    feats = read_split_features(config['model_data_path']+'features_'+str(config['model_type'])+'.pkl', keys)
    print('{}: training images: {}'.format(mytime(),len(feats)))
    print('{}: training captions: {}'.format(mytime(),n))
    if not os.path.exists(config['model_data_path']+'tokenizer.pkl'):
        # tokenizer
        tok = fit_tokenizer(caps)
        # save it
        dump(tok, open(config['model_data_path']+'tokenizer.pkl', 'wb'))
    # longest caption
    max_len = longest_caption(caps)
    return feats, caps, max_len

def read_val_split(config):
    keys = read_split_keys(config['val_data_path'])
    # captions
    caps, n = read_clean_captions(config['model_data_path']+'captions.txt', keys)
    # CNN vectors
    feats = read_split_features(config['model_data_path']+'features_'+str(config['model_type'])+'.pkl', keys)
    print('{}: validation images: {}'.format(mytime(),len(feats)))
    print('{}: validation captions: {}'.format(mytime(),n))
    return feats, caps
