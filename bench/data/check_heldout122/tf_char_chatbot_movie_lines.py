import numpy as np
import keras
from keras.models import Model
from keras.layers import Input, LSTM, Dense
from keras.callbacks import ModelCheckpoint
from keras.models import load_model
import matplotlib.pyplot as plt
import pickle

class EpochPrinter(keras.callbacks.Callback):
    def __init__(self ):
        print()
    def on_epoch_end(self, epoch, logs={}):
        print(self.model)


def read_dialog( fname, n_pairs ):
    prompts = []
    replies = []
    prompt_chars = set()
    reply_chars = set()
    with open( fname, 'r' ) as fh:
        rows = fh.read().split('\n')
    for k,row in enumerate( rows[:n_pairs*2] ):
        if k % 2 == 0:
            reply = row.split( "+++$+++" )[-1]
            reply = '\t' + reply + '\n'
            replies.append( reply )
            for ch in reply:
                if ch not in reply_chars:
                    reply_chars.add( ch )
        elif k % 2 == 1:
            prompt = row.split( "+++$+++" )[-1]
            prompts.append( prompt )

            for ch in prompt:
                if ch not in prompt_chars:
                    prompt_chars.add( ch )
    return prompts, replies,prompt_chars, reply_chars

def build_models( weights_file,ckpt_file,idx_to_reply_char,save_file, train=False, plot=False ):
    # encoder over one-hot characters
    enc_in = Input(shape=(None, n_enc_tokens))
    enc_lstm = LSTM(hidden, return_state=True)
    enc_out, h_state, c_state = enc_lstm(enc_in)
    # only the states are kept
    enc_states = [h_state, c_state]

    # decoder starts from the encoder states
    dec_in = Input(shape=(None, n_dec_tokens))
    # full sequences out, and the states too;
    # the states are used when sampling,
    # not when training
    dec_lstm = LSTM(hidden, return_sequences=True, return_state=True)
    dec_out, _, _ = dec_lstm(dec_in,
                                         initial_state=enc_states)
    dec_softmax = Dense(n_dec_tokens, activation='softmax')
    dec_out = dec_softmax(dec_out)

    # training graph:
    # (enc_x, dec_x) -> dec_y
    net = Model([enc_in, dec_in], dec_out)

    # sampling graphs

    enc_model = Model(enc_in, enc_states)

    dec_h_in = Input(shape=(hidden,))
    dec_c_in = Input(shape=(hidden,))
    dec_states_in = [dec_h_in, dec_c_in]
    dec_out, h_state, c_state = dec_lstm(
    dec_in, initial_state=dec_states_in)
    dec_states = [h_state, c_state]
    dec_out = dec_softmax(dec_out)
    dec_model = Model(
        [dec_in] + dec_states_in,
        [dec_out] + dec_states)


    net.compile(optimizer='rmsprop', loss='categorical_crossentropy')
    if train:
        ckpt = ModelCheckpoint( ckpt_file )
        printer = EpochPrinter()
        #cbs = [ ckpt, printer ]
        #cbs = [ printer ]
        net.summary()
        hist = net.fit([enc_x, dec_x], dec_y,
                batch_size=bs,
                epochs=n_epochs,
                validation_split=0.2)
        net.save( save_file )
        if plot:
            show_loss( hist )
            # keep it

    else:
        # reload an earlier run
        old_net= load_model("s2s_200_samples_200_epochs.h5")
        print("Reloaded the saved network")
        ckpt = ModelCheckpoint( ckpt_file )
        cbs = [ ckpt ]
        old_net.compile(loss='categorical_crossentropy', optimizer='rmsprop')
        hist = net.fit([enc_x, dec_x], dec_y,
                batch_size=bs,
                epochs=n_epochs,
                validation_split=0.2)
        if plot:
            show_loss( hist )
            # keep it
        net.save('s2s.h5')
    #hist.append(
     #           other.fit([enc_x, dec_x], dec_y,
      #        batch_size=bs, epochs=n_epochs, validation_split=0.2))
        #net.load_weights( weights_file )




    return net, enc_model, dec_model

def show_loss( h ):
    plt.plot( h.history['loss'], label='loss' )
    plt.plot( h.history['val_loss'], label='validation loss')
    plt.legend( loc='upper right' )
    plt.show()


def greedy_reply(seq, enc_model, dec_model ):
    states = enc_model.predict(seq)
    step = np.zeros((1, 1, n_dec_tokens))
    step[0, 0, reply_char_to_idx['\t']] = 1.
    done = False
    out_text = ''
    while not done:
        probs, h, c = dec_model.predict(
            [step] + states)
        best = np.argmax(probs[0, -1, :])
        ch = idx_to_reply_char[best]
        out_text += ch
        if (ch == '\n' or
           len(out_text) > longest_reply):
            done = True
        step = np.zeros((1, 1, n_dec_tokens))
        step[0, 0, best] = 1.
        states = [h, c]
    return out_text

