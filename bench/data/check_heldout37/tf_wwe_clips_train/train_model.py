import os
import cv2

# (pafy import not needed)
import math
import random
import numpy as np
import datetime as dt
import tensorflow as tf
from collections import deque
import matplotlib.pyplot as plt
from pathlib import Path


from model_params import (
    CLASSES_LIST,
    DATASET_DIR,
    PREPROCESSED_DIR,
    SEQUENCE_LENGTH,
    IMAGE_HEIGHT,
    IMAGE_WIDTH,
)

# (moviepy import not needed)
# (notebook magic removed)

from sklearn.model_selection import train_test_split

from tensorflow.keras.layers import *
from tensorflow.keras.models import Sequential
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.callbacks import EarlyStopping
from tensorflow.keras.utils import plot_model


def build_convlstm_net():
    """
    Stack four ConvLSTM2D blocks with spatial pooling and a softmax head.
    Output:
            model: the uncompiled Sequential network.
    """

    # plain Sequential stack
    model = Sequential()

    # layers
    #------------------------------------------------------------

    model.add(
        ConvLSTM2D(
            filters=4,
            kernel_size=(3, 3),
            activation="tanh",
            data_format="channels_last",
            recurrent_dropout=0.2,
            return_sequences=True,
            input_shape=(SEQUENCE_LENGTH, IMAGE_HEIGHT, IMAGE_WIDTH, 3),
        )
    )

    model.add(
        MaxPooling3D(pool_size=(1, 2, 2), padding="same", data_format="channels_last")
    )
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(
        ConvLSTM2D(
            filters=8,
            kernel_size=(3, 3),
            activation="tanh",
            data_format="channels_last",
            recurrent_dropout=0.2,
            return_sequences=True,
        )
    )

    model.add(
        MaxPooling3D(pool_size=(1, 2, 2), padding="same", data_format="channels_last")
    )
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(
        ConvLSTM2D(
            filters=14,
            kernel_size=(3, 3),
            activation="tanh",
            data_format="channels_last",
            recurrent_dropout=0.2,
            return_sequences=True,
        )
    )

    model.add(
        MaxPooling3D(pool_size=(1, 2, 2), padding="same", data_format="channels_last")
    )
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(
        ConvLSTM2D(
            filters=16,
            kernel_size=(3, 3),
            activation="tanh",
            data_format="channels_last",
            recurrent_dropout=0.2,
            return_sequences=True,
        )
    )

    model.add(
        MaxPooling3D(pool_size=(1, 2, 2), padding="same", data_format="channels_last")
    )
    # (no dropout after the last block)

    model.add(Flatten())

    model.add(Dense(len(CLASSES_LIST), activation="softmax"))

    #------------------------------------------------------------

    # print the layer table
    model.summary()

    # give it back
    return model


def build_lrcn_net():
    """
    Per-frame Conv2D stack under TimeDistributed, then an LSTM and a softmax head.
    Output:
            model: the uncompiled Sequential network.
    """

    # plain Sequential stack
    model = Sequential()

    # layers
    #------------------------------------------------------------

    model.add(
        TimeDistributed(
            Conv2D(16, (3, 3), padding="same", activation="relu"),
            input_shape=(SEQUENCE_LENGTH, IMAGE_HEIGHT, IMAGE_WIDTH, 3),
        )
    )

    model.add(TimeDistributed(MaxPooling2D((4, 4))))
    model.add(TimeDistributed(Dropout(0.25)))

    model.add(TimeDistributed(Conv2D(32, (3, 3), padding="same", activation="relu")))
    model.add(TimeDistributed(MaxPooling2D((4, 4))))
    model.add(TimeDistributed(Dropout(0.25)))

    model.add(TimeDistributed(Conv2D(64, (3, 3), padding="same", activation="relu")))
    model.add(TimeDistributed(MaxPooling2D((2, 2))))
    model.add(TimeDistributed(Dropout(0.25)))

    model.add(TimeDistributed(Conv2D(64, (3, 3), padding="same", activation="relu")))
    model.add(TimeDistributed(MaxPooling2D((2, 2))))
    # (no dropout after the last block)

    model.add(TimeDistributed(Flatten()))

    model.add(LSTM(32))

    model.add(Dense(len(CLASSES_LIST), activation="softmax"))

    #------------------------------------------------------------

    # print the layer table
    model.summary()

    # give it back
    return model


def plot_two_curves(fit_history, first_key, second_key, title):
    """
    Draw two curves of a Keras History on one figure.
    Input:
            fit_history: History returned by fit(), with per-epoch loss and
                                                 metric values for train and validation
            first_key:   history key of the first curve.
            second_key:  history key of the second curve.
            title:       figure title.
    """

    # the two series
    first_vals = fit_history.history[first_key]
    second_vals = fit_history.history[second_key]

    # epoch numbers for the x axis
    epoch_ids = range(len(first_vals))

    # draw them
    plt.plot(epoch_ids, first_vals, "blue", label=first_key)
    plt.plot(epoch_ids, second_vals, "red", label=second_key)

    # title
    plt.title(str(title))

    # legend
    plt.legend()


def load_clip_arrays():
    npy_dir = Path("data/preprocessed")
    train_X = np.load(npy_dir / "features_train.npy")
    train_y = np.load(npy_dir / "labels_train.npy")
    test_X = np.load(npy_dir / "features_test.npy")
    test_y = np.load(npy_dir / "labels_test.npy")
    return train_X, train_y, test_X, test_y


if __name__ == "__main__":
    train_X, train_y, test_X, test_y = load_clip_arrays()

    use_convlstm = True

    if use_convlstm:
        model = build_convlstm_net()
        # stop when val_loss stalls for 10 epochs
        stop_early = EarlyStopping(
            monitor="val_loss", patience=10, mode="min", restore_best_weights=True
        )

        # loss, optimizer and metric
        model.compile(
            loss="categorical_crossentropy", optimizer="Adam", metrics=["accuracy"]
        )

        # fit on the in-memory arrays
        fit_log = model.fit(
            x=train_X,
            y=train_y,
            epochs=50,
            batch_size=4,
            shuffle=True,
            validation_split=0.2,
            callbacks=[stop_early],
        )

        # test-set score
        # (Keras batches the test clips itself)
        test_scores = model.evaluate(test_X, test_y)

        # (no checkpoint written)

        # curves
        # train vs validation accuracy
        plot_two_curves(
            fit_log,
            "accuracy",
            "val_accuracy",
            "accuracy: train vs validation",
        )
