import pandas as pd
import numpy as np
import keras
import os
import soundfile as sf
import tensorflow as tf
import librosa
from tqdm import tqdm
from sklearn.preprocessing import LabelEncoder
from mixup_layer import MixupLayer
import metrics
from sklearn.mixture import GaussianMixture


class MelDbLayer(tf.keras.layers.Layer):
    """Keras layer turning a waveform batch into log-scaled mel power maps."""
    def __init__(self, sr_hz, win_len, step_len, mel_bins,
                 low_hz=0.0, high_hz=None, **kwargs):
        super(MelDbLayer, self).__init__(**kwargs)
        self.sr_hz = sr_hz
        self.win_len = win_len
        self.step_len = step_len
        self.mel_bins = mel_bins
        self.low_hz = low_hz
        self.high_hz = high_hz if high_hz else sr_hz / 2
        self.mel_matrix = tf.signal.linear_to_mel_weight_matrix(
            num_mel_bins=self.mel_bins,
            num_spectrogram_bins=win_len // 2 + 1,
            sample_rate=self.sr_hz,
            lower_edge_hertz=self.low_hz,
            upper_edge_hertz=self.high_hz)

    def call(self, signal_batch):
        stft_out = tf.signal.stft(signal_batch,
                                      frame_length=self.win_len,
                                      frame_step=self.step_len,
                                      pad_end=False)
        stft_mag = tf.abs(stft_out)
        mel_power = tf.matmul(tf.square(stft_mag),
                                     self.mel_matrix)
        mel_db = 10.0 * tf.math.log(tf.maximum(1e-10, mel_power)) / tf.math.log(10.0)
        # append a trailing channel axis
        mel_db = tf.expand_dims(mel_db, 3)
        return mel_db


def mix_target_loss(y_ref, y_out):
    return tf.keras.losses.categorical_crossentropy(y_true=y_out[:, :, 1], y_pred=y_out[:, :, 0])


def unit_scale(vecs):
    scaled = []
    for row in vecs:
        unit_row = row / np.math.sqrt(sum(np.power(row, 2)))
        scaled.append(unit_row)
    scaled = np.array(scaled)
    return scaled


def build_embed_model(n_labels, wave_len, n_sub):
    wave_input = tf.keras.layers.Input(shape=(wave_len, 1), dtype='float32')
    label_in = tf.keras.layers.Input(shape=(n_labels), dtype='float32')
    y = label_in
    x = wave_input
    wd_reg = tf.keras.regularizers.l2(1e-5)
    x_mixed, y = MixupLayer(prob=1)([x, y])
    # spectral-magnitude branch
    x = tf.keras.layers.Lambda(lambda x: tf.math.abs(tf.signal.fft(tf.complex(x[:, :, 0], tf.zeros_like(x[:, :, 0])))[:, :int(wave_len / 2)]))(x_mixed)
    x = tf.keras.layers.Reshape((-1, 1))(x)
    x = tf.keras.layers.Conv1D(128, 256, strides=64, activation='linear', padding='same',
                               kernel_regularizer=wd_reg, use_bias=False)(x)
    x = tf.keras.layers.LeakyReLU(alpha=0.1)(x)
    x = tf.keras.layers.Conv1D(128, 64, strides=32, activation='linear', padding='same',
                               kernel_regularizer=wd_reg, use_bias=False)(x)
    x = tf.keras.layers.LeakyReLU(alpha=0.1)(x)
    x = tf.keras.layers.Conv1D(128, 16, strides=4, activation='linear', padding='same',
                               kernel_regularizer=wd_reg, use_bias=False)(x)
    x = tf.keras.layers.LeakyReLU(alpha=0.1)(x)
    x = tf.keras.layers.Flatten()(x)
    fft_feature = tf.keras.layers.Dense(128, name='emb_fft', kernel_regularizer=wd_reg, use_bias=False)(x)

    # mel branch (fewer residual stages than the full network)
    x = tf.keras.layers.Reshape((160000,))(x_mixed)
    x = MelDbLayer(16000, 1024, 256, 128, high_hz=8000)(x)
    x = tf.keras.layers.BatchNormalization(axis=-2)(x)
    x = tf.keras.layers.Conv2D(16, 7, strides=2, activation='linear', padding='same',
                               kernel_regularizer=wd_reg, use_bias=False)(x)
    x = tf.keras.layers.LeakyReLU(alpha=0.1)(x)
    x = tf.keras.layers.MaxPooling2D(3, strides=2)(x)
    x = tf.keras.layers.Conv2D(128, 3, strides=(2, 2), activation='linear', padding='same',
                               kernel_regularizer=wd_reg, use_bias=False)(x)
    x = tf.keras.layers.MaxPooling2D((20, 1), padding='same')(x)
    x = tf.keras.layers.Flatten(name='flat')(x)
    x = tf.keras.layers.BatchNormalization()(x)
    mel_feature = tf.keras.layers.Dense(128, kernel_regularizer=wd_reg, name='emb_mel', use_bias=False)(x)

    x = tf.keras.layers.Concatenate(axis=-1)([fft_feature, mel_feature])
    logits = metrics.AdaCos(n_classes=n_labels, n_subclusters=n_sub)([x, y, label_in])
    loss_stack = tf.keras.layers.Lambda(lambda x: tf.stack(x, axis=-1))([logits, y])

    return wave_input, label_in, loss_stack


