from pathlib import Path

import numpy as np
import pandas as pd

import matplotlib.pyplot as plt
import seaborn as sns

import math
import librosa

import tensorflow as tf

from sklearn.metrics import confusion_matrix
from sklearn.model_selection import train_test_split

from tensorflow.keras.layers import Input, Dense, Dropout, Conv2D, MaxPooling2D,GlobalAveragePooling2D
from tensorflow.keras.models import Model
from tensorflow.keras.callbacks import ReduceLROnPlateau, EarlyStopping
from tensorflow.keras.utils import to_categorical

genre_to_label = {
    "blues": 0,
    "classical": 1,
    "country": 2,
    "disco": 3,
    "hiphop": 4,
    "jazz": 5,
    "metal": 6,
    "pop": 7,
    "reggae": 8,
    "rock": 9
}


def evaluate_model(cnn_model, test_X, test_y, class_labels, fit_history):
    
    print(pd.Series(cnn_model.evaluate(test_X, test_y), index=cnn_model.metrics_names))
        
    plt.figure(figsize=(12,8))
    plt.plot(fit_history.history['accuracy'])
    plt.plot(fit_history.history['val_accuracy'])
    plt.xlabel('training epoch')
    plt.ylabel('share correct')
    
    class_probs = cnn_model.predict(test_X)
    pred_ids = np.argmax(class_probs, axis=1)
    if test_y.shape[1] == len(class_labels):
        test_y = np.argmax(test_y, axis=1)

    conf_table = pd.DataFrame(confusion_matrix(test_y, pred_ids), index=class_labels, columns=class_labels)
    conf_table /= np.sum(conf_table, axis=1)

    plt.figure(figsize=(12,8))
    sns.heatmap(conf_table, cmap=plt.cm.Blues, annot=True)
    plt.xlabel("genre predicted")
    plt.ylabel("genre annotated")
    plt.title('Which genres get mixed up')

    plt.show()

def build_model(in_shape, n_outputs, pad_mode="valid"):
    in_layer = Input(in_shape)

    layer_x = Conv2D(filters=32, kernel_size=(3, 3), activation="relu", padding=pad_mode)(in_layer)
    layer_x = MaxPooling2D((2, 2), padding="same")(layer_x)

    layer_x = Conv2D(filters=128, kernel_size=(3, 3), activation="relu", padding=pad_mode)(layer_x)
    layer_x = MaxPooling2D((2, 2), padding="same")(layer_x)
    layer_x = Dropout(.3)(layer_x)

    # a third convolution block (128 filters, pooling, dropout 0.3)
    # was tried here and is switched off;
    # the two blocks above feed the global pooling directly

    layer_x = GlobalAveragePooling2D()(layer_x)
    layer_x = Dense(512, activation="relu")(layer_x)
    out_layer = Dense(n_outputs, activation="softmax")(layer_x)

    cnn_model = Model(in_layer, out_layer)
    cnn_model.summary()
    return cnn_model

def mfcc_from_folder(wav_dir, mfcc_count=40, fft_size=2048, hop_size=512, segments_per_track=10, to_db=False):
    features_kept = []
    class_labels = []
    rate = 22050
    segment_len =int(rate * 30 / segments_per_track)
    
    for wav_path in Path(wav_dir).glob("*.wav"):
        print(f"reading {wav_path.name}")
        wave, rate = librosa.load(wav_path, sr=rate)
        genre_label = wav_path.stem.split("_")[0]

        harm_part, perc_part = hpss(wave)

        for k in range(segments_per_track):
            piece = wave[segment_len*k:segment_len*(k+1)]
            cepstra = librosa.feature.mfcc(y=piece, sr=rate, n_mfcc=mfcc_count, n_fft=fft_size, hop_length=hop_size)

            if to_db:
                cepstra = librosa.amplitude_to_db(np.abs(cepstra))

            cepstra = cepstra.T
            if len(cepstra) == math.ceil(segment_len / hop_size):
                features_kept.append(cepstra.tolist())
                class_labels.append(genre_to_label[genre_label])
    
    return np.array(features_kept), np.array(class_labels)