def try_some():
    for k in range(100):
        # one training prompt
        # to decode
        seq = enc_x[k: k + 1]
        out_text = greedy_reply( seq, enc_model, dec_model )
        print('-')
        print('Prompt:', prompt_texts[k])
        print('Reply:', out_text)

def encode_prompt( text, prompt_char_to_idx ):
    enc_x = np.zeros(
        (1, 1338, 86),
        dtype='float32')
    for t, ch in enumerate(text):
        enc_x[0, t, prompt_char_to_idx[ch]] = 1.
    return enc_x


def greedy_reply(seq ):
    states = enc_model.predict(seq)
    step = np.zeros((1, 1, n_dec_tokens))
    step[0, 0, reply_char_to_idx['\t']] = 1.
    done = False
    out_text = ''
    while not done:
        probs, h, c = dec_model.predict(
            [step] + states)
        best = np.argmax(probs[0, -1, :])
        ch = idx_to_reply_char[best]
        out_text += ch
        if (ch == '\n' or
           len(out_text) > longest_reply):
            done = True
        step = np.zeros((1, 1, n_dec_tokens))
        step[0, 0, best] = 1.
        states = [h, c]
    return out_text



















if __name__ == "__main__":
    LINES_FILE = './Data/movie_lines.txt'
    bs = 64  # minibatch size
    n_epochs = 1000  # passes over the data
    hidden = 256  # LSTM state width
    n_pairs = 10000 # how many pairs to use
    n_pairs = 10 # how many pairs to use
    save_file = "seq2seq_{}_samples_{}_epochs.h5".format( n_pairs, n_epochs)
    WEIGHTS_FILE = "weights/target_weights_01.hdf5"
    CKPT_FILE = "weights/target_weights_{epoch:02d}.hdf5"
    prompt_texts, reply_texts,prompt_chars, reply_chars = read_dialog( LINES_FILE, n_pairs )


    prompt_chars = sorted(list(prompt_chars))
    reply_chars = sorted(list(reply_chars))
    n_enc_tokens = len(prompt_chars)
    n_dec_tokens = len(reply_chars)
    longest_prompt = max([len(s) for s in prompt_texts])
    longest_reply = max([len(s) for s in reply_texts])

    print('Pairs:', len(prompt_texts))
    print('Prompt alphabet size:', n_enc_tokens)
    print('Reply alphabet size:', n_dec_tokens)
    print('Longest prompt:', longest_prompt)
    print('Longest reply:', longest_reply)

    prompt_char_to_idx = dict(
        [(ch, k) for k, ch in enumerate(prompt_chars)])

    with open( "input_token_index.pkl", 'wb') as fh:
        pickle.dump( prompt_char_to_idx, fh, protocol=pickle.HIGHEST_PROTOCOL)

    reply_char_to_idx = dict(
        [(ch, k) for k, ch in enumerate(reply_chars)])

    with open( "target_token_index.pkl", 'wb') as fh:
        pickle.dump( reply_char_to_idx, fh, protocol=pickle.HIGHEST_PROTOCOL)

    enc_x = np.zeros(
        (len(prompt_texts), longest_prompt, n_enc_tokens),
        dtype='float32')
    dec_x = np.zeros(
        (len(prompt_texts), longest_reply, n_dec_tokens),
        dtype='float32')
    dec_y = np.zeros(
        (len(prompt_texts), longest_reply, n_dec_tokens),
        dtype='float32')


    #for k, v in reply_char_to_idx.items() :
        #print (k, v)

    for k, (p_text, r_text) in enumerate(zip(prompt_texts, reply_texts)):
        for t, ch in enumerate(p_text):
            enc_x[k, t, prompt_char_to_idx[ch]] = 1.
            for t, ch in enumerate(r_text):
                # the target runs one step ahead of the decoder input
                dec_x[k, t, reply_char_to_idx[ch]] = 1.
                if t > 0:
                    # shifted by one step,
                    # without the start character
                    dec_y[k, t - 1, reply_char_to_idx[ch]] = 1.

    idx_to_prompt_char = dict(
        (k, ch) for ch, k in prompt_char_to_idx.items())

    idx_to_reply_char = dict(
        (k, ch) for ch, k in reply_char_to_idx.items())



    with open( "reverse_target_char_index.pkl", 'wb') as fh:
        pickle.dump( idx_to_reply_char, fh, protocol=pickle.HIGHEST_PROTOCOL)

    #net, enc_model, dec_model = build_models( WEIGHTS_FILE, CKPT_FILE, train=False )
    net, enc_model, dec_model = build_models( WEIGHTS_FILE, CKPT_FILE,idx_to_reply_char,save_file, train=True, plot=True )
    #net, enc_model, dec_model = build_models( WEIGHTS_FILE, CKPT_FILE,idx_to_reply_char, train=False )


    for k in range(10):
        # one training prompt
        # to decode
        seq = enc_x[k: k + 1]
        out_text = greedy_reply(seq)
        print('-')
        print('Prompt:', prompt_texts[k])
        print('Reply:', out_text)
