from numpy import argmax
from pickle import load
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences

# read a text file whole
def read_text(path):
    # open it for reading
    fh = open(path, 'r')
    # all of it
    body = fh.read()
    # done with the handle
    fh.close()
    return body

# read the image ids of one split
def read_id_list(path):
    body = read_text(path)
    ids = list()
    # one id per line
    for row in body.split('\n'):
        # blank rows
        if len(row) < 1:
            continue
        # strip the extension
        img_id = row.split('.')[0]
        ids.append(img_id)
    return set(ids)

# read cleaned captions of the given ids
def read_captions(path, ids):
    # whole file
    body = read_text(path)
    caps = dict()
    for row in body.split('\n'):
        # words of the row
        words = row.split()
        # first word is the id
        img_id, img_words = words[0], words[1:]
        # keep only the wanted ids
        if img_id in ids:
            # start a list
            if img_id not in caps:
                caps[img_id] = list()
            # add start and end markers
            cap = 'startseq ' + ' '.join(img_words) + ' endseq'
            # keep it
            caps[img_id].append(cap)
    return caps

# read CNN vectors of the given ids
def read_image_vectors(path, ids):
    # the whole pickle
    every_vec = load(open(path, 'rb'))
    # only the wanted ids
    vecs = {k: every_vec[k] for k in ids}
    return vecs

# flatten the caption dict into a list
def all_lines(caps):
    lines = list()
    for key in caps.keys():
        [lines.append(c) for c in caps[key]]
    return lines

# fit a keras tokenizer on the captions
def fit_word_index(caps):
    lines = all_lines(caps)
    tok = Tokenizer()
    tok.fit_on_texts(lines)
    return tok

# longest caption in words
def longest_caption(caps):
    lines = all_lines(caps)
    return max(len(c.split()) for c in lines)


# word of an integer id
def id_to_word(num, tok):
    for w, idx in tok.word_index.items():
        if idx == num:
            return w
    return None


# greedy caption for one image
def greedy_caption(net, tok, vec, seq_cap):
    # start marker
    text = 'startseq'
    # one word per step
    for _ in range(seq_cap):
        # ids of the text so far
        ids = tok.texts_to_sequences([text])[0]
        # pad them
        ids = pad_sequences([ids], maxlen=seq_cap)
        # next-word distribution
        p = net.predict([vec, ids], verbose=0)
        # most likely id
        p = argmax(p)
        # back to a word
        w = id_to_word(p, tok)
        # unknown id ends it
        if w is None:
            break
        # extend the text
        text += ' ' + w
        # end marker ends it
        if w == 'endseq':
            break
    return text
