# Character-level English -> French sequence-to-sequence model
# (book example, sequence-to-sequence chapter)
# Reads tab separated sentence pairs from data/fra-eng/
# (the Anki fra-eng pairs file)

from keras.models import Model
from keras.layers import Input, LSTM, Dense
from keras.callbacks import TensorBoard
import numpy as np
import os
from pathlib import Path


def read_pairs(max_pairs=50000, bos='\t', eos='\n', pairs_file='bundle/fra-eng/fra.s'):
    src_lines = []
    tgt_lines = []
    src_alphabet = set()
    tgt_alphabet = set()
    rows = open(Path(pairs_file), 'r', encoding='utf-8').read().split('\n')
    for row in rows[: min(max_pairs, len(rows) - 1)]:
        src, tgt = row.split('\t')
        tgt = bos + tgt + eos
        src_lines.append(src)
        tgt_lines.append(tgt)
        for ch in src:
            if ch not in src_alphabet:
                src_alphabet.add(ch)
        for ch in tgt:
            if ch not in tgt_alphabet:
                tgt_alphabet.add(ch)

    src_alphabet = sorted(list(src_alphabet))
    tgt_alphabet = sorted(list(tgt_alphabet))
    n_src_sym = len(src_alphabet)
    n_tgt_sym = len(tgt_alphabet)
    src_len = max([len(s) for s in src_lines])
    tgt_len = max([len(s) for s in tgt_lines])

    print('pairs:', len(src_lines))
    print('source symbols:', n_src_sym)
    print('target symbols:', n_tgt_sym)
    print('longest source:', src_len)
    print('longest target:', tgt_len)
    return {'src_lines': src_lines, 'tgt_lines': tgt_lines,
            'src_syms': src_alphabet, 'tgt_syms': tgt_alphabet,
            'n_src_sym': n_src_sym, 'n_tgt_sym': n_tgt_sym,
            'src_len': src_len, 'tgt_len': tgt_len}


def encode_one_hot(bundle):
    src_syms = bundle['src_syms']
    tgt_syms = bundle['tgt_syms']
    src_lines = bundle['src_lines']
    tgt_lines = bundle['tgt_lines']
    src_len = bundle['src_len']
    tgt_len = bundle['tgt_len']
    n_src_sym = bundle['n_src_sym']
    n_tgt_sym = bundle['n_tgt_sym']

    src_pos = dict([(ch, i) for i, ch in enumerate(src_syms)])
    tgt_pos = dict([(ch, i) for i, ch in enumerate(tgt_syms)])
    enc_in = np.zeros((len(src_lines), src_len, n_src_sym), dtype='float32')
    dec_in = np.zeros((len(src_lines), tgt_len, n_tgt_sym), dtype='float32')
    dec_out = np.zeros((len(src_lines), tgt_len, n_tgt_sym), dtype='float32')

    for i, (src, tgt) in enumerate(zip(src_lines, tgt_lines)):
        for t, ch in enumerate(src):
            enc_in[i, t, src_pos[ch]] = 1.
        for t, ch in enumerate(tgt):
            # the decoder input is the target shifted right by one
            dec_in[i, t, tgt_pos[ch]] = 1.
            if t > 0:
                # so the target at step t-1 is the character
                # seen at step t (the start symbol is never a target)
                dec_out[i, t - 1, tgt_pos[ch]] = 1.
    bundle['src_pos'] = src_pos
    bundle['tgt_pos'] = tgt_pos
    bundle['enc_in'] = enc_in
    bundle['dec_in'] = dec_in
    bundle['dec_out'] = dec_out
    return bundle


def make_nets(units, n_src_sym, n_tgt_sym):
    # network used for fitting
    enc_x = Input(shape=(None, n_src_sym), name='enc_x')
    enc_seq, h_state, c_state = LSTM(units, return_state=True, name="encoder_lstm")(enc_x)
    enc_state = [h_state, c_state]

    dec_x = Input(shape=(None, n_tgt_sym), name='dec_x')
    dec_rnn = LSTM(units, return_sequences=True, return_state=True,
                                 name="dec_rnn")
    dec_seq, _, _ = dec_rnn(dec_x, initial_state=enc_state)
    dec_proj = Dense(n_tgt_sym, activation='softmax', name='softmax_output')
    dec_probs = dec_proj(dec_seq)

    trainer = Model([enc_x, dec_x], dec_probs)
    trainer.compile(optimizer='rmsprop', loss='categorical_crossentropy')

    enc_net = Model(enc_x, enc_state)

    h_in = Input(shape=(units,))
    c_in = Input(shape=(units,))
    state_in = [h_in, c_in]
    dec_seq, h_state, c_state = dec_rnn(
        dec_x, initial_state=state_in)
    state_out = [h_state, c_state]
    dec_seq = dec_proj(dec_seq)
    dec_net = Model(
        [dec_x] + state_in,
        [dec_seq] + state_out)

    return trainer, enc_net, dec_net


def make_hooks(name):
    tb_hook = TensorBoard(log_dir=os.path.join(os.getcwd(), "tb_seq2seq", name),
                                       write_graph=True,
                                       write_grads=False)
    return [tb_hook]


def run():
    bundle = read_pairs()
    bundle = encode_one_hot(bundle)
    callbacks = make_hooks("en_fr")
    trainer, enc_net, dec_net = make_nets(256, bundle['n_src_sym'], bundle['n_tgt_sym'])
    print(trainer.summary())

    trainer.fit(x=[bundle["enc_in"], bundle["dec_in"]],
              y=bundle["dec_out"],
              batch_size=64,
              epochs=100,
              validation_split=0.2,
              callbacks=callbacks)

    trainer.save('s2s_full.h5')
    enc_net.save('s2s_enc.h5')
    dec_net.save('s2s_dec.h5')

if __name__ == "__main__":
    run()

