from __future__ import print_function

from keras.models import Model, Sequential
from keras.layers import Embedding, Dense, Input, RepeatVector, TimeDistributed, concatenate, Merge, add, Dropout
from keras.layers.recurrent import LSTM
from keras.preprocessing.sequence import pad_sequences
from keras.callbacks import ModelCheckpoint
import numpy as np
import os

UNITS = 100
BATCH_DEFAULT = 64
VERBOSITY = 1
EPOCHS_DEFAULT = 10


class OneShotRNN(object):
    model_name = 'one-shot-rnn'
    """
    Encoder-decoder that emits the whole title at once from one context vector:
    the decoder sees only the repeated encoding.

    This asks a lot of the decoder, which must pick both the words and their
    order from that single vector.
    
    Kept as a baseline for the other summarizers.
    """

    def __init__(self, config):
        self.num_input_tokens = config['num_input_tokens']
        self.max_input_seq_length = config['max_input_seq_length']
        self.num_target_tokens = config['num_target_tokens']
        self.max_target_seq_length = config['max_target_seq_length']
        self.input_word2idx = config['input_word2idx']
        self.input_idx2word = config['input_idx2word']
        self.target_word2idx = config['target_word2idx']
        self.target_idx2word = config['target_idx2word']
        self.config = config
        self.version = 0
        if 'version' in config:
            self.version = config['version']

        print('max_input_seq_length', self.max_input_seq_length)
        print('max_target_seq_length', self.max_target_seq_length)
        print('num_input_tokens', self.num_input_tokens)
        print('num_target_tokens', self.num_target_tokens)

        # embed the article
        net = Sequential()
        net.add(Embedding(output_dim=128, input_dim=self.num_input_tokens, input_length=self.max_input_seq_length))

        # encode it
        net.add(LSTM(128))
        net.add(RepeatVector(self.max_target_seq_length))
        # decode the title
        net.add(LSTM(128, return_sequences=True))
        net.add(TimeDistributed(Dense(self.num_target_tokens, activation='softmax')))

        net.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])

        self.model = net

    def load_weights(self, weight_file_path):
        if os.path.exists(weight_file_path):
            self.model.load_weights(weight_file_path)

    def transform_input_text(self, texts):
        rows = []
        for doc in texts:
            ids = []
            for tok in doc.lower().split(' '):
                tid = 1
                if tok in self.input_word2idx:
                    tid = self.input_word2idx[tok]
                ids.append(tid)
                if len(ids) >= self.max_input_seq_length:
                    break
            rows.append(ids)
        rows = pad_sequences(rows, maxlen=self.max_input_seq_length)

        print(rows.shape)
        return rows

    def transform_target_encoding(self, texts):
        rows = []
        for doc in texts:
            toks = []
            wrapped = 'START ' + doc.lower() + ' END'
            for tok in wrapped.split(' '):
                toks.append(tok)
                if len(toks) >= self.max_target_seq_length:
                    break
            rows.append(toks)

        rows = np.array(rows)
        print(rows.shape)
        return rows

    def generate_batch(self, x_samples, y_samples, batch_size):
        n_batches = len(x_samples) // batch_size
        while True:
            for b in range(0, n_batches):
                lo = b * batch_size
                hi = (b + 1) * batch_size
                enc_in = pad_sequences(x_samples[lo:hi], self.max_input_seq_length)
                dec_target = np.zeros(
                    shape=(batch_size, self.max_target_seq_length, self.num_target_tokens))
                for row, toks in enumerate(y_samples[lo:hi]):
                    for pos, tok in enumerate(toks):
                        tid = 0  # unknown
                        if tok in self.target_word2idx:
                            tid = self.target_word2idx[tok]
                        if tid != 0:
                            dec_target[row, pos, tid] = 1
                yield enc_in, dec_target

    @staticmethod
    def get_weight_file_path(model_dir_path):
        return model_dir_path + '/' + OneShotRNN.model_name + '-weights.h5'

    @staticmethod
    def get_config_file_path(model_dir_path):
        return model_dir_path + '/' + OneShotRNN.model_name + '-config.npy'

    @staticmethod
    def get_architecture_file_path(model_dir_path):
        return model_dir_path + '/' + OneShotRNN.model_name + '-architecture.json'

    def fit(self, Xtrain, Ytrain, Xtest, Ytest, epochs=None, model_dir_path=None, batch_size=None):
        if epochs is None:
            epochs = EPOCHS_DEFAULT
        if model_dir_path is None:
            model_dir_path = './models'
        if batch_size is None:
            batch_size = BATCH_DEFAULT

        self.version += 1
        self.config['version'] = self.version

        cfg_path = OneShotRNN.get_config_file_path(model_dir_path)
        weights_path = OneShotRNN.get_weight_file_path(model_dir_path)
        saver = ModelCheckpoint(weights_path)
        np.save(cfg_path, self.config)
        arch_path = OneShotRNN.get_architecture_file_path(model_dir_path)
        open(arch_path, 'w').write(self.model.to_json())

        Ytrain = self.transform_target_encoding(Ytrain)
        Ytest = self.transform_target_encoding(Ytest)

        Xtrain = self.transform_input_text(Xtrain)
        Xtest = self.transform_input_text(Xtest)

        train_batches = self.generate_batch(Xtrain, Ytrain, batch_size)
        test_batches = self.generate_batch(Xtest, Ytest, batch_size)

        n_train_batches = len(Xtrain) // batch_size
        n_test_batches = len(Xtest) // batch_size

        hist = self.model.fit_generator(generator=train_batches, steps_per_epoch=n_train_batches,
                                           epochs=epochs,
                                           verbose=VERBOSITY, validation_data=test_batches, validation_steps=n_test_batches,
                                           callbacks=[saver])
        self.model.save_weights(weights_path)
        return hist
