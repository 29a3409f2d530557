"""DanQ with JASPAR-initialised filters: a CNN + BiLSTM that predicts 919
chromatin features from 1000-bp one-hot DNA windows (DeepSEA data).

The first convolution is seeded with known transcription-factor motifs
(and a few reverse complements) before training.
"""
import numpy as np
import h5py
import scipy.io
np.random.seed(1337)  # reproducible initialisation

from keras.preprocessing import sequence
from keras.optimizers import RMSprop
from keras.models import Sequential
from keras.layers.core import Dense, Dropout, Activation, Flatten
from keras.layers.convolutional import Convolution1D, MaxPooling1D
from keras.regularizers import l2, activity_l1
from keras.constraints import maxnorm
from keras.layers.recurrent import LSTM, GRU
from keras.callbacks import ModelCheckpoint, EarlyStopping
from seya.layers.recurrent import Bidirectional
from keras.utils.layer_utils import print_layer_shapes


# ---------------------------------------------------------------------------
# data: DeepSEA training / validation / test matrices
# ---------------------------------------------------------------------------
print('reading the DeepSEA matrices')
train_file = h5py.File('/home/dxquang/deepsea_train/train.mat')
valid_mat = scipy.io.loadmat('/home/dxquang/deepsea_train/valid.mat')
test_mat = scipy.io.loadmat('/home/dxquang/deepsea_train/test.mat')

# (1000, 4, N) on disk -> (N, 1000, 4) in memory
seqs_train = np.transpose(np.array(train_file['trainxdata']), axes=(2, 0, 1))
targets_train = np.array(train_file['traindata']).T

# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------
lstm_fwd = LSTM(input_dim=1024, output_dim=512, return_sequences=True)
lstm_bwd = LSTM(input_dim=1024, output_dim=512, return_sequences=True)
bi_rnn = Bidirectional(forward=lstm_fwd, backward=lstm_bwd, return_sequences=True)

print('assembling the network')

net = Sequential()
motif_conv = Convolution1D(input_dim=4,
                           input_length=1000,
                           nb_filter=1024,
                           filter_length=30,
                           border_mode="valid",
                           activation="relu",
                           subsample_length=1)

conv_params = motif_conv.get_weights()

# known motifs, plus reverse complements of a handful of them
motif_list = list(np.load('/home/dxquang/motif_databases/JASPAR/JASPAR_CORE_2016_vertebrates.npy'))

rev_comp = [motif_list[19][::-1, ::-1], motif_list[97][::-1, ::-1], motif_list[98][::-1, ::-1],
            motif_list[99][::-1, ::-1], motif_list[100][::-1, ::-1], motif_list[101][::-1, ::-1]]
motif_list = motif_list + rev_comp

# write each motif (centred at a random offset) into its own filter
for k in range(len(motif_list)):
    pwm = motif_list[k][::-1, :]
    width = len(pwm)
    offset = np.random.randint(low=3, high=30 - width + 1 - 3)
    conv_params[0][k, :, offset:offset + width, 0] = pwm.T - 0.25
    conv_params[1][k] = np.random.uniform(low=-1.0, high=0.0)

motif_conv.set_weights(conv_params)
net.add(motif_conv)

net.add(MaxPooling1D(pool_length=15, stride=15))

net.add(Dropout(0.2))

net.add(bi_rnn)

net.add(Dropout(0.5))

net.add(Flatten())

net.add(Dense(input_dim=64 * 1024, output_dim=925, activation="relu"))

net.add(Dense(input_dim=925, output_dim=919, activation="sigmoid"))

print('compiling')
net.compile(loss='binary_crossentropy', optimizer='rmsprop', class_mode="binary")

# ---------------------------------------------------------------------------
# training
# ---------------------------------------------------------------------------
print('training for up to 32 epochs')

saver = ModelCheckpoint(filepath="DeepSEA_BLSTM_flatten_compare_JASPARBigger_bestmodel.hdf5",
                        verbose=1, save_best_only=True)
stopper = EarlyStopping(monitor='val_loss', patience=100, verbose=1)

net.fit(seqs_train, targets_train, batch_size=100, nb_epoch=32, shuffle=True, show_accuracy=True,
        validation_data=(np.transpose(valid_mat['validxdata'], axes=(0, 2, 1)), valid_mat['validdata']),
        callbacks=[saver, stopper])

# ---------------------------------------------------------------------------
# held-out test set
# ---------------------------------------------------------------------------
test_scores = net.evaluate(np.transpose(test_mat['testxdata'], axes=(0, 2, 1)), test_mat['testdata'],
                           show_accuracy=True)

print(test_scores)
