"""
Variational autoencoder that reads and writes SMILES one character at a time
(a Keras version of the Gomez-Bombarelli et al. chemical VAE).  Run script,
model class and data utilities of the project in a single file.
"""
from __future__ import print_function

import argparse
import os
import gzip
import pandas
import h5py
import numpy as np

from keras import backend as K
from keras import objectives
from keras.models import Model
from keras.layers import Input, Dense, Lambda
from keras.layers.core import Dense, Activation, Flatten, RepeatVector
from keras.layers.wrappers import TimeDistributed
from keras.layers.recurrent import GRU
from keras.layers.convolutional import Convolution1D


# ---------------------------------------------------------------------------
# data utilities
# ---------------------------------------------------------------------------
def onehot_of(index_hot, size):
    return map(int, [k == index_hot for k in xrange(size)])


def char_indices(symbols, vocab):
    return map(vocab.index, symbols)


def onehot_to_index(vec):
    where_one = np.where(vec == 1)
    if where_one[0].shape == (0, ):
        return None
    return int(where_one[0][0])


def indices_to_smiles(idx_list, vocab):
    return "".join(map(lambda k: vocab[k], idx_list)).strip()


def read_onehot_dataset(h5_path, with_train = True):
    h5f = h5py.File(h5_path, 'r')
    if with_train:
        train_data = h5f['data_train'][:]
    else:
        train_data = None
    test_data = h5f['data_test'][:]
    vocab_arr = h5f['charset'][:]
    h5f.close()
    if with_train:
        return (train_data, test_data, vocab_arr)
    else:
        return (test_data, vocab_arr)


# ---------------------------------------------------------------------------
# network
# ---------------------------------------------------------------------------
class SmilesVAE():

    full_model = None

    def build(self,
               vocab,
               seq_len = 120,
               latent_w = 292,
               weights_path = None):
        vocab_size = len(vocab)

        enc_input = Input(shape=(seq_len, vocab_size))
        _, z_code = self._encoder_graph(enc_input, latent_w, seq_len)
        self.enc_model = Model(enc_input, z_code)

        dec_input = Input(shape=(latent_w,))
        self.dec_model = Model(
            dec_input,
            self._decoder_graph(
                dec_input,
                latent_w,
                seq_len,
                vocab_size
            )
        )

        ae_input = Input(shape=(seq_len, vocab_size))
        loss_fn, ae_z = self._encoder_graph(ae_input, latent_w, seq_len)
        self.full_model = Model(
            ae_input,
            self._decoder_graph(
                ae_z,
                latent_w,
                seq_len,
                vocab_size
            )
        )

        if weights_path:
            self.full_model.load_weights(weights_path)
            self.enc_model.load_weights(weights_path, by_name = True)
            self.dec_model.load_weights(weights_path, by_name = True)

        self.full_model.compile(optimizer = 'Adam',
                                 loss = loss_fn,
                                 metrics = ['accuracy'])

    def _encoder_graph(self, h_seq, latent_w, seq_len, noise_sd = 0.01):
        features_h = Convolution1D(9, 9, activation = 'relu', name='conv_1')(h_seq)
        features_h = Convolution1D(9, 9, activation = 'relu', name='conv_2')(features_h)
        features_h = Convolution1D(10, 11, activation = 'relu', name='conv_3')(features_h)
        features_h = Flatten(name='flatten_1')(features_h)
        features_h = Dense(435, activation = 'relu', name='dense_1')(features_h)

        def reparam(mean_logvar):
            m_, lv_ = mean_logvar
            n_rows = K.shape(m_)[0]
            eps_draw = K.random_normal(shape=(n_rows, latent_w), mean=0., std = noise_sd)
            return m_ + K.exp(lv_ / 2) * eps_draw

        z_mu = Dense(latent_w, name='z_mean', activation = 'linear')(features_h)
        z_logvar = Dense(latent_w, name='z_log_var', activation = 'linear')(features_h)

        def elbo_loss(y_true_, y_hat):
            y_true_ = K.flatten(y_true_)
            y_hat = K.flatten(y_hat)
            recon_term = seq_len * objectives.binary_crossentropy(y_true_, y_hat)
            kl_part = - 0.5 * K.mean(1 + z_logvar - K.square(z_mu) - K.exp(z_logvar), axis = -1)
            return recon_term + kl_part

        return (elbo_loss, Lambda(reparam, output_shape=(latent_w,), name='lambda')([z_mu, z_logvar]))

    def _decoder_graph(self, z_code, latent_w, seq_len, vocab_size):
        h_seq = Dense(latent_w, name='latent_input', activation = 'relu')(z_code)
        h_seq = RepeatVector(seq_len, name='repeat_vector')(h_seq)
        h_seq = GRU(501, return_sequences = True, name='gru_1')(h_seq)
        h_seq = GRU(501, return_sequences = True, name='gru_2')(h_seq)
        h_seq = GRU(501, return_sequences = True, name='gru_3')(h_seq)
        return TimeDistributed(Dense(vocab_size, activation='softmax'), name='decoded_mean')(h_seq)

    def save_to(self, out_path):
        self.full_model.save_weights(out_path)

    def restore(self, vocab, weights_path, latent_w = 292):
        self.build(vocab, weights_path = weights_path, latent_w = latent_w)


# ---------------------------------------------------------------------------
# command line and run
# ---------------------------------------------------------------------------
DEFAULT_EPOCHS = 1
DEFAULT_BATCH = 600
DEFAULT_LATENT = 292
DEFAULT_SEED = 1337


def parse_cli():
    argp = argparse.ArgumentParser(description='fit a character VAE on one-hot SMILES')
    argp.add_argument('data', type=str, help='one-hot .h5 produced by preprocess.py')
    argp.add_argument('model', type=str,
                     help='where weights are saved; loaded first if the file is there')
    argp.add_argument('--epochs', type=int, metavar='N', default=DEFAULT_EPOCHS,
                     help='passes over the training set')
    argp.add_argument('--latent_dim', type=int, metavar='N', default=DEFAULT_LATENT,
                     help='size of the latent vector')
    argp.add_argument('--batch_size', type=int, metavar='N', default=DEFAULT_BATCH,
                     help='molecules per gradient step')
    argp.add_argument('--random_seed', type=int, metavar='N', default=DEFAULT_SEED,
                     help='seed for numpy')
    return argp.parse_args()


def run():
    cfg = parse_cli()
    np.random.seed(cfg.random_seed)

    from keras.callbacks import ModelCheckpoint, ReduceLROnPlateau

    train_onehot, test_onehot, vocab_arr = read_onehot_dataset(cfg.data)
    smiles_vae = SmilesVAE()
    if os.path.isfile(cfg.model):
        smiles_vae.restore(vocab_arr, cfg.model, latent_w = cfg.latent_dim)
    else:
        smiles_vae.build(vocab_arr, latent_w = cfg.latent_dim)

    ckpt_cb = ModelCheckpoint(filepath = cfg.model,
                            verbose = 1,
                            save_best_only = True)

    lr_cb = ReduceLROnPlateau(monitor = 'val_loss',
                                factor = 0.2,
                                patience = 3,
                                min_lr = 0.0001)

    smiles_vae.full_model.fit(
        train_onehot,
        train_onehot,
        shuffle = True,
        nb_epoch = cfg.epochs,
        batch_size = cfg.batch_size,
        callbacks = [ckpt_cb, lr_cb],
        validation_data = (test_onehot, test_onehot)
    )


if __name__ == '__main__':
    run()
