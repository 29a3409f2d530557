import argparse
import tensorflow as tf
from tensorflow.keras.layers import (
    Conv1D,
    MaxPool1D,
    Bidirectional,
    LSTM,
    Flatten,
    Dense,
)

from utils import common

BATCH_SIZE = 1000


def train():
    x_all, y_all = common.load_mat("data", mode="train")
    # x_val, y_val = common.load_mat("data", mode="valid")

    tb = tf.keras.callbacks.TensorBoard(log_dir='logdir')

    net.compile(loss="binary_crossentropy",
                  optimizer="rmsprop")

    net.fit(x_all, y_all, batch_size=BATCH_SIZE,
              epochs=60, shuffle=True,
              callbacks=[tb])
    net.save(opts.model_path)


def test():
    x_te, y_te = common.load_mat("data", mode="test")
    net.load_weights(opts.model_path)

    out = net.evaluate(x_te,
                             y_te,
                             show_accuracy=True)
    print(out)


def predict():
    pass


if __name__ == "__main__":
    net = tf.keras.Sequential()
    net.add(Conv1D(input_shape=(BATCH_SIZE, 4),
                     filters=320,
                     kernel_size=26,
                     padding="valid",
                     activation="relu"))

    net.add(MaxPool1D(pool_size=13, strides=13))
    # net.add(Bidirectional(LSTM(units=10, return_sequences=True)))
    net.add(Bidirectional(LSTM(units=30, return_sequences=True)))
    net.add(Flatten())
    # net.add(Dense(units=925, activation="relu"))
    net.add(Dense(units=1500, activation="relu"))
    net.add(Dense(units=919, activation="sigmoid"))

    net.summary()

    cli = argparse.ArgumentParser(
        description="919 chromatin feature prediction")
    cli.add_argument("mode", choices=["train", "test", "predict"],
                        help="which stage to run")
    cli.add_argument("--model_path", default="./model.h5",
                        help="weights file \
                        (written by train, read by test)")
    opts = cli.parse_args()

    stage = globals()[opts.mode]
    stage()
