import librosa
import numpy as np
from math import floor
import os


def melgram_for_file(clip_path):
    """ Log-power mel spectrogram of one clip, shaped (96, 1366, 1): 96 mel bands by 1366 frames;
       the result is cached next to the audio file.
    """

    mel_cache_path = clip_path + '-mg.npy'

    if os.path.exists(mel_cache_path):
        return np.load(mel_cache_path)

    print('no cached mel file, computing it for', clip_path)

    # spectrogram settings
    target_sr = 12000
    fft_len = 512
    mel_bins = 96
    hop = 256
    clip_secs = 29.12  # 1366 frames = 12000 * 29.12 / 256

    wav, sr_out = librosa.load(clip_path, sr=target_sr)  # the full clip
    n_have = wav.shape[0]
    n_want = int(clip_secs * target_sr)

    if n_have < n_want:  # pad a short clip
        wav = np.hstack((wav, np.zeros((int(clip_secs * target_sr) - n_have,))))
    elif n_have > n_want:  # centre-crop a long one
        wav = wav[(n_have - n_want) // 2:(n_have + n_want) // 2]
    to_db = librosa.core.amplitude_to_db
    mel_fn = librosa.feature.melspectrogram
    mel_db = to_db(mel_fn(y=wav, sr=target_sr, hop_length=hop,
                        n_fft=fft_len, n_mels=mel_bins) ** 2,
                ref=1.0)
    mel_db = np.expand_dims(mel_db, axis=2)

    np.save(mel_cache_path, mel_db)

    return mel_db



from keras.callbacks import ModelCheckpoint
from lru import LRU

import keras.backend as K
import tensorflow as tf
from keras.callbacks import ModelCheckpoint
from keras.layers import Dense, Activation, BatchNormalization, Flatten, Conv2D, \
    MaxPooling2D, Dropout
from keras.models import Sequential
from keras.utils import np_utils
from sklearn.model_selection import train_test_split

from keras_audio.library.resnets_utils import *


def build_genre_model(in_shape, n_genres):
    ch_axis = 3
    f_axis = 1
    t_axis = 2

    cnn_model = Sequential()
    cnn_model.add(Conv2D(filters=32, input_shape=in_shape, padding='same', kernel_size=(3, 3)))
    cnn_model.add(BatchNormalization(axis=ch_axis))
    cnn_model.add(Activation('elu'))
    cnn_model.add(MaxPooling2D(pool_size=(2, 4)))

    cnn_model.add(Conv2D(filters=32, padding='same', kernel_size=(3, 3)))
    cnn_model.add(BatchNormalization(axis=ch_axis))
    cnn_model.add(Activation('elu'))
    cnn_model.add(MaxPooling2D(pool_size=(2, 4)))

    cnn_model.add(Dropout(rate=0.25))

    cnn_model.add(Conv2D(filters=64, kernel_size=(3, 3), padding='same', input_shape=in_shape))
    cnn_model.add(BatchNormalization(axis=ch_axis))
    cnn_model.add(Activation('elu'))
    cnn_model.add(MaxPooling2D(pool_size=(2, 4)))

    cnn_model.add(Conv2D(filters=128, padding='same', kernel_size=(3, 3)))
    cnn_model.add(BatchNormalization(axis=ch_axis))
    cnn_model.add(Activation('elu'))
    cnn_model.add(MaxPooling2D(pool_size=(3, 5)))

    cnn_model.add(Conv2D(filters=256, padding='same', kernel_size=(3, 3)))
    cnn_model.add(BatchNormalization(axis=ch_axis))
    cnn_model.add(Activation('elu'))
    cnn_model.add(MaxPooling2D(pool_size=(4, 4)))

    cnn_model.add(Dropout(rate=0.25))

    cnn_model.add(Flatten())
    cnn_model.add(Dense(units=512))
    cnn_model.add(Activation('elu'))
    cnn_model.add(Dropout(rate=0.5))
    cnn_model.add(Dense(units=n_genres))
    cnn_model.add(Activation('softmax'))

    cnn_model.compile(optimizer='rmsprop', loss='categorical_crossentropy', metrics=['accuracy'])

    return cnn_model


class GenreCnnClassifier(object):
    model_tag = 'cifar10'

    def __init__(self):
        self.mel_lru = LRU(400)
        self.in_shape = None
        self.n_genres = None
        self.keras_model = None
        self.saved_cfg = None

    def build_model(self):
        self.keras_model = build_genre_model(in_shape=self.in_shape, n_genres=self.n_genres)
        self.keras_model.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])

        print(self.keras_model.summary())

    @staticmethod
    def cfg_file_path(model_dir):
        return os.path.join(model_dir, GenreCnnClassifier.model_tag + '-config.npy')

    @staticmethod
    def arch_file_path(model_dir):
        return os.path.join(model_dir, GenreCnnClassifier.model_tag + '-architecture.json')

    @staticmethod
    def weights_file_path(model_dir):
        return os.path.join(model_dir, GenreCnnClassifier.model_tag + '-weights.h5')

    def restore_model(self, model_dir):
        cfg_path = GenreCnnClassifier.cfg_file_path(model_dir)
        weights_path = GenreCnnClassifier.weights_file_path(model_dir)
        self.saved_cfg = np.load(cfg_path).item()
        self.in_shape = self.saved_cfg['input_shape']
        self.n_genres = self.saved_cfg['nb_classes']
        self.build_model()
        self.keras_model.load_weights(weights_path)

    def melgram_for_file(self, clip_path):
        if clip_path in self.mel_lru:
            return self.mel_lru[clip_path]
        else:
            mel = melgram_for_file(clip_path)
            # optional rescaling (off)
            self.mel_lru[clip_path] = mel
            return mel

    def batch_stream(self, clip_paths, labels_y, minibatch_size):
        n_full_batches = len(clip_paths) // minibatch_size
        while True:
            for b_i in range(0, n_full_batches):
                lo = b_i * minibatch_size
                hi = (b_i + 1) * minibatch_size

                X_batch = np.zeros(shape=(minibatch_size, self.in_shape[0], self.in_shape[1], self.in_shape[2]), dtype=np.float32)
                for i in range(lo, hi):
                    clip_path = clip_paths[i]
                    mel = melgram_for_file(clip_path)
                    X_batch[i - lo, :, :, :] = mel
                yield X_batch, labels_y[lo:hi]

    def fit(self, path_label_pairs, model_dir, minibatch_size=None, epoch_count=None, test_share=None,
            split_seed=None, in_shape=None, n_genres=None):
        if minibatch_size is None:
            minibatch_size = 64
        if epoch_count is None:
            epoch_count = 20
        if test_share is None:
            test_share = 0.2
        if split_seed is None:
            split_seed = 42
        if in_shape is None:
            in_shape = (96, 1366, 1)
        if n_genres is None:
            n_genres = 10

        cfg_path = GenreCnnClassifier.cfg_file_path(model_dir)
        weights_path = GenreCnnClassifier.weights_file_path(model_dir)
        arch_path = GenreCnnClassifier.arch_file_path(model_dir)

        self.in_shape = in_shape
        self.n_genres = n_genres

        self.saved_cfg = dict()
        self.saved_cfg['input_shape'] = in_shape
        self.saved_cfg['nb_classes'] = n_genres
        np.save(cfg_path, self.saved_cfg)

        self.build_model()

        with open(arch_path, 'wt') as fh:
            fh.write(self.keras_model.to_json())

        ckpt_cb = ModelCheckpoint(weights_path)

        X_paths = []
        Y_labels = []

        for clip_path, genre_label in path_label_pairs:
            X_paths.append(clip_path)
            Y_labels.append(genre_label)

        X_paths = np.array(X_paths)
        Y_labels = np.array(Y_labels)

        Y_labels = np_utils.to_categorical(Y_labels, self.n_genres)

        train_X, test_X, train_Y, test_Y = train_test_split(X_paths, Y_labels, test_size=test_share, random_state=split_seed)

        train_batches = self.batch_stream(train_X, train_Y, minibatch_size)
        test_batches = self.batch_stream(test_X, test_Y, minibatch_size)

        train_steps = len(train_X) // minibatch_size
        test_steps = len(test_X) // minibatch_size

        fit_history = self.keras_model.fit_generator(generator=train_batches, steps_per_epoch=train_steps,
                                           epochs=epoch_count,
                                           verbose=1, validation_data=test_batches, validation_steps=test_steps,
                                           callbacks=[ckpt_cb])
        self.keras_model.save_weights(weights_path)

        np.save(os.path.join(model_dir, GenreCnnClassifier.model_tag + '-history.npy'), fit_history.history)
        return fit_history

    def genre_scores(self, clip_path):
        mel = melgram_for_file(clip_path)
        mel = np.expand_dims(mel, axis=0)
        return self.keras_model.predict(mel)[0]

    def top_genre(self, clip_path):
        probs = self.genre_scores(clip_path)
        return np.argmax(probs)

    def export_frozen_graph(self, out_dir, pb_file=None,
                                 ascii_file=None,
                                 n_outputs=None,
                                do_quantize=False,
                                write_ascii=False,
                                 node_prefix=None):

        K.set_learning_phase(0)

        if pb_file is None:
            pb_file = GenreCnnClassifier.model_tag + '.pb'

        if ascii_file is None:
            ascii_file = 'model.ascii'
        if n_outputs is None:
            n_outputs = 1
        if node_prefix is None:
            node_prefix = 'output_node'

        out_tensors = [None] * n_outputs
        out_node_names = [None] * n_outputs
        for i in range(n_outputs):
            out_node_names[i] = node_prefix + str(i)
            out_tensors[i] = tf.identity(self.keras_model.outputs[i], name=out_node_names[i])
        print('graph outputs:', out_node_names)

        tf_sess = K.get_session()

        if write_ascii:
            tf.train.write_graph(tf_sess.graph.as_graph_def(), out_dir, ascii_file, as_text=True)
            print('text graph written to', ascii_file)

        from tensorflow.python.framework import graph_util
        from tensorflow.python.framework import graph_io
        from tensorflow.tools.graph_transforms import TransformGraph
        if do_quantize:
            tx_list = ["quantize_weights", "quantize_nodes"]
            tx_graph_def = TransformGraph(tf_sess.graph.as_graph_def(), [], out_node_names, tx_list)
            frozen_graph = graph_util.convert_variables_to_constants(tf_sess, tx_graph_def, out_node_names)
        else:
            frozen_graph = graph_util.convert_variables_to_constants(tf_sess, tf_sess.graph.as_graph_def(), out_node_names)
        graph_io.write_graph(frozen_graph, out_dir, pb_file, as_text=False)
        print('frozen inference graph written to', pb_file)

from keras_audio.library.utility.gtzan_loader import download_gtzan_genres_if_not_found


def read_path_label_pairs(pair_cap=None):
    download_gtzan_genres_if_not_found('./very_large_data/gtzan')
    clip_paths = []
    with open('./data/lists/test_songs_gtzan_list.txt', 'rt') as fh:
        for row in fh:
            clip_path = './very_large_data/' + row.strip()
            clip_paths.append(clip_path)
    path_labels = []
    with open('./data/lists/test_gt_gtzan_list.txt', 'rt') as fh:
        for row in fh:
            genre_label = int(row)
            if pair_cap is None or len(path_labels) < pair_cap:
                path_labels.append((clip_paths[len(path_labels)], genre_label))
            else:
                break
    return path_labels


def entry():
    path_label_pairs = read_path_label_pairs()
    print('clip/label pairs:', len(path_label_pairs))

    genre_clf = GenreCnnClassifier()
    minibatch_size = 8
    epoch_count = 100
    fit_history = genre_clf.fit(path_label_pairs, model_dir='./models', minibatch_size=minibatch_size, epoch_count=epoch_count)


if __name__ == '__main__':
    entry()
