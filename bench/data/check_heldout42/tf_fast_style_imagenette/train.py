# silence the FutureWarning flood that TensorFlow prints
import glob
import pathlib
import warnings
from datetime import datetime
from multiprocessing import Pool

import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf

import tensorflow_datasets as tfds
from trainer import StyleTrainer

import argparse

warnings.simplefilter(action='ignore', category=FutureWarning)

run_dir = "tb_runs/" + datetime.now().strftime("%Y%m%d-%H%M%S")
summary_writer = tf.summary.create_file_writer(run_dir + "/scalars")
summary_writer.set_as_default()


def run(opts):
    BS = opts.batch_size
    W = opts.width
    H = opts.height
    STYLE_PATH = './styles/cubist.jpeg' if not opts.van_gogh else './styles/van_gogh.jpg'

    style_img = plt.imread(STYLE_PATH)
    style_img = tf.keras.applications.vgg16.preprocess_input(style_img)
    style_img = tf.constant(style_img, name='style_img')
    style_img = tf.expand_dims(style_img, 0)
    style_img = tf.image.resize(style_img, size=(H, W))

    fitter = StyleTrainer(style_img,
                          input_shape=(H, W, 3),
                          c_out=3,
                          batch_size=BS)

    photos = tfds.load('imagenette', split='train')

    def to_vgg_input(record):
        pic = tf.cast(record['image'], tf.float32)
        pic = tf.keras.applications.vgg16.preprocess_input(pic)
        return tf.image.resize(pic, size=(H, W))

    photos = photos.map(to_vgg_input).batch(
        batch_size=BS, drop_remainder=True).repeat().cache()

    sched = tf.keras.optimizers.schedules.PolynomialDecay(1e-3,
                                                          decay_steps=5000,
                                                          end_learning_rate=1e-4)

    fitter.train(photos, lr=sched, epochs=opts.epochs)


ap = argparse.ArgumentParser()

ap.add_argument('--batch_size', type=int, default=4, required=False)
ap.add_argument('--epochs', type=int, default=2, required=False)
ap.add_argument('--width', type=int, default=640, required=False)
ap.add_argument('--height', type=int, default=320, required=False)
ap.add_argument('--van_gogh',
                default=False,
                action='store_true',
                required=False)

opts = ap.parse_args()

run(opts)
