import keras
import os
import glob
import math
import scipy
import matplotlib.pyplot as plt
import librosa
import librosa.display
import numpy as np
from keras.models import Sequential
from keras.layers import Input, Dense, Activation, Dropout, BatchNormalization, LeakyReLU
from keras.callbacks import EarlyStopping, ModelCheckpoint

noisy_dirs = ['./speechdata/training_noise_snr-5/', './speechdata/training_noise_snr0/',
              './speechdata/training_noise_snr5/']
clean_speech_dir = './speechdata/training/'
noisy_npy_file = './speechdata/noise_data.npy'
clean_npy_file = './speechdata/clean_data.npy'
model_file_path = './model.h5'
wav_files = os.listdir(clean_speech_dir)
SAMPLE_RATE = 8000
FFT_SIZE = 512
WIN_LEN = 512
HOP_LEN = 256
WIN_FN = scipy.signal.hamming
CONTEXT_FRAMES = 5


def read_noisy_frames(dir_list, wav_files):
    noisy_frames = []
    for noisy_dir in noisy_dirs:
        for wav_name in wav_files:
            y, sr = librosa.load(noisy_dir + wav_name, sr=SAMPLE_RATE)
            spec = librosa.stft(y, n_fft=FFT_SIZE, win_length=WIN_LEN,
                             hop_length=HOP_LEN, window=WIN_FN)
            log_pow = np.log10(abs(spec)**2)
            bin_mean = np.mean(log_pow, axis=1).reshape(log_pow.shape[0], 1)
            bin_std = np.std(log_pow, axis=1).reshape(log_pow.shape[0], 1)
            log_pow = (log_pow - bin_mean)/bin_std
            for i in range(CONTEXT_FRAMES//2, log_pow.shape[1] - CONTEXT_FRAMES//2):
                noisy_frames.append(
                    log_pow[:, i - CONTEXT_FRAMES // 2: i + CONTEXT_FRAMES // 2 + 1])
    noisy_frames = np.array(noisy_frames)
    noisy_frames = noisy_frames.reshape(
        len(noisy_frames), noisy_frames.size//len(noisy_frames))
    return noisy_frames


def read_clean_frames(dir_path, wav_files):
    clean_frames = []
    for wav_name in wav_files:
        y, sr = librosa.load(dir_path + wav_name, sr=SAMPLE_RATE)
        spec = librosa.stft(y, n_fft=FFT_SIZE, win_length=WIN_LEN,
                         hop_length=HOP_LEN, window=WIN_FN)
        log_pow = np.log10(abs(spec)**2)
        for i in range(CONTEXT_FRAMES//2, log_pow.shape[1] - CONTEXT_FRAMES//2):
            clean_frames.append(log_pow[:, i])
    clean_frames = np.array(clean_frames)
    return clean_frames


def shuffle_pair(spec, Y_):
    perm = np.arange(len(spec))
    np.random.shuffle(perm)
    return (spec[perm], Y_[perm])


def split_train_valid(X_every, Y_every, percentage):
    n_total = len(X_every)
    n_valid = int(math.floor(n_total * percentage))

    X_every, Y_every = shuffle_pair(X_every, Y_every)

    train_X, train_Y = X_every[0:-n_valid], Y_every[0:-n_valid]
    valid_X, valid_Y = X_every[-n_valid:], Y_every[-n_valid:]

    return train_X, train_Y, valid_X, valid_Y


def build_dnn_model(n_in, n_out):
    model = Sequential()
    model.add(Dense(2048, input_shape=(n_in,)))
    model.add(LeakyReLU(alpha=0.05))
    model.add(BatchNormalization())
    model.add(Dropout(0.25))
    model.add(Dense(2048))
    model.add(LeakyReLU(alpha=0.05))
    model.add(BatchNormalization())
    model.add(Dropout(0.25))
    model.add(Dense(2048))
    model.add(LeakyReLU(alpha=0.05))
    model.add(BatchNormalization())
    model.add(Dropout(0.25))
    model.add(Dense(n_out))
    model.summary()
    return model


x_data_all = read_noisy_frames(noisy_dirs, wav_files)
y_data_all = read_clean_frames(clean_speech_dir, wav_files)
y_data_rep = y_data_all
for i in range(1, len(x_data_all)//len(y_data_all)):
    y_data_rep = np.tile(y_data_all, (3, 1))
y_data_all = y_data_rep

np.save(noisy_npy_file, x_data_all)
np.save(clean_npy_file, y_data_all)

x_data_all = np.load(noisy_npy_file)
y_data_all = np.load(clean_npy_file)

x_train_part, y_train_part, x_valid_part, y_valid_part = split_train_valid(x_data_all, y_data_all, 0.3)

model = build_dnn_model(x_data_all.shape[1], y_data_all.shape[1])
model.compile(loss='mse', optimizer='adam')
best_ckpt = ModelCheckpoint(model_file_path, monitor='val_loss', verbose=1,
                               save_best_only=True, mode='min', save_weights_only=False)
model.fit(x_train_part, y_train_part, batch_size=256, epochs=30, verbose=1, validation_data=(x_valid_part, y_valid_part),
          callbacks=[best_ckpt])