# read the audio (or its cached arrays), then fit and score
sr_target = 16000

# training clips
print('Reading the training clips')
machine_types = os.listdir("./dev_data")

if os.path.isfile(str(sr_target) + '_train_raw.npy'):
    train_waves = np.load(str(sr_target) + '_train_raw.npy')
    train_sections = np.load('train_ids.npy')
    train_paths = np.load('train_files.npy')
    train_attrs = np.load('train_atts.npy')
else:
    train_waves = []
    train_sections = []
    train_paths = []
    train_attrs = []
    data_roots = ['./dev_data/', './eval_data/']
    for label_idx, mtype in enumerate(machine_types):
        for root_dir in data_roots:
            for n_file, fname in tqdm(enumerate(os.listdir(root_dir + mtype + "/train")),
                                    total=len(os.listdir(root_dir + mtype + "/train"))):
                wav_path = root_dir + mtype + "/train/" + fname
                audio, sr_read = sf.read(wav_path)
                mono = librosa.core.to_mono(audio.transpose()).transpose()[:10 * sr_target]
                train_waves.append(mono)
                train_sections.append(mtype + '_' + fname.split('_')[1])
                train_paths.append(wav_path)
                train_attrs.append('_'.join(fname.split('.wav')[0].split('_')[6:]))
    # turn the lists into arrays and cache them on disk
    train_sections = np.array(train_sections)
    train_paths = np.array(train_paths)
    train_waves = np.expand_dims(np.array(train_waves, dtype=np.float32), axis=-1)
    train_attrs = np.array(train_attrs)
    np.save('train_ids.npy', train_sections)
    np.save('train_files.npy', train_paths)
    np.save('train_atts.npy', train_attrs)
    np.save(str(sr_target) + '_train_raw.npy', train_waves)

# evaluation clips
print('Reading the evaluation clips')
if os.path.isfile(str(sr_target) + '_eval_raw.npy'):
    eval_waves = np.load(str(sr_target) + '_eval_raw.npy')
    eval_sections = np.load('eval_ids.npy')
    eval_is_normal = np.load('eval_normal.npy')
    eval_attrs = np.load('eval_atts.npy')
else:
    eval_waves = []
    eval_sections = []
    eval_is_normal = []
    eval_attrs = []
    for label_idx, mtype in enumerate(machine_types):
        for n_file, fname in tqdm(enumerate(os.listdir("./dev_data/" + mtype + "/test")),
                                total=len(os.listdir("./dev_data/" + mtype + "/test"))):
            wav_path = "./dev_data/" + mtype + "/test/" + fname
            audio, sr_read = sf.read(wav_path)
            mono = librosa.core.to_mono(audio.transpose()).transpose()[:10 * sr_target]
            eval_waves.append(mono)
            eval_sections.append(mtype + '_' + fname.split('_')[1])
            eval_is_normal.append(fname.split('_test_')[1].split('_')[0] == 'normal')
            eval_attrs.append('_'.join(fname.split('.wav')[0].split('_')[6:]))
    # turn the lists into arrays and cache them on disk
    eval_sections = np.array(eval_sections)
    eval_is_normal = np.array(eval_is_normal)
    eval_attrs = np.array(eval_attrs)
    eval_waves = np.expand_dims(np.array(eval_waves, dtype=np.float32), axis=-1)
    np.save('eval_ids.npy', eval_sections)
    np.save('eval_normal.npy', eval_is_normal)
    np.save('eval_atts.npy', eval_attrs)
    np.save(str(sr_target) + '_eval_raw.npy', eval_waves)

