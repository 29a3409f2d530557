#%% Imports.
import numpy as np
import scipy.io.wavfile

from keras.utils.visualize_util import plot
from keras.callbacks import TensorBoard, ModelCheckpoint
from keras.utils import np_utils

from eva.models.wavenet import Wavenet, compute_receptive_field

from eva.util.mutil import sparse_labels

#%% Audio
SR, SAMPLES = scipy.io.wavfile.read('./data/undertale/undertale_001_once_upon_a_time.comp.wav')

#%% Fit settings.
N_CHUNKS = 15
N_EPOCHS = 2000
CHUNK_LEN = SAMPLES.shape[0] // N_CHUNKS

#%% Network settings.
ARCH = Wavenet
N_FILTERS = 32
N_DEPTH = 7
N_STACKS = 4
N_BINS = 256

RESUME = False

#%% Network.
IN_SHAPE = (CHUNK_LEN, N_BINS)
ARCH_ARGS = (IN_SHAPE, N_FILTERS, N_DEPTH, N_STACKS)

net = ARCH(*ARCH_ARGS)
if RESUME:
    net.load_weights('model.h5')

net.summary()

plot(net)

#%% Fit.
ONEHOT = np_utils.to_categorical(SAMPLES, N_BINS)
ONEHOT = ONEHOT.reshape(N_CHUNKS, ONEHOT.shape[0]//N_CHUNKS, ONEHOT.shape[1])

net.fit(ONEHOT, sparse_labels(ONEHOT), nb_epoch=N_EPOCHS, batch_size=1,
      callbacks=[TensorBoard(), ModelCheckpoint('model.h5', save_weights_only=True)])