def stacked_features_from_folder(wav_dir, mfcc_count=40, fft_size=2048, hop_size=512, segments_per_track=10, to_db=False):
    features_kept = []
    class_labels = []
    rate = 22050
    segment_len =int(rate * 30 / segments_per_track)
    
    for wav_path in Path(wav_dir).glob("*.wav"):

        print(f"reading {wav_path.name}")
        wave, rate = librosa.load(wav_path, sr=rate)
        genre_label = wav_path.stem.split("_")[0]

        for k in range(segments_per_track):
            piece = wave[segment_len*k:segment_len*(k+1)]
            
            # mel power, its harmonic / percussive split, and cepstral coefficients
            mel_power = librosa.feature.melspectrogram(y=piece, n_mels=40)
            harm_mel, perc_mel = librosa.decompose.hpss(mel_power)
            cepstra = librosa.feature.mfcc(S=librosa.power_to_db(mel_power), sr=rate, n_mfcc=mfcc_count, n_fft=fft_size, hop_length=hop_size)

            if to_db:
                cepstra = librosa.amplitude_to_db(np.abs(cepstra))

            stacked = np.stack((cepstra.T, harm_mel.T, perc_mel.T), axis=-1)

            if len(stacked) == math.ceil(segment_len / hop_size):
                features_kept.append(stacked.tolist())
                class_labels.append(genre_to_label[genre_label])
    
    return np.array(features_kept), np.array(class_labels)

def load_features(wav_folder, npy_folder, recompute=False):
    if recompute:
        
        # decode every audio file of the folder
        all_data, all_targets = stacked_features_from_folder(wav_folder)

        try:
            k, n_frames, n_coeffs, n_planes = all_data.shape
        except:
            k, n_frames, n_coeffs = all_data.shape
            all_data = all_data.reshape(k, n_frames, n_coeffs, 1)

        in_shape = (n_frames, n_coeffs, n_planes)
        print('feature array: {}'.format(all_data.shape))
        print('one sample: {}'.format(in_shape))

        # distinct class ids
        class_labels = np.unique(all_targets)

        # one-hot class vectors
        all_targets = to_categorical(all_targets, num_classes=len(genre_to_label))

        # 80/20 split, then the 20 halved into val and test
        train_X, test_X, train_y, test_y = train_test_split(all_data, all_targets, test_size=0.2)
        val_X, test_X, val_y, test_y = train_test_split(test_X, test_y, test_size=0.5)

        np.save(Path(npy_folder, "x_train.npy"), train_X)
        np.save(Path(npy_folder, "y_train.npy"), train_y)
        np.save(Path(npy_folder, "x_test.npy"), test_X)
        np.save(Path(npy_folder, "y_test.npy"), test_y)
        np.save(Path(npy_folder, "x_val.npy"), val_X)
        np.save(Path(npy_folder, "y_val.npy"), val_y)
        np.save(Path(npy_folder, "labels.npy"), class_labels)

    else:
        train_X = np.load(Path(npy_folder, "x_train.npy"))
        train_y = np.load(Path(npy_folder, "y_train.npy"))
        test_X = np.load(Path(npy_folder, "x_test.npy"))
        test_y = np.load(Path(npy_folder, "y_test.npy"))
        val_X = np.load(Path(npy_folder, "x_val.npy"))
        val_y = np.load(Path(npy_folder, "y_val.npy"))
        class_labels = np.load(Path(npy_folder, "labels.npy"))
        
    print(f"train split {train_X.shape} / {train_y.shape}")
    print(f"val split {val_X.shape} / {val_y.shape}")
    print(f"test split {test_X.shape} / {test_y.shape}")

    return train_X, train_y, test_X, test_y, val_X, val_y, class_labels

def fit_and_report(cnn_model, train_X, train_y, test_X, test_y, val_X, val_y, class_labels):
    cnn_model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    lr_on_plateau = ReduceLROnPlateau(monitor="val_loss")
    stop_early = EarlyStopping(monitor="loss", patience=3)
    fit_history = cnn_model.fit(train_X, train_y, epochs=100, validation_data=(val_X, val_y),
                        callbacks=[lr_on_plateau, stop_early])
    evaluate_model(cnn_model, test_X, test_y, class_labels, fit_history)


if __name__ == "__main__":
    build_features = False
    wav_folder = "data/genres_wav"
    npy_folder = "data/genres_np/multi_channel"

    # no separate configuration step
    train_X, train_y, test_X, test_y, val_X, val_y, class_labels = load_features(wav_folder, npy_folder, build_features)
    cnn_model = build_model(in_shape=train_X.shape[1:], n_outputs=len(class_labels), pad_mode="same")
    fit_and_report(cnn_model, train_X, train_y, test_X, test_y, val_X, val_y, class_labels)
    cnn_model.save("model")