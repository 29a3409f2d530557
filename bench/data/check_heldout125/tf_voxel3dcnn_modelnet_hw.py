#!/usr/bin/env python3

# Course homework: classify ModelNet voxel grids with a 3-D CNN.
# (team identifiers removed)
#

# benchmark copy


import argparse
import datetime
import os
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")  # keep TF logging quiet

# the dataset helper lives in the notebook input folder
sys.path.insert(1, '../input/modelnet-dataset/')

import numpy as np
import tensorflow as tf
from keras.layers import Conv3D, MaxPool3D, Flatten, Dense
from keras.layers import Dropout, Input, BatchNormalization, Activation

from modelnet import ModelNet

# command-line options
parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", default=50, type=int, help="Samples per step.")
parser.add_argument("--epochs", default=30, type=int, help="Training epochs.")
parser.add_argument("--modelnet", default=20, type=int, help="Voxel grid side (20 or 32).")
parser.add_argument("--seed", default=42, type=int, help="Seed.")
parser.add_argument("--threads", default=1, type=int, help="CPU threads for TF.")


def main(args):
    # seeds and thread pools
    np.random.seed(args.seed)
    tf.random.set_seed(args.seed)
    tf.config.threading.set_inter_op_parallelism_threads(args.threads)
    tf.config.threading.set_intra_op_parallelism_threads(args.threads)

    # name of the log folder
    args.logdir = os.path.join("logs", "{}-{}-{}".format(
        os.path.basename(globals().get("__file__", "notebook")),
        datetime.datetime.now().strftime("%Y-%m-%d_%H%M%S"),
        ",".join(("{}={}".format(re.sub("(.)[^_]*_?", r"\1", key), value) for key, value in sorted(vars(args).items())))
    ))

    # voxel grids and labels of the three splits
    shapes = ModelNet(args.modelnet)
    x_tr = shapes.train.data["voxels"]
    y_tr = shapes.train.data["labels"]
    x_dev = shapes.dev.data["voxels"]
    y_dev = shapes.dev.data["labels"]
    x_te = shapes.test.data["voxels"]

    # seeds again before building the net
    np.random.seed(args.seed)
    tf.random.set_seed(args.seed)

    def step_size(ep):
        if ep > args.epochs * 3 / 4:
            rate = 0.0003
        elif ep > args.epochs / 2:
            rate = 0.0005
        elif ep > args.epochs / 4:
            rate = 0.0007
        else:
            rate = 0.001
        return rate

    sched_cb = tf.keras.callbacks.LearningRateScheduler(step_size)

    plateau_cb = tf.keras.callbacks.ReduceLROnPlateau(monitor='val_loss', factor=np.sqrt(0.1), cooldown=0, patience=6,
                                                      min_lr=1e-5)

    # network on D x H x W x C grids
    inp = tf.keras.layers.Input([shapes.D, shapes.H, shapes.W, shapes.C])

    wd = 1e-4
    ## four 3x3x3 conv blocks
    h1 = Conv3D(filters=8, kernel_size=(3, 3, 3), padding="same", use_bias=False,
                         kernel_regularizer=tf.keras.regularizers.l2(wd))(inp)
    h1 = BatchNormalization()(h1)
    h1 = Activation("relu")(h1)
    h2 = Conv3D(filters=16, kernel_size=(3, 3, 3), padding="same", use_bias=False,
                         kernel_regularizer=tf.keras.regularizers.l2(wd))(h1)
    h2 = BatchNormalization()(h2)
    h2 = Activation("relu")(h2)

    # (no pooling after the second block)

    h3 = Conv3D(filters=32, kernel_size=(3, 3, 3), padding="same", use_bias=False,
                         kernel_regularizer=tf.keras.regularizers.l2(wd))(h2)
    h3 = BatchNormalization()(h3)
    h3 = Activation("relu")(h3)
    h4 = Conv3D(filters=64, kernel_size=(3, 3, 3), padding="same", use_bias=False,
                         kernel_regularizer=tf.keras.regularizers.l2(wd))(h3)
    h4 = BatchNormalization()(h4)
    h4 = Activation("relu")(h4)

    pooled = MaxPool3D(pool_size=(2, 2, 2))(h4)

    # (no normalisation after pooling)
    flat = Flatten()(pooled)
    fc = Dense(units=512)(flat)
    fc = BatchNormalization()(fc)
    fc = Activation("relu")(fc)
    fc = Dropout(0.4)(fc)
    probs_out = Dense(units=10, activation="softmax")(fc)

    net = tf.keras.models.Model(inputs=inp, outputs=probs_out)

    net.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=step_size(0)),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(),
        metrics=tf.keras.metrics.SparseCategoricalAccuracy(),
    )

    net.fit(
        x_tr, y_tr,
        batch_size=args.batch_size,
        shuffle=True,
        epochs=args.epochs,
        validation_data=(x_dev, y_dev),
        callbacks=[plateau_cb, sched_cb], verbose=2
    )

    # write one predicted class per test grid
    # (log folder not created here)
    with open("voxel_predictions.txt", "w", encoding="utf-8") as out_f:
        # class probabilities of the test grids
        p_te = net.predict(x_te)

        for p in p_te:
            print(np.argmax(p), file=out_f)


if __name__ == "__main__":
    args = parser.parse_args([] if "__file__" not in globals() else None)
    main(args)
