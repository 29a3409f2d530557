# -*- coding: utf-8 -*-

"""Recurrent tweet polarity model

Fits the recurrent network.
Pick the corpus with the option below.

Examples:


.. _Style notes
    https://example.invalid/style
"""

__copyright__ = 'Copyright, the authors'
__author__ = 'tweet polarity authors'
__credits__ = ''
__description__ = """Recurrent tweet polarity model

Fitting script."""

# standard libraries
import os
import yaml
import pickle
import argparse
# local libraries
from readers import readers_factory
# third parties libraries
import pandas as pd
from keras_tqdm import TQDMCallback
from keras.models import Sequential
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from keras.layers import Embedding, LSTM, Dense, GlobalMaxPool1D, Dropout


def main():
    """Entry point for fitting
    """
    cli = argparse.ArgumentParser()

    cli.add_argument("-d", "--dataset",
        dest="dataset_dir",
		help="Folder name of the corpus to use",
		type=str,
        required=True)

    opts = cli.parse_args()

    with open('conf.yaml', 'r') as fh:
        cfg = yaml.load(fh, Loader=yaml.FullLoader)
    n_words = cfg['vocabulary_size']
    seq_len = cfg['max_length']
    bs = cfg['batch_size']
    n_epochs = cfg['epochs']

    out_dir = os.path.join('models', opts.dataset_dir)
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    net_file = os.path.join(out_dir, 'model.h5')
    tok_file = os.path.join(out_dir, 'tokenizer.pickle')
    holdout_file = os.path.join(out_dir, 'testset.csv')

    rdr = readers_factory.get_dataset_reader(opts.dataset_dir)

    frame = rdr.read_dataset(opts.dataset_dir)
    X_tr, X_te, y_tr, y_te = rdr.preprocess(frame)

    tok = Tokenizer(num_words=n_words, oov_token='<UNK>')
    tok.fit_on_texts(X_tr)
    X_tr_ids = tok.texts_to_sequences(X_tr)
    X_te_ids = tok.texts_to_sequences(X_te)
    print("Sequence length is %s" % (seq_len))
    X_tr_pad = pad_sequences(X_tr_ids, maxlen=seq_len, padding='post')
    X_te_pad = pad_sequences(X_te_ids, maxlen=seq_len, padding='post')

    net = Sequential()
    # word ids to vectors
    net.add(
        Embedding(
            input_dim=n_words,
            output_dim=64,
            input_length=seq_len
    ))
    net.add(LSTM(32, return_sequences=True))
    net.add(GlobalMaxPool1D())
    net.add(Dense(16, activation='relu'))
    # regularisation
    net.add(Dropout(0.2))
    # output unit
    net.add(Dense(1, activation='sigmoid'))
    # compile
    net.compile(
        loss="binary_crossentropy",
        optimizer='adam',
        metrics=['accuracy']
    )
    net.fit(x=X_tr_pad, y=y_tr, batch_size=bs, epochs=n_epochs, validation_split=0.01, verbose=0, callbacks=[TQDMCallback()])
    loss, acc = net.evaluate(X_te_pad, y_te, verbose=0)
    print('Accuracy: %f' % (acc))
    print('Loss: %f' % (loss))

    # save the network and the tokenizer
    net.save(net_file)
    print('Network written')
    with open(tok_file, 'wb') as fh:
        pickle.dump(tok, fh, protocol=pickle.HIGHEST_PROTOCOL)
    print('Tokenizer written')
    # save the held-out part
    y_hat = net.predict_classes(x=X_te_pad)
    out = pd.DataFrame()
    out['X_test'] = X_te
    out['y_test'] = y_te
    out['y_pred'] = y_hat
    out.to_csv(holdout_file)
    print('Held-out predictions written')

if __name__ == '__main__':
    main()