# integer codes for section ids (with and without attributes)
attr_encoder = LabelEncoder()
train_keys = np.array(['_'.join([train_sections[k], train_attrs[k]]) for k in np.arange(train_sections.shape[0])])
eval_keys = np.array(['_'.join([eval_sections[k], eval_attrs[k]]) for k in np.arange(eval_sections.shape[0])])
attr_encoder.fit(np.concatenate([train_keys, eval_keys], axis=0))
n_train_classes = len(np.unique(np.concatenate([train_keys, eval_keys], axis=0)))
train_labels_fine = attr_encoder.transform(train_keys)
eval_labels_fine = attr_encoder.transform(eval_keys)

section_encoder = LabelEncoder()
train_section_labels = section_encoder.fit_transform(train_sections)
eval_section_labels = section_encoder.transform(eval_sections)

# split the evaluation clips into normal and anomalous ones
anomal_waves = eval_waves[~eval_is_normal]
anomal_labels = eval_section_labels[~eval_is_normal]
eval_waves = eval_waves[eval_is_normal]
eval_section_labels = eval_section_labels[eval_is_normal]
eval_labels_fine = eval_labels_fine[eval_is_normal]

# fit the embedding network on the development training split
batch_len = 64
epoch_count = 100
rounds = 4

eval_scores = np.zeros((eval_waves.shape[0], np.unique(train_labels_fine).shape[0]))
anomal_scores = np.zeros((anomal_waves.shape[0], np.unique(train_labels_fine).shape[0]))

for n_sub in 2**np.arange(10):
    train_y_onehot = keras.utils.np_utils.to_categorical(train_labels_fine, num_classes=n_train_classes)
    eval_y_onehot = keras.utils.np_utils.to_categorical(eval_labels_fine, num_classes=n_train_classes)

    # build and compile a fresh network
    wave_input, label_in, loss_stack = build_embed_model(n_labels=n_train_classes,
                                                             wave_len=eval_waves.shape[1], n_sub=16)
    xvec_model = tf.keras.Model(inputs=[wave_input, label_in], outputs=[loss_stack])
    xvec_model.compile(loss=[mix_target_loss], optimizer=tf.keras.optimizers.Adam())

    for k in np.arange(rounds):
        print('sub-cluster count: ' + str(n_sub))
        print('round: ' + str(k))
        ckpt_path = 'wts_raw_' + str(k + 1) + 'k_' + str(sr_target) + '_' + str(
            n_sub + 777) + '_with_eval_final_new.h5'
        if not os.path.isfile(ckpt_path):
            xvec_model.fit(
                [train_waves, train_y_onehot], train_y_onehot, verbose=1,
                batch_size=batch_len, epochs=epoch_count,
                validation_data=([eval_waves, eval_y_onehot], eval_y_onehot))
            xvec_model.save(ckpt_path)
        else:
            xvec_model = tf.keras.models.load_model(ckpt_path,
                                               custom_objects={'MixupLayer': MixupLayer, 'mix_target_loss': mix_target_loss,
                                                               'AdaCos': metrics.AdaCos})

        embed_model = tf.keras.Model(xvec_model.input, xvec_model.layers[-3].output)
        eval_embeds = embed_model.predict([eval_waves, np.zeros((eval_waves.shape[0], n_train_classes))], batch_size=batch_len)
        train_embeds = embed_model.predict([train_waves, np.zeros((train_waves.shape[0], n_train_classes))], batch_size=batch_len)
        anomal_embeds = embed_model.predict([anomal_waves, np.zeros((anomal_waves.shape[0], n_train_classes))], batch_size=batch_len)

        # scale every embedding to unit length
        train_x_unit = unit_scale(train_embeds)
        eval_x_unit = unit_scale(eval_embeds)
        anomal_x_unit = unit_scale(anomal_embeds)

        for j, sec in tqdm(enumerate(np.unique(train_section_labels)), total=len(np.unique(train_section_labels))):
            if np.sum(train_section_labels == sec) > 1:
                gmm = GaussianMixture(n_components=16, covariance_type='full',
                                       reg_covar=1e-3).fit(train_x_unit[train_section_labels == sec])
                if np.sum(eval_section_labels == sec) > 0:
                    eval_scores[eval_section_labels == sec, :] += np.expand_dims(
                        -gmm.score_samples(eval_x_unit[eval_section_labels == sec]), axis=-1)
                    anomal_scores[anomal_labels == sec, :] += np.expand_dims(
                        -gmm.score_samples(anomal_x_unit[anomal_labels == sec]), axis=-1)

np.save('pred_eval_att.npy', eval_scores)
np.save('pred_unknown_att.npy', anomal_scores)
