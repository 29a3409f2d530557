import os
import numpy as np
from pickle import load
from keras.models import load_model
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from keras.utils import to_categorical, plot_model
from keras.models import Model, Input
from keras.layers import Dense, GlobalMaxPooling2D, RepeatVector, Embedding, LSTM, TimeDistributed, concatenate
from nltk.translate.bleu_score import SmoothingFunction
from nltk.translate.bleu_score import corpus_bleu
import matplotlib.pyplot as plt
import matplotlib.image as mpimg


def load_splits():
    # image ids of each split
    split_files = {'train': 'Flickr8k_text/Flickr_8k.trainImages.txt',
                 'dev': 'Flickr8k_text/Flickr_8k.devImages.txt',
                 'test': 'Flickr8k_text/Flickr_8k.testImages.txt'}
    ids_by_split = {}
    for split, path in split_files.items():
        fh = open(path, 'r')
        names = fh.read().split()
        ids_by_split[split] = names
        fh.close()

    # first caption of every image
    caps_by_split = {}
    path = 'Flickr8k_text/Flickr8k.token.txt'
    fh = open(path, 'r')
    rows = fh.read().split('\n')
    tr_caps = {}
    dv_caps = {}
    te_caps = {}
    for row in rows:
        parts = row.replace('#', '\t').split('\t')
        if len(parts)>=3 and parts[1] == '0':
            img_id = parts[0]
            cap = 'startseq ' + ''.join(parts[2:]) + ' endseq'
            if img_id in ids_by_split['train']:
                tr_caps[img_id] = cap
            elif img_id in ids_by_split['dev']:
                dv_caps[img_id] = cap
            elif img_id in ids_by_split['test']:
                te_caps[img_id] = cap
    fh.close()
    caps_by_split['train'] = tr_caps
    caps_by_split['dev'] = dv_caps
    caps_by_split['test'] = te_caps
    print(caps_by_split)

    # CNN features of every image
    feats_by_split = {}
    path = 'vgg16_conv_features.pkl'
    all_feats = load(open(path, 'rb'))
    tr_feats = {}
    dv_feats = {}
    te_feats = {}
    for img_id, vec in all_feats.items():
        if img_id in ids_by_split['train']:
            tr_feats[img_id] = vec
        elif img_id in ids_by_split['dev']:
            dv_feats[img_id] = vec
        elif img_id in ids_by_split['test']:
            te_feats[img_id] = vec
    fh.close()
    feats_by_split['train'] = tr_feats
    feats_by_split['dev'] = dv_feats
    feats_by_split['test'] = te_feats
    # see code
    return feats_by_split, caps_by_split


def fit_vocab(caps_by_split):
    cap_lens = [len(cap) for cap in caps_by_split]
    seq_len = max(cap_lens)
    tok = Tokenizer()
    tok.fit_on_texts([cap for cap in caps_by_split.values()])
    n_vocab = len(tok.word_index) + 1
    return tok, seq_len, n_vocab


def batches(feats_by_split, caps_by_split, tok, seq_len, n_vocab, imgs_per_batch, n_imgs):
    x_img, x_txt, y = list(), list(), list()
    # one batch of expanded examples per yield
    while True:
        picked = np.random.choice(list(caps_by_split.keys()), n_imgs, replace=False)
        for pos, img_id in enumerate(picked):
            if pos%imgs_per_batch == 0:
                x_img, x_txt, y = list(), list(), list()
            cap = caps_by_split[img_id]
            vec = feats_by_split[img_id][0]
            # see code
            ids_seq = tok.texts_to_sequences([cap])[0]
            for i in range(1, len(ids_seq)):
                prefix, nxt = ids_seq[:i], ids_seq[i]
                prefix = pad_sequences([prefix], maxlen=seq_len)[0]
                nxt = to_categorical([nxt], num_classes=n_vocab)[0]
                x_img.append(vec)
                x_txt.append(prefix)
                y.append(nxt)
            if pos%imgs_per_batch == 0:
                yield [[np.asarray(x_img), np.asarray(x_txt)], np.asarray(y)]


def make_net(n_vocab, seq_len):
    # image branch
    img_in = Input(shape=(7, 7, 512))
    img_pool = GlobalMaxPooling2D()(img_in)
    img_fc = Dense(128, activation='relu')(img_pool)
    img_rep = RepeatVector(seq_len)(img_fc)
    # text branch
    txt_in = Input(shape=(seq_len,))
    txt_emb = Embedding(n_vocab, 50, mask_zero=True)(txt_in)
    txt_lstm = LSTM(256, return_sequences=True)(txt_emb)
    txt_fc = TimeDistributed(Dense(128, activation='relu'))(txt_lstm)
    # join both branches
    joined = concatenate([img_rep, txt_fc])
    # next-word head
    dec_lstm = LSTM(500)(joined)
    dec_fc = Dense(500, activation='relu')(dec_lstm)
    probs = Dense(n_vocab, activation='softmax')(dec_fc)
    net = Model(inputs=[img_in, txt_in], probs=probs)
    net.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
    print(net.summary())
    # see code
    return net


def greedy_caption(net, tok, vec, seq_len):
    cap = 'startseq'
    for i in range(seq_len):
        ids_in = tok.texts_to_sequences([cap])[0]
        ids_in = pad_sequences([ids_in], maxlen=seq_len)
        y = net.predict([vec, ids_in], verbose=0)
        best = np.argmax(y)
        inv_vocab = {pos: w for w, pos in tok.word_index.items()}
        w = inv_vocab[best]
        if w is None:
            break
        cap += ' ' + w
        if w == 'endseq':
            break
    return cap


def bleu_on(feats_by_split, caps_by_split):
    hyps = []
    refs = []
    for img_id, vec in feats_by_split.items():
        hyp = greedy_caption(net, tok, vec, seq_len)
        ref = caps_by_split[img_id]
        hyps.append(hyp)
        refs.append(ref)
    smooth = SmoothingFunction()
    score = corpus_bleu(refs, hyps, smoothing_function=smooth.method4)
    return score


if __name__ == '__main__':
    # read data
    feats_by_split, caps_by_split = load_splits()
    tok, seq_len, n_vocab = fit_vocab(caps_by_split['train'])

    # training
    epochs_per_round = 20
    n_imgs = 800
    imgs_per_batch = 2
    # see code
    # see code
    tr_steps = int(n_imgs / imgs_per_batch)
    dv_steps = int(n_imgs / imgs_per_batch)

    if os.path.exists('caption_net.h5'):
        net = load_model('caption_net.h5')
        print('resuming from saved weights ...')
    else:
        net = make_net(n_vocab, seq_len)
    for j in range(500):
        tr_gen = batches(feats_by_split['train'], caps_by_split['train'],
                                         tok, seq_len, n_vocab, imgs_per_batch, n_imgs)
        dv_gen = batches(feats_by_split['dev'], caps_by_split['dev'],
                                       tok, seq_len, n_vocab, imgs_per_batch, n_imgs)
        net.fit_generator(tr_gen, steps_per_epoch=tr_steps, epochs=epochs_per_round, verbose=2,
                        validation_data=dv_gen, validation_steps=dv_steps)
        net.save('caption_net.h5')

        # scoring
        # see code
        # see code

        # print a few test captions
        for i in range(30):
            img_id = list(feats_by_split['test'].keys())[i]
            vec = feats_by_split['test'][img_id]
            hyp = greedy_caption(net, tok, vec, seq_len)
            ref_cap = caps_by_split['test'][img_id]
            print('reference: {}\ngenerated: {}'.format(ref_cap, hyp))
            # see code
            # see code
            # see code
            # see code
