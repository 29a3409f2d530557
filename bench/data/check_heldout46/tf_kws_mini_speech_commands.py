"""
Keyword spotting on Mini Speech Commands: 8000 one-second clips of eight
words ('down', 'no', 'go', 'yes', 'stop', 'up', 'right', 'left'), 1000 per
word, 16 kHz int16, some shorter than a second.

Trains and scores an MLP, a CNN or a depthwise-separable CNN on STFT or
MFCC features.
"""

import argparse
import numpy as np
import os
import pandas as pd
import tensorflow as tf
from tensorflow import keras


class FeaturePipe:
    def __init__(self, words, rate, win, hop,
            n_mels=None, f_low=None, f_high=None,
            n_coef=None, mfcc=False):
        self.words = words
        self.rate = rate
        self.win = win
        self.hop = hop
        self.n_mels = n_mels
        self.f_low = f_low
        self.f_high = f_high
        self.n_coef = n_coef
        n_bins = (win) // 2 + 1

        if mfcc is True:
            self.mel_matrix = tf.signal.linear_to_mel_weight_matrix(
                    self.n_mels, n_bins, self.rate,
                    self.f_low, self.f_high)
            self.transform = self.to_mfcc_example
        else:
            self.transform = self.to_stft_example

    def decode(self, path):
        pieces = tf.strings.split(path, os.path.sep)
        word = pieces[-2]
        word_id = tf.argmax(word == self.words)
        raw = tf.io.read_file(path)
        wave, _ = tf.audio.decode_wav(raw)
        wave = tf.squeeze(wave, axis=1)

        return wave, word_id

    def pad_to_rate(self, wave):
        zeros = tf.zeros([self.rate] - tf.shape(wave), dtype=tf.float32)
        wave = tf.concat([wave, zeros], 0)
        wave.set_shape([self.rate])

        return wave

    def magnitude(self, wave):
        spec = tf.signal.stft(wave, frame_length=self.win,
                frame_step=self.hop, fft_length=self.win)
        mag = tf.abs(spec)

        return mag

    def cepstra(self, mag):
        mel = tf.tensordot(mag,
                self.mel_matrix, 1)
        log_mel = tf.math.log(mel + 1.e-6)
        coefs = tf.signal.mfccs_from_log_mel_spectrograms(log_mel)
        coefs = coefs[..., :self.n_coef]

        return coefs

    def to_stft_example(self, path):
        wave, word = self.decode(path)
        wave = self.pad_to_rate(wave)
        mag = self.magnitude(wave)
        mag = tf.expand_dims(mag, -1)
        mag = tf.image.resize(mag, [32, 32])

        return mag, word

    def to_mfcc_example(self, path):
        wave, word = self.decode(path)
        wave = self.pad_to_rate(wave)
        mag = self.magnitude(wave)
        coefs = self.cepstra(mag)
        coefs = tf.expand_dims(coefs, -1)

        return coefs, word

    def dataset(self, paths, training):
        ds = tf.data.Dataset.from_tensor_slices(paths)
        ds = ds.map(self.transform, num_parallel_calls=4)
        ds = ds.batch(32)
        ds = ds.cache()
        if training is True:
            ds = ds.shuffle(100, reshuffle_each_iteration=True)

        return ds



def make_splits(opts):

    if opts.silence is True:
      root = os.path.join('.', 'data', 'mini_speech_commands_silence')
    else:
      archive = tf.keras.utils.get_file(
                            origin = "http://storage.googleapis.com/download.tensorflow.org/data/mini_speech_commands.zip",
                            fname = "mini_speech_commands.zip",
                            extract=True,
                            cache_dir='.',
                            cache_subdir='data'
                        )
      # unpacks to one folder per word:
      # data/mini_speech_commands/{down,go,left,no,right,stop,up,yes}/
      stem, _ = os.path.splitext(archive)

      root = os.path.join('.', 'data', 'mini_speech_commands')

    paths = tf.io.gfile.glob(str(root) + '/*/*')
    paths = tf.random.shuffle(paths)
    n_files = len(paths)

    if opts.silence is True:
        n_total = 9000
    else:
        n_total = 8000

    tr_paths = paths[:int(n_total*0.8)]
    va_paths = paths[int(n_total*0.8): int(n_total*0.9)]
    te_paths = paths[int(n_total*0.9):]


    WORDS = np.array(tf.io.gfile.listdir(str(root)))
    WORDS = WORDS[WORDS != 'README.md']

    STFT_CFG = {'win': 256, 'hop': 128, 'mfcc': False}
    MFCC_CFG = {'win': 640, 'hop': 320, 'mfcc': True,
            'f_low': 20, 'f_high': 4000, 'n_mels': 40,
            'n_coef': 10}


    if opts.mfcc is True:
        cfg = MFCC_CFG
    else:
        cfg = STFT_CFG

    pipe = FeaturePipe(WORDS, 16000, **cfg)
    tr_ds = pipe.dataset(tr_paths, True)
    va_ds = pipe.dataset(va_paths, False)
    te_ds = pipe.dataset(te_paths, False)

    return tr_ds, va_ds, te_ds


