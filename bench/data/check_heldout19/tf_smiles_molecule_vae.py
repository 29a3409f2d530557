"""
Character-level variational autoencoder over SMILES strings (Keras port of
the Gomez-Bombarelli molecular autoencoder).  The training script, the model
class and the dataset helpers of the project are gathered here.
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
# dataset helpers
# ---------------------------------------------------------------------------
def one_hot_array(pos, width):
    return map(int, [k == pos for k in xrange(width)])


def one_hot_index(chars, charset):
    return map(charset.index, chars)


def from_one_hot_array(row):
    hits = np.where(row == 1)
    if hits[0].shape == (0, ):
        return None
    return int(hits[0][0])


def decode_smiles_from_indexes(indexes, charset):
    return "".join(map(lambda k: charset[k], indexes)).strip()


def load_dataset(h5_name, split = True):
    store = h5py.File(h5_name, 'r')
    if split:
        train_block = store['data_train'][:]
    else:
        train_block = None
    test_block = store['data_test'][:]
    alphabet = store['charset'][:]
    store.close()
    if split:
        return (train_block, test_block, alphabet)
    else:
        return (test_block, alphabet)


# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------
class MoleculeVAE():

    autoencoder = None

    def create(self,
               charset,
               max_length = 120,
               latent_rep_size = 292,
               weights_file = None):
        n_chars = len(charset)

        enc_in = Input(shape=(max_length, n_chars))
        _, code = self._buildEncoder(enc_in, latent_rep_size, max_length)
        self.encoder = Model(enc_in, code)

        dec_in = Input(shape=(latent_rep_size,))
        self.decoder = Model(
            dec_in,
            self._buildDecoder(
                dec_in,
                latent_rep_size,
                max_length,
                n_chars
            )
        )

        ae_in = Input(shape=(max_length, n_chars))
        objective, ae_code = self._buildEncoder(ae_in, latent_rep_size, max_length)
        self.autoencoder = Model(
            ae_in,
            self._buildDecoder(
                ae_code,
                latent_rep_size,
                max_length,
                n_chars
            )
        )

        if weights_file:
            self.autoencoder.load_weights(weights_file)
            self.encoder.load_weights(weights_file, by_name = True)
            self.decoder.load_weights(weights_file, by_name = True)

        self.autoencoder.compile(optimizer = 'Adam',
                                 loss = objective,
                                 metrics = ['accuracy'])

    def _buildEncoder(self, seq, latent_rep_size, max_length, epsilon_std = 0.01):
        feat = Convolution1D(9, 9, activation = 'relu', name='conv_1')(seq)
        feat = Convolution1D(9, 9, activation = 'relu', name='conv_2')(feat)
        feat = Convolution1D(10, 11, activation = 'relu', name='conv_3')(feat)
        feat = Flatten(name='flatten_1')(feat)
        feat = Dense(435, activation = 'relu', name='dense_1')(feat)

        def sampling(pair):
            mu_, logvar_ = pair
            n = K.shape(mu_)[0]
            noise = K.random_normal(shape=(n, latent_rep_size), mean=0., std = epsilon_std)
            return mu_ + K.exp(logvar_ / 2) * noise

        mu = Dense(latent_rep_size, name='z_mean', activation = 'linear')(feat)
        logvar = Dense(latent_rep_size, name='z_log_var', activation = 'linear')(feat)

        def vae_loss(truth, recon):
            truth = K.flatten(truth)
            recon = K.flatten(recon)
            rec_term = max_length * objectives.binary_crossentropy(truth, recon)
            kl_term = - 0.5 * K.mean(1 + logvar - K.square(mu) - K.exp(logvar), axis = -1)
            return rec_term + kl_term

        return (vae_loss, Lambda(sampling, output_shape=(latent_rep_size,), name='lambda')([mu, logvar]))

    def _buildDecoder(self, code, latent_rep_size, max_length, n_chars):
        seq = Dense(latent_rep_size, name='latent_input', activation = 'relu')(code)
        seq = RepeatVector(max_length, name='repeat_vector')(seq)
        seq = GRU(501, return_sequences = True, name='gru_1')(seq)
        seq = GRU(501, return_sequences = True, name='gru_2')(seq)
        seq = GRU(501, return_sequences = True, name='gru_3')(seq)
        return TimeDistributed(Dense(n_chars, activation='softmax'), name='decoded_mean')(seq)

    def save(self, path):
        self.autoencoder.save_weights(path)

    def load(self, charset, weights_file, latent_rep_size = 292):
        self.create(charset, weights_file = weights_file, latent_rep_size = latent_rep_size)


# ---------------------------------------------------------------------------
# training entry point
# ---------------------------------------------------------------------------
NUM_EPOCHS = 1
BATCH_SIZE = 600
LATENT_DIM = 292
RANDOM_SEED = 1337


def get_arguments():
    cli = argparse.ArgumentParser(description='SMILES variational autoencoder')
    cli.add_argument('data', type=str, help='HDF5 file written by the preprocessing step.')
    cli.add_argument('model', type=str,
                     help='Weights file; resumed from when it already exists.')
    cli.add_argument('--epochs', type=int, metavar='N', default=NUM_EPOCHS,
                     help='Number of training epochs.')
    cli.add_argument('--latent_dim', type=int, metavar='N', default=LATENT_DIM,
                     help='Width of the latent code.')
    cli.add_argument('--batch_size', type=int, metavar='N', default=BATCH_SIZE,
                     help='Molecules per minibatch.')
    cli.add_argument('--random_seed', type=int, metavar='N', default=RANDOM_SEED,
                     help='Seed for the shuffling RNG.')
    return cli.parse_args()


def main():
    opts = get_arguments()
    np.random.seed(opts.random_seed)

    from keras.callbacks import ModelCheckpoint, ReduceLROnPlateau

    train_oh, test_oh, alphabet = load_dataset(opts.data)
    vae = MoleculeVAE()
    if os.path.isfile(opts.model):
        vae.load(alphabet, opts.model, latent_rep_size = opts.latent_dim)
    else:
        vae.create(alphabet, latent_rep_size = opts.latent_dim)

    saver = ModelCheckpoint(filepath = opts.model,
                            verbose = 1,
                            save_best_only = True)

    plateau = ReduceLROnPlateau(monitor = 'val_loss',
                                factor = 0.2,
                                patience = 3,
                                min_lr = 0.0001)

    vae.autoencoder.fit(
        train_oh,
        train_oh,
        shuffle = True,
        nb_epoch = opts.epochs,
        batch_size = opts.batch_size,
        callbacks = [saver, plateau],
        validation_data = (test_oh, test_oh)
    )


if __name__ == '__main__':
    main()
