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
PAD_TOK, SOS_TOK, EOS_TOK, UNK_TOK = "<pad>", "<sos>", "<eos>", "<unk>"
SPECIAL_TOKS = [PAD_TOK, SOS_TOK, EOS_TOK, UNK_TOK]
PAD_IDX, SOS_IDX, EOS_IDX, UNK_IDX = 0, 1, 2, 3


def load_pair_data(pkl_file_path):
    with open(pkl_file_path, 'rb') as f_bin:
        sent_pairs = pickle.load(f_bin, encoding='utf8', errors='ignore')
    return sent_pairs


def split_chars(sent_text):
    return list(sent_text)


def split_ngrams(sent_text, n_gram=3):
    return [''.join(gram) for gram in list(nltk.ngrams(sent_text, n_gram))]


def pick_tokenizer(tok_name):
    if tok_name == 'char':
        return split_chars
    elif tok_name == 'ngram':
        return split_ngrams
    return split_chars


def build_vocab_maps(sent_pairs, vocab_file_path, tokenize_fn, vocab_cap=20000):
    if not os.path.isfile(vocab_file_path):
        print('no vocabulary at {}, counting tokens ...'.format(vocab_file_path))
        counts = {}
        for (ocr_text, gold_text) in sent_pairs:
            for tk in tokenize_fn(ocr_text) + tokenize_fn(gold_text):
                counts[tk] = counts[tk] + 1 if tk in counts else 1
        ranked = SPECIAL_TOKS + sorted(counts, key=counts.get, reverse=True)
        print('distinct tokens: ' + str(len(ranked)))
        if len(ranked) > vocab_cap:
            ranked = ranked[:vocab_cap]
        tok_index = dict([(t, i) for (i, t) in enumerate(ranked)])
        index_tok = dict([(i, t) for (i, t) in enumerate(ranked)])
        with open(vocab_file_path, 'wb') as f_bin:
            pickle.dump(tok_index, f_bin)
    else:
        with open(vocab_file_path, 'rb') as f_bin:
            tok_index = pickle.load(f_bin)
        index_tok = {}
        for t, i in tok_index.items():
            index_tok[i] = t
    return tok_index, index_tok


def encode_sentence(sent_text, tok_map, tokenize_fn):
    return [SOS_IDX] + [tok_map.get(t, UNK_IDX) for t in tokenize_fn(sent_text)] + [EOS_IDX]


def encode_pairs(sent_pairs, tok_map, tokenize_fn):
    src_seqs, tgt_seqs = [], []
    for (ocr_text, gold_text) in sent_pairs:
        src_seqs.append(encode_sentence(ocr_text, tok_map, tokenize_fn))
        tgt_seqs.append(encode_sentence(gold_text, tok_map, tokenize_fn))
    return src_seqs, tgt_seqs


def build_pair_data(pairs_file, vocab_file_path, tokenize_fn, vocab_cap):
    sent_pairs = load_pair_data(pkl_file_path=pairs_file)
    tok_map, rev_map = build_vocab_maps(sent_pairs, vocab_file_path, tokenize_fn, vocab_cap=vocab_cap)
    src_seqs, tgt_seqs = encode_pairs(sent_pairs, tok_map, tokenize_fn)
    max_len = max([len(sq) for sq in tgt_seqs])
    return src_seqs, tgt_seqs, max_len, len(tok_map), tok_map, rev_map


def cer_of(hyp_sent, gold_sent):
    return nltk.edit_distance(hyp_sent, gold_sent) / float(len(gold_sent))


def wer_of(hyp_sent, gold_sent, word_sep):
    hyp_words = ''.join([str(ch) for ch in hyp_sent]).split(str(word_sep))
    gold_words = ''.join([str(ch) for ch in gold_sent]).split(str(word_sep))
    return nltk.edit_distance(hyp_words, gold_words) / float(len(gold_words))


# -------------------------------- networks ---------------------------------
def copy_weighted_loss(src_t, dec_t, copy_weight):
    copied_mask = K.cast(K.equal(src_t, dec_t), dtype='float32')

    def weighted_loss(y_true, y_pred):
        return K.categorical_crossentropy(y_true, y_pred) * (1 - copy_weight * copied_mask)
    return weighted_loss


class BiLSTMEncoder:
    def __init__(self, n_units, emb_dim, vocab_n, seq_len_max):
        src_in_layer = Input(shape=(seq_len_max,), name='encoder_input')
        src_emb = Embedding(vocab_n, emb_dim, trainable=True)(src_in_layer)
        enc_out, fw_h, fw_c, bw_h, bw_c = Bidirectional(LSTM(int(n_units / 2), return_sequences=True,
                                                     return_state=True))(src_emb)
        self.init_states = [Concatenate()([fw_h, bw_h]), Concatenate()([fw_c, bw_c])]
        self.emb_out = src_emb
        self.src_in = src_in_layer
        self.seq_out = enc_out


