import tensorflow as tf
from tensorflow.keras.callbacks import CSVLogger, ModelCheckpoint
from tensorflow.keras.utils import to_categorical
import os
from scipy.io import wavfile
import pandas as pd
import numpy as np
from sklearn.utils.class_weight import compute_class_weight
from sklearn.preprocessing import LabelEncoder
from sklearn.model_selection import train_test_split
from models import build_td_conv1d, build_conv2d, build_bilstm
from tqdm import tqdm
from glob import glob
import argparse
import warnings


class WavBatchSequence(tf.keras.utils.Sequence):
    def __init__(self, wav_paths, labels, sr, dt, n_classes,
                 batch_size=32, shuffle=True):
        self.wav_paths = wav_paths
        self.labels = labels
        self.sr = sr
        self.dt = dt
        self.n_classes = n_classes
        self.batch_size = batch_size
        self.shuffle = True
        self.on_epoch_end()


    def __len__(self):
        return int(np.floor(len(self.wav_paths) / self.batch_size))


    def __getitem__(self, batch_no):
        picked = self.order[batch_no*self.batch_size:(batch_no+1)*self.batch_size]

        batch_paths = [self.wav_paths[k] for k in picked]
        batch_labels = [self.labels[k] for k in picked]

        # one batch of waveforms and one-hot labels
        X = np.empty((self.batch_size, int(self.sr*self.dt), 1), dtype=np.float32)
        Y = np.empty((self.batch_size, self.n_classes), dtype=np.float32)

        for i, (path, label) in enumerate(zip(batch_paths, batch_labels)):
            rate, wav = wavfile.read(path)
            X[i,] = wav.reshape(-1, 1)
            Y[i,] = to_categorical(label, num_classes=self.n_classes)

        return X, Y


    def on_epoch_end(self):
        self.order = np.arange(len(self.wav_paths))
        if self.shuffle:
            np.random.shuffle(self.order)


def train(args):
    data_root = args.src_root
    sr = args.sample_rate
    dt = args.delta_time
    batch_size = args.batch_size
    model_type = args.model_type
    model_args = {'n_classes':len(os.listdir(args.src_root)),
              'sample_rate_hz':sr,
              'clip_seconds':dt}
    model_choices = {'conv1d':build_td_conv1d(**model_args),
              'conv2d':build_conv2d(**model_args),
              'lstm':  build_bilstm(**model_args)}
    assert model_type in model_choices.keys(), 'unknown model type {}'.format(model_type)
    history_csv = os.path.join('logs', '{}_history.csv'.format(model_type))

    wav_paths = glob('{}/**'.format(data_root), recursive=True)
    wav_paths = [p.replace(os.sep, '/') for p in wav_paths if '.wav' in p]
    class_names = sorted(os.listdir(args.src_root))
    encoder = LabelEncoder()
    encoder.fit(class_names)
    labels = [os.path.split(p)[0].split('/')[-1] for p in wav_paths]
    labels = encoder.transform(labels)
    train_paths, val_paths, train_labels, val_labels = train_test_split(wav_paths,
                                                                  labels,
                                                                  test_size=0.1,
                                                                  random_state=0)

    assert len(train_labels) >= args.batch_size, 'need at least one full training batch'
    if len(set(train_labels)) != model_args['n_classes']:
        warnings.warn('training split holds {}/{} classes; use more data or another random_state'.format(len(set(train_labels)), model_args['n_classes']))
    if len(set(val_labels)) != model_args['n_classes']:
        warnings.warn('validation split holds {}/{} classes; use more data or another random_state'.format(len(set(val_labels)), model_args['n_classes']))

    train_batches = WavBatchSequence(train_paths, train_labels, sr, dt,
                       model_args['n_classes'], batch_size=batch_size)
    val_batches = WavBatchSequence(val_paths, val_labels, sr, dt,
                       model_args['n_classes'], batch_size=batch_size)
    model = model_choices[model_type]
    checkpoint = ModelCheckpoint('models/{}.h5'.format(model_type), monitor='val_loss',
                         save_best_only=True, save_weights_only=False,
                         mode='auto', save_freq='epoch', verbose=1)
    csv_log = CSVLogger(history_csv, append=False)
    model.fit(train_batches, validation_data=val_batches,
              epochs=30, verbose=1,
              callbacks=[csv_log, checkpoint])

if __name__ == '__main__':

    parser = argparse.ArgumentParser(description='trains an audio classifier on cleaned clips')
    parser.add_argument('--model_type', type=str, default='lstm',
                        help='conv1d, conv2d or lstm')
    parser.add_argument('--src_root', type=str, default='clean',
                        help='folder of cleaned clips, one subfolder per class')
    parser.add_argument('--batch_size', type=int, default=16,
                        help='clips per batch')
    parser.add_argument('--delta_time', '-dt', type=float, default=1.0,
                        help='clip length in seconds')
    parser.add_argument('--sample_rate', '-sr', type=int, default=16000,
                        help='sample rate of the cleaned clips')
    args, _ = parser.parse_known_args()

    train(args)

