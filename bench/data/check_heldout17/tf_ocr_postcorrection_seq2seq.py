#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Post-correction of OCR output (historical German): a character-level
encoder-decoder with attention and a convolutional context branch, written
with Keras on TensorFlow 2 in graph mode. Sentence pairs (noisy OCR, clean
transcription) come from a pickle; vocabulary building, the network builders
and the error-rate helpers are gathered in this file."""
import os
import pickle
from argparse import ArgumentParser

import nltk
import numpy as np
import tensorflow as tf
import keras
import keras.backend as K
from keras.callbacks import *
from keras.layers import (LSTM, Activation, Average, Bidirectional, Concatenate, Conv1D, Dense, Dropout,
                          Embedding, Input, TimeDistributed, dot)
from keras.models import Model, load_model
from keras.optimizers import *

# custom losses do not work in eager mode
tf.compat.v1.disable_eager_execution()

# ------------------------------- text helpers -------------------------------
_PAD, _SOS, _EOS, _UNK = "<pad>", "<sos>", "<eos>", "<unk>"
_START_VOCAB = [_PAD, _SOS, _EOS, _UNK]
PAD_ID, SOS_ID, EOS_ID, UNK_ID = 0, 1, 2, 3


def get_data(path):
    with open(path, 'rb') as fh:
        pairs = pickle.load(fh, encoding='utf8', errors='ignore')
    return pairs


def char_tokenize(sentence):
    return list(sentence)


def ngram_tokenize(sentence, order=3):
    return [''.join(g) for g in list(nltk.ngrams(sentence, order))]


def get_tokenizer(name):
    if name == 'char':
        return char_tokenize
    elif name == 'ngram':
        return ngram_tokenize
    return char_tokenize


def create_vocab(pairs, vocab_path, tokenizer, max_vocab_size=20000):
    if not os.path.isfile(vocab_path):
        print('creating vocabulary {} from data ...'.format(vocab_path))
        freq = {}
        for (noisy, clean) in pairs:
            for tok in tokenizer(noisy) + tokenizer(clean):
                freq[tok] = freq[tok] + 1 if tok in freq else 1
        ordered = _START_VOCAB + sorted(freq, key=freq.get, reverse=True)
        print('vocabulary size: ' + str(len(ordered)))
        if len(ordered) > max_vocab_size:
            ordered = ordered[:max_vocab_size]
        tok2id = dict([(t, i) for (i, t) in enumerate(ordered)])
        id2tok = dict([(i, t) for (i, t) in enumerate(ordered)])
        with open(vocab_path, 'wb') as fh:
            pickle.dump(tok2id, fh)
    else:
        with open(vocab_path, 'rb') as fh:
            tok2id = pickle.load(fh)
        id2tok = {}
        for t, i in tok2id.items():
            id2tok[i] = t
    return tok2id, id2tok


def sentence_to_token_ids(sentence, vocab, tokenizer):
    return [SOS_ID] + [vocab.get(t, UNK_ID) for t in tokenizer(sentence)] + [EOS_ID]


def data_to_token_ids(pairs, vocab, tokenizer):
    src_ids, tgt_ids = [], []
    for (noisy, clean) in pairs:
        src_ids.append(sentence_to_token_ids(noisy, vocab, tokenizer))
        tgt_ids.append(sentence_to_token_ids(clean, vocab, tokenizer))
    return src_ids, tgt_ids


def prepare_nlc_data(data_path, vocab_path, tokenizer, max_vocab_size):
    pairs = get_data(path=data_path)
    vocab, vocab_reverse = create_vocab(pairs, vocab_path, tokenizer, max_vocab_size=max_vocab_size)
    src_ids, tgt_ids = data_to_token_ids(pairs, vocab, tokenizer)
    longest = max([len(s) for s in tgt_ids])
    return src_ids, tgt_ids, longest, len(vocab), vocab, vocab_reverse


def char_error_rate(rec_sent, ref_sent):
    return nltk.edit_distance(rec_sent, ref_sent) / float(len(ref_sent))


def word_error_rate(rec_sent, ref_sent, ws):
    rec_words = ''.join([str(e) for e in rec_sent]).split(str(ws))
    ref_words = ''.join([str(e) for e in ref_sent]).split(str(ws))
    return nltk.edit_distance(rec_words, ref_words) / float(len(ref_words))


# -------------------------------- networks ---------------------------------
def custom_loss(input_tensor, output_tensor, alpha):
    same = K.cast(K.equal(input_tensor, output_tensor), dtype='float32')

    def loss(y_true, y_pred):
        return K.categorical_crossentropy(y_true, y_pred) * (1 - alpha * same)
    return loss


class Encoder:
    def __init__(self, units, embedding_dim, n_features, max_length):
        src = Input(shape=(max_length,), name='encoder_input')
        emb = Embedding(n_features, embedding_dim, trainable=True)(src)
        seq, f_h, f_c, b_h, b_c = Bidirectional(LSTM(int(units / 2), return_sequences=True,
                                                     return_state=True))(emb)
        self.states = [Concatenate()([f_h, b_h]), Concatenate()([f_c, b_c])]
        self.enc_embedding = emb
        self.inp = src
        self.enc_seq = seq


def define_cnn_rnn(units, embedding_dim, n_features, max_length, kernel, custom=0, alpha=0):
    enc = Encoder(units, embedding_dim, n_features, max_length)
    dec_in = Input(shape=(max_length,), name='decoder_input')
    dec_emb = Embedding(n_features, embedding_dim, trainable=True)(dec_in)
    dec_seq = LSTM(units, return_sequences=True)(dec_emb, initial_state=enc.states)

    scores = [Activation(tf.nn.softmax)(dot([dec_seq, enc.enc_seq], axes=[2, 2]))]
    for pos, width in enumerate(kernel):
        conv_seq = Conv1D(filters=units, kernel_size=width, input_shape=(max_length, n_features),
                          padding='same', activation='relu')(enc.enc_embedding)
        if pos == 0:
            first_conv = conv_seq
        scores.append(Activation(tf.nn.softmax)(dot([dec_seq, conv_seq], axes=[2, 2])))
    avg_score = Average()(scores)
    ctx_conv = dot([avg_score, first_conv], axes=[2, 1])
    ctx_rnn = dot([avg_score, enc.enc_seq], axes=[2, 1])
    joined = Concatenate()([Concatenate()([ctx_conv, ctx_rnn]), dec_seq])
    out = TimeDistributed(Dense(units, activation='tanh'))(joined)
    out = TimeDistributed(Dense(n_features))(out)
    out = Activation(tf.nn.softmax)(out)
    model = Model([enc.inp, dec_in], out)
    if custom == 0:
        model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['acc'])
    else:
        model.compile(loss=custom_loss(enc.inp, dec_in, alpha), optimizer='adam', metrics=['acc'])
    model.summary()
    return model


def define_simple_enc_dec(units, embedding_dim, n_features, max_length, custom=0, alpha=0):
    src = Input(shape=(max_length,), name='main_input')
    emb = Embedding(n_features, embedding_dim, trainable=True, mask_zero=True)(src)
    enc_seq, f_h, f_c, b_h, b_c = Bidirectional(LSTM(int(units / 2), return_sequences=True,
                                                     return_state=True))(emb)
    enc_states = [Concatenate()([f_h, b_h]), Concatenate()([f_c, b_c])]
    dec_in = Input(shape=(max_length,), name='decoder_input')
    dec_emb = Embedding(n_features, units, trainable=True)(dec_in)
    dec_seq = LSTM(units, return_sequences=True)(dec_emb, initial_state=enc_states)
    att = Activation(tf.nn.softmax)(dot([dec_seq, enc_seq], axes=[2, 2]))
    ctx = dot([att, enc_seq], axes=[2, 1])
    joined = Dropout(0.3)(Concatenate()([ctx, dec_seq]))
    out = Activation(tf.nn.softmax)(TimeDistributed(Dense(n_features))(joined))
    model = Model([src, dec_in], out)
    if custom:
        model.compile(loss=custom_loss(src, dec_in, alpha), optimizer='adam', metrics=['acc'])
    else:
        model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['acc'])
    model.summary()
    return model


# ------------------------------ training entry ------------------------------
def get_cmd_args():
    ap = ArgumentParser()
    ap.add_argument("-t", "--tokenizer", help="tokenizer: [char, ngram, char2ngram]")
    ap.add_argument("-d", "--dataset", help="pickled sentence pairs used for training")
    ap.add_argument("-dir", "--directory", help="project directory")
    ap.add_argument("-name", "--name", help="model name")
    ap.add_argument("-glu", "--glu", type=int, help="gated linear units (not used here)")
    ap.add_argument("-blocks", "--return_blocks", type=int, default=0)
    ap.add_argument("-k", "--kernels", type=int, help="kernel size")
    ap.add_argument("-layers", "--layer_num", default=3, type=int)
    ap.add_argument("-units", "--units", type=int, default=256)
    ap.add_argument("-emb_dim", "--embedding_dim", type=int, default=128)
    ap.add_argument("-epochs", "--epochs", type=int, default=10)
    ap.add_argument("-batch", "--batch", type=int, default=64)
    ap.add_argument("-n_features", "--n_features", type=int, default=4000)
    ap.add_argument("-custom", "--custom", type=int, default=0)
    ap.add_argument("-alpha", "--alpha", type=float, default=0.1)
    ap.add_argument("-use_cnn", "--use_cnn", type=int, default=1)
    return ap.parse_args()


def update_args():
    args = get_cmd_args()
    args.tokenizer = get_tokenizer(args.tokenizer)
    args.data_path = os.path.join(args.directory, 'PKL/' + args.dataset + '.pkl')
    args.vocab_path = os.path.join(args.directory, 'PKL/' + args.dataset + '_vocab.pkl')
    args.model_dir = os.path.join(args.directory, 'Model/' + args.name + '.model')
    if args.glu == 0:
        args.kernels = range(args.kernels, args.kernels + args.layer_num)
    return args


def prepare_data(args):
    print(' read and pad dataset...')
    src_ids, tgt_ids, longest, vocab_size, vocab, vocab_reverse = prepare_nlc_data(
        args.data_path, args.vocab_path, args.tokenizer, max_vocab_size=args.n_features)
    args.vocab, args.vocab_reverse, args.n_features, args.max_length = vocab, vocab_reverse, vocab_size, longest
    shifted = [sent[1:] for sent in tgt_ids]
    enc_in = keras.preprocessing.sequence.pad_sequences(src_ids, maxlen=longest, padding='post', value=0)
    dec_in = keras.preprocessing.sequence.pad_sequences(tgt_ids, maxlen=longest, padding='post', value=0)
    dec_out = keras.preprocessing.sequence.pad_sequences(shifted, maxlen=longest, padding='post', value=0)
    print(enc_in.shape, dec_in.shape)
    return enc_in, dec_in, dec_out, args


class ConvRnn:
    def __init__(self, arguments):
        self.args = arguments
        self.model = None

    def train(self, input_tensor, output_tensor, target_tensor):
        self.input_tensor, self.output_tensor, self.target_tensor = input_tensor, output_tensor, target_tensor
        if not self.args.use_cnn:
            print('train attention based encoder decoder model without cnn...')
            model = define_simple_enc_dec(self.args.units, self.args.embedding_dim, self.args.n_features,
                                          self.args.max_length, custom=self.args.custom, alpha=self.args.alpha)
        else:
            model = define_cnn_rnn(self.args.units, self.args.embedding_dim, self.args.n_features,
                                   self.args.max_length, self.args.kernels, custom=self.args.custom,
                                   alpha=self.args.alpha)

        # targets become one probability vector per position
        self.target_tensor = keras.utils.to_categorical(self.target_tensor, num_classes=self.args.n_features)
        model.fit([self.input_tensor, self.output_tensor], self.target_tensor, batch_size=self.args.batch,
                  epochs=self.args.epochs, validation_split=float(1) / 10, shuffle=True, verbose=2)
        model.save(self.args.model_dir)
        return model

    def create_model(self, inp, out, target):
        if os.path.exists(self.args.model_dir):
            print('load model from ' + self.args.model_dir)
            if self.args.custom == 0:
                model = load_model(self.args.model_dir)
            else:
                model = load_model(self.args.model_dir,
                                   custom_objects={'loss': custom_loss(inp, out, self.args.alpha)})
        else:
            print('start train new model {}...'.format(self.args.name))
            model = self.train(inp, out, target)
        self.model = model
        return model

    def edit_dist(self, recs, refs, ws):
        wer, cer = [], []
        for rec, ref in zip(recs, refs):
            wer.append(word_error_rate(rec, ref, ws))
            cer.append(char_error_rate(rec, ref))
        return wer, cer

    def generate(self, sentence):
        ids = sentence_to_token_ids(sentence, self.args.vocab, self.args.tokenizer)
        enc = keras.preprocessing.sequence.pad_sequences([ids], maxlen=self.args.max_length,
                                                         padding='post', value=0)
        dec = np.zeros(shape=(1, self.args.max_length))
        dec[:, 0] = SOS_ID
        for t in range(1, self.args.max_length):
            best = self.model.predict([enc, dec]).argmax(axis=2)
            dec[:, t] = best[:, t - 1]
        return dec[0, 1:]

    def decode(self, decoding):
        text = ''
        for tok in decoding:
            if tok == EOS_ID:
                break
            if tok == UNK_ID:
                continue
            text += self.args.vocab_reverse[tok]
        return text

    def translate(self, sentence):
        return self.decode(self.generate(sentence))


def main():
    args = update_args()
    enc_in, dec_in, dec_out, args = prepare_data(args)
    corrector = ConvRnn(args)
    corrector.create_model(enc_in, dec_in, dec_out)
    corrector.translate('IchhabeeinHund')


if __name__ == '__main__':
    main()