def build_conv_attn_model(n_units, emb_dim, vocab_n, seq_len_max, widths, use_custom=0, copy_weight=0):
    encoder = BiLSTMEncoder(n_units, emb_dim, vocab_n, seq_len_max)
    dec_input = Input(shape=(seq_len_max,), name='decoder_input')
    dec_embed = Embedding(vocab_n, emb_dim, trainable=True)(dec_input)
    dec_out_seq = LSTM(n_units, return_sequences=True)(dec_embed, initial_state=encoder.init_states)

    att_maps = [Activation(tf.nn.softmax)(dot([dec_out_seq, encoder.seq_out], axes=[2, 2]))]
    for k_i, k_w in enumerate(widths):
        conv_out = Conv1D(filters=n_units, kernel_size=k_w, input_shape=(seq_len_max, vocab_n),
                          padding='same', activation='relu')(encoder.emb_out)
        if k_i == 0:
            conv_first = conv_out
        att_maps.append(Activation(tf.nn.softmax)(dot([dec_out_seq, conv_out], axes=[2, 2])))
    att_mean = Average()(att_maps)
    conv_ctx = dot([att_mean, conv_first], axes=[2, 1])
    rnn_ctx = dot([att_mean, encoder.seq_out], axes=[2, 1])
    fused = Concatenate()([Concatenate()([conv_ctx, rnn_ctx]), dec_out_seq])
    probs_out = TimeDistributed(Dense(n_units, activation='tanh'))(fused)
    probs_out = TimeDistributed(Dense(vocab_n))(probs_out)
    probs_out = Activation(tf.nn.softmax)(probs_out)
    model = Model([encoder.src_in, dec_input], probs_out)
    if use_custom == 0:
        model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['acc'])
    else:
        model.compile(loss=copy_weighted_loss(encoder.src_in, dec_input, copy_weight), optimizer='adam', metrics=['acc'])
    model.summary()
    return model


def build_plain_attn_model(n_units, emb_dim, vocab_n, seq_len_max, use_custom=0, copy_weight=0):
    src_in_layer = Input(shape=(seq_len_max,), name='main_input')
    src_emb = Embedding(vocab_n, emb_dim, trainable=True, mask_zero=True)(src_in_layer)
    enc_out, fw_h, fw_c, bw_h, bw_c = Bidirectional(LSTM(int(n_units / 2), return_sequences=True,
                                                     return_state=True))(src_emb)
    init_states = [Concatenate()([fw_h, bw_h]), Concatenate()([fw_c, bw_c])]
    dec_input = Input(shape=(seq_len_max,), name='decoder_input')
    dec_embed = Embedding(vocab_n, n_units, trainable=True)(dec_input)
    dec_out_seq = LSTM(n_units, return_sequences=True)(dec_embed, initial_state=init_states)
    att_w = Activation(tf.nn.softmax)(dot([dec_out_seq, enc_out], axes=[2, 2]))
    att_ctx = dot([att_w, enc_out], axes=[2, 1])
    fused = Dropout(0.3)(Concatenate()([att_ctx, dec_out_seq]))
    probs_out = Activation(tf.nn.softmax)(TimeDistributed(Dense(vocab_n))(fused))
    model = Model([src_in_layer, dec_input], probs_out)
    if use_custom:
        model.compile(loss=copy_weighted_loss(src_in_layer, dec_input, copy_weight), optimizer='adam', metrics=['acc'])
    else:
        model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['acc'])
    model.summary()
    return model


# ------------------------------ training entry ------------------------------
def parse_cli():
    cli_p = ArgumentParser()
    cli_p.add_argument("-t", "--tokenizer", help="how to split text: char, ngram or char2ngram")
    cli_p.add_argument("-d", "--dataset", help="name of the pickle with (OCR, gold) pairs")
    cli_p.add_argument("-dir", "--directory", help="root folder with PKL/ and Model/")
    cli_p.add_argument("-name", "--name", help="file stem for the saved network")
    cli_p.add_argument("-glu", "--glu", type=int, help="GLU variant switch (unused in this copy)")
    cli_p.add_argument("-blocks", "--return_blocks", type=int, default=0)
    cli_p.add_argument("-k", "--kernels", type=int, help="first convolution width")
    cli_p.add_argument("-layers", "--layer_num", default=3, type=int)
    cli_p.add_argument("-units", "--units", type=int, default=256)
    cli_p.add_argument("-emb_dim", "--embedding_dim", type=int, default=128)
    cli_p.add_argument("-epochs", "--epochs", type=int, default=10)
    cli_p.add_argument("-batch", "--batch", type=int, default=64)
    cli_p.add_argument("-n_features", "--n_features", type=int, default=4000)
    cli_p.add_argument("-custom", "--custom", type=int, default=0)
    cli_p.add_argument("-alpha", "--alpha", type=float, default=0.1)
    cli_p.add_argument("-use_cnn", "--use_cnn", type=int, default=1)
    return cli_p.parse_args()


