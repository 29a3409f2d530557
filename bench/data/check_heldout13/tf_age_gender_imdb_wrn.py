import os
import pandas as pd
import logging
import argparse
from pathlib import Path
import numpy as np
from scipy.io import loadmat
from keras.callbacks import LearningRateScheduler, ModelCheckpoint
from keras.optimizers import SGD, Adam
from keras.utils import np_utils
from wide_resnet import WideResNet
from keras.preprocessing.image import ImageDataGenerator
from random_eraser import get_random_eraser

logging.basicConfig(level=logging.DEBUG)


def read_mat_data(mat_file_path):
    mat = loadmat(mat_file_path)

    return mat["image"], mat["gender"][0], mat["age"][0], mat["db"][0], mat["img_size"][0, 0], mat["min_score"][0, 0]


class BlendBatchFeeder():
    def __init__(self, train_X, train_y, batch_len=32, beta_a=0.2, reshuffle=True, aug_gen=None):
        self.train_X = train_X
        self.train_y = train_y
        self.batch_len = batch_len
        self.beta_a = beta_a
        self.reshuffle = reshuffle
        self.n_samples = len(train_X)
        self.aug_gen = aug_gen

    def __call__(self):
        while True:
            order = self.__epoch_order()
            steps = int(len(order) // (self.batch_len * 2))

            for i in range(steps):
                batch_idx = order[i * self.batch_len * 2:(i + 1) * self.batch_len * 2]
                X, y = self.__blend_batch(batch_idx)

                yield X, y

    def __epoch_order(self):
        order = np.arange(self.n_samples)

        if self.reshuffle:
            np.random.shuffle(order)

        return order

    def __blend_batch(self, batch_idx):
        _, hh, ww, cc = self.train_X.shape
        lam = np.random.beta(self.beta_a, self.beta_a, self.batch_len)
        x_lam = lam.reshape(self.batch_len, 1, 1, 1)
        y_lam = lam.reshape(self.batch_len, 1)

        first_x = self.train_X[batch_idx[:self.batch_len]]
        second_x = self.train_X[batch_idx[self.batch_len:]]
        X = first_x * x_lam + second_x * (1 - x_lam)

        if self.aug_gen:
            for i in range(self.batch_len):
                X[i] = self.aug_gen.random_transform(X[i])
                X[i] = self.aug_gen.standardize(X[i])

        if isinstance(self.train_y, list):
            y = []

            for one_train_y in self.train_y:
                first_y = one_train_y[batch_idx[:self.batch_len]]
                second_y = one_train_y[batch_idx[self.batch_len:]]
                y.append(first_y * y_lam + second_y * (1 - y_lam))
        else:
            first_y = self.train_y[batch_idx[:self.batch_len]]
            second_y = self.train_y[batch_idx[self.batch_len:]]
            y = first_y * y_lam + second_y * (1 - y_lam)

        return X, y


def parse_cli():
    cli = argparse.ArgumentParser(description="Fit a wide-ResNet that predicts age and sex from face crops.",
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    cli.add_argument("--input", "-i", type=str, required=True,
                        help="the .mat face database to read")
    cli.add_argument("--batch_size", type=int, default=32,
                        help="samples per step")
    cli.add_argument("--nb_epochs", type=int, default=30,
                        help="how many passes over the data")
    cli.add_argument("--lr", type=float, default=0.1,
                        help="starting step size")
    cli.add_argument("--opt", type=str, default="sgd",
                        help="which optimizer: 'sgd' or 'adam'")
    cli.add_argument("--depth", type=int, default=16,
                        help="network depth (one of 10, 16, 22, 28, ...)")
    cli.add_argument("--width", type=int, default=8,
                        help="widening factor")
    cli.add_argument("--validation_split", type=float, default=0.1,
                        help="share held out for validation")
    cli.add_argument("--aug", action="store_true",
                        help="turn on mixup and random augmentation")
    cli.add_argument("--output_path", type=str, default="checkpoints",
                        help="where checkpoints go")
    opts = cli.parse_args()
    return opts


class StepDecay:
    def __init__(self, epoch_total, base_lr):
        self.epoch_total = epoch_total
        self.base_lr = base_lr

    def __call__(self, epoch_no):
        if epoch_no < self.epoch_total * 0.25:
            return self.base_lr
        elif epoch_no < self.epoch_total * 0.50:
            return self.base_lr * 0.2
        elif epoch_no < self.epoch_total * 0.75:
            return self.base_lr * 0.04
        return self.base_lr * 0.008


def build_optimizer(optimizer_kind, rate):
    if optimizer_kind == "sgd":
        return SGD(lr=rate, momentum=0.9, nesterov=True)
    elif optimizer_kind == "adam":
        return Adam(lr=rate)
    else:
        raise ValueError("unknown optimizer: pick 'sgd' or 'adam'")


def run():
    opts = parse_cli()
    mat_input_path = opts.input
    batch_len = opts.batch_size
    epoch_total = opts.nb_epochs
    rate = opts.lr
    optimizer_kind = opts.opt
    net_depth = opts.depth
    widen = opts.width
    val_ratio = opts.validation_split
    augment_on = opts.aug
    ckpt_dir_path = Path(__file__).resolve().parent.joinpath(opts.output_path)
    ckpt_dir_path.mkdir(parents=True, exist_ok=True)

    logging.debug("Reading the database...")
    face_images, sex, years, _, img_side, _ = read_mat_data(mat_input_path)
    all_X = face_images
    sex_targets = np_utils.to_categorical(sex, 2)
    age_targets = np_utils.to_categorical(years, 101)

    model = WideResNet(img_side, depth=net_depth, k=widen)()
    optimizer = build_optimizer(optimizer_kind, rate)
    model.compile(optimizer=optimizer, loss=["categorical_crossentropy", "categorical_crossentropy"],
                  metrics=['accuracy'])

    logging.debug("Network layout:")
    model.count_params()
    model.summary()

    cb_list = [LearningRateScheduler(schedule=StepDecay(epoch_total, rate)),
                 ModelCheckpoint(str(ckpt_dir_path) + "/weights.{epoch:02d}-{val_loss:.2f}.hdf5",
                                 monitor="val_loss",
                                 verbose=1,
                                 save_best_only=True,
                                 mode="auto")
                 ]

    logging.debug("Starting to fit...")

    n_data = len(all_X)
    order = np.arange(n_data)
    np.random.shuffle(order)
    all_X = all_X[order]
    sex_targets = sex_targets[order]
    age_targets = age_targets[order]
    n_train = int(n_data * (1 - val_ratio))
    train_X = all_X[:n_train]
    val_X = all_X[n_train:]
    train_sex_y = sex_targets[:n_train]
    val_sex_y = sex_targets[n_train:]
    train_age_y = age_targets[:n_train]
    val_age_y = age_targets[n_train:]

    if augment_on:
        aug_gen = ImageDataGenerator(
            width_shift_range=0.1,
            height_shift_range=0.1,
            horizontal_flip=True,
            preprocessing_function=get_random_eraser(v_l=0, v_h=255))
        train_batches = BlendBatchFeeder(train_X, [train_sex_y, train_age_y], batch_len=batch_len, beta_a=0.2,
                                            aug_gen=aug_gen)()
        fit_log = model.fit_generator(generator=train_batches,
                                   steps_per_epoch=n_train // batch_len,
                                   validation_data=(val_X, [val_sex_y, val_age_y]),
                                   epochs=epoch_total, verbose=1,
                                   callbacks=cb_list)
    else:
        fit_log = model.fit(train_X, [train_sex_y, train_age_y], batch_size=batch_len, epochs=epoch_total, callbacks=cb_list,
                         validation_data=(val_X, [val_sex_y, val_age_y]))

    logging.debug("Writing the training log...")
    pd.DataFrame(fit_log.history).to_hdf(ckpt_dir_path.joinpath("history_{}_{}.h5".format(net_depth, widen)), "history")


if __name__ == '__main__':
    run()