def build_net(kind, mfcc, silence):

    step = [2,1] if mfcc else [2,2]
    n_out = 9 if silence else 8

    if kind == "MLP":
        net = keras.Sequential([
            keras.layers.Flatten(),
            keras.layers.Dense(256, activation='relu'),
            keras.layers.Dense(256, activation='relu'),
            keras.layers.Dense(256, activation='relu'),
            keras.layers.Dense(units=n_out)
        ])

    elif kind == "CNN":

        net = keras.Sequential([
          keras.layers.Conv2D(filters=128, kernel_size=[3,3], strides=step, use_bias=False),
          keras.layers.BatchNormalization(momentum=0.1),
          keras.layers.ReLU(),
          keras.layers.Conv2D(filters=128, kernel_size=[3,3], strides=step, use_bias=False),
          keras.layers.BatchNormalization(momentum=0.1),
          keras.layers.ReLU(),
          keras.layers.Conv2D(filters=128, kernel_size=[3,3], strides=step, use_bias=False),
          keras.layers.BatchNormalization(momentum=0.1),
          keras.layers.ReLU(),
          keras.layers.GlobalAveragePooling2D(),
          keras.layers.Dense(units=n_out)
      ])

    elif kind == "DS-CNN":
        net = keras.Sequential([
                  keras.layers.Conv2D(filters=256, kernel_size=[3, 3], strides=step, use_bias=False),
                  keras.layers.BatchNormalization(momentum=0.1),
                  keras.layers.ReLU(),

                  keras.layers.DepthwiseConv2D(kernel_size=[3, 3], strides=[1, 1], use_bias=False),
                  keras.layers.Conv2D(filters=256, kernel_size=[1, 1], strides=[1, 1], use_bias=False),
                  keras.layers.BatchNormalization(momentum=0.1),
                  keras.layers.ReLU(),

                  keras.layers.DepthwiseConv2D(kernel_size=[3, 3], strides=[1, 1], use_bias=False),
                  keras.layers.Conv2D(filters=256, kernel_size=[1, 1], strides=[1, 1], use_bias=False),
                  keras.layers.BatchNormalization(momentum=0.1),
                  keras.layers.ReLU(),

                  keras.layers.GlobalAveragePooling2D(),
                  keras.layers.Dense(units=n_out)
              ])

    return net

def fit_net(net, tr_data, va_data, optimizer, loss, metrics, bs, epochs):
    
    net.compile(optimizer=optimizer,
                loss=loss,
                metrics=metrics)

    net.fit(tr_data, validation_data = va_data, batch_size=bs, epochs=epochs)

def main(opts):
    
    tr_ds, va_ds, te_ds = make_splits(opts)

    # where checkpoints go
    feat_name = 'STFT' if not opts.mfcc else 'MFCCS'
    ckpt_dir = f'{opts.model}_{feat_name}/'

    net = build_net(opts.model, opts.mfcc, opts.silence)

    net.compile(optimizer=tf.optimizers.Adam(),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=keras.metrics.SparseCategoricalAccuracy())

    ckpt = keras.callbacks.ModelCheckpoint(filepath=ckpt_dir, 
                                                monitor="val_sparse_categorical_accuracy",
                                                save_best_only=True,
                                                save_weights_only=False,
                                                save_freq='epoch')

    net.fit(tr_ds, validation_data=va_ds, epochs=opts.epochs, callbacks=ckpt)
    te_loss, te_acc = net.evaluate(te_ds)
    
    print(f"test loss {te_loss:.4f}, test accuracy {te_acc:.4f}")


if __name__=="__main__":
    
    ap = argparse.ArgumentParser()

    ap.add_argument('-m', '--model', type=str, default="MLP", choices=['MLP','CNN','DS-CNN'])
    ap.add_argument('-e', '--epochs', type=int, default=20)
    ap.add_argument('-M','--mfcc', action='store_true')
    ap.add_argument("-s", '--silence', action='store_true')
    
    opts = ap.parse_args()

    main(opts)