def resolve_args():
    opts = parse_cli()
    opts.tokenizer = pick_tokenizer(opts.tokenizer)
    opts.pkl_path = os.path.join(opts.directory, 'PKL/' + opts.dataset + '.pkl')
    opts.vocab_file_path = os.path.join(opts.directory, 'PKL/' + opts.dataset + '_vocab.pkl')
    opts.model_file = os.path.join(opts.directory, 'Model/' + opts.name + '.model')
    if opts.glu == 0:
        opts.kernels = range(opts.kernels, opts.kernels + opts.layer_num)
    return opts


def build_train_data(opts):
    print(' loading and padding the pair data...')
    src_seqs, tgt_seqs, max_len, n_vocab, tok_map, rev_map = build_pair_data(
        opts.pkl_path, opts.vocab_file_path, opts.tokenizer, vocab_cap=opts.n_features)
    opts.tok_index, opts.index_tok, opts.n_features, opts.seq_max = tok_map, rev_map, n_vocab, max_len
    tgt_shifted = [seq_ids[1:] for seq_ids in tgt_seqs]
    enc_data = keras.preprocessing.sequence.pad_sequences(src_seqs, maxlen=max_len, padding='post', value=0)
    dec_input = keras.preprocessing.sequence.pad_sequences(tgt_seqs, maxlen=max_len, padding='post', value=0)
    dec_target = keras.preprocessing.sequence.pad_sequences(tgt_shifted, maxlen=max_len, padding='post', value=0)
    print(enc_data.shape, dec_input.shape)
    return enc_data, dec_input, dec_target, opts


class OcrCorrector:
    def __init__(self, cfg_args):
        self.cfg = cfg_args
        self.model = None

    def train_net(self, src_t, dec_t, target_t):
        self.enc_data, self.dec_data, self.target_data = src_t, dec_t, target_t
        if not self.cfg.use_cnn:
            print('fitting the plain attention seq2seq (no conv branch)...')
            model = build_plain_attn_model(self.cfg.units, self.cfg.embedding_dim, self.cfg.n_features,
                                          self.cfg.seq_max, use_custom=self.cfg.custom, copy_weight=self.cfg.alpha)
        else:
            model = build_conv_attn_model(self.cfg.units, self.cfg.embedding_dim, self.cfg.n_features,
                                   self.cfg.seq_max, self.cfg.kernels, use_custom=self.cfg.custom,
                                   copy_weight=self.cfg.alpha)

        # targets become one probability vector per position
        self.target_data = keras.utils.to_categorical(self.target_data, num_classes=self.cfg.n_features)
        model.fit([self.enc_data, self.dec_data], self.target_data, batch_size=self.cfg.batch,
                  epochs=self.cfg.epochs, validation_split=float(1) / 10, shuffle=True, verbose=2)
        model.save(self.cfg.model_file)
        return model

    def build_or_load_model(self, enc_x, dec_x, target_y):
        if os.path.exists(self.cfg.model_file):
            print('restoring network from ' + self.cfg.model_file)
            if self.cfg.custom == 0:
                model = load_model(self.cfg.model_file)
            else:
                model = load_model(self.cfg.model_file,
                                   custom_objects={'weighted_loss': copy_weighted_loss(enc_x, dec_x, self.cfg.alpha)})
        else:
            print('no saved network, training {} from scratch...'.format(self.cfg.name))
            model = self.train_net(enc_x, dec_x, target_y)
        self.model = model
        return model

    def error_rates(self, hyps, golds, word_sep):
        wer_list, cer_list = [], []
        for hyp, gold in zip(hyps, golds):
            wer_list.append(wer_of(hyp, gold, word_sep))
            cer_list.append(cer_of(hyp, gold))
        return wer_list, cer_list

    def greedy_ids(self, sent_text):
        tok_ids = encode_sentence(sent_text, self.cfg.tok_index, self.cfg.tokenizer)
        enc_pad = keras.preprocessing.sequence.pad_sequences([tok_ids], maxlen=self.cfg.seq_max,
                                                         padding='post', value=0)
        dec_buf = np.zeros(shape=(1, self.cfg.seq_max))
        dec_buf[:, 0] = SOS_IDX
        for t in range(1, self.cfg.seq_max):
            argmax_ids = self.model.predict([enc_pad, dec_buf]).argmax(axis=2)
            dec_buf[:, t] = argmax_ids[:, t - 1]
        return dec_buf[0, 1:]

    def ids_to_text(self, id_seq):
        out_text = ''
        for tk in id_seq:
            if tk == EOS_IDX:
                break
            if tk == UNK_IDX:
                continue
            out_text += self.cfg.index_tok[tk]
        return out_text

    def correct_text(self, sent_text):
        return self.ids_to_text(self.greedy_ids(sent_text))


def main():
    opts = resolve_args()
    enc_data, dec_input, dec_target, opts = build_train_data(opts)
    fixer = OcrCorrector(opts)
    fixer.build_or_load_model(enc_data, dec_input, dec_target)
    fixer.correct_text('IchhabeeinHund')


if __name__ == '__main__':
    main()
