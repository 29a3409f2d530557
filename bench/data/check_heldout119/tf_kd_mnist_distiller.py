import os
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

from common import set_seed
from common import get_logger
from common import get_session
from model import Distiller
from model import set_model

import numpy as np
import tensorflow as tf


def run_all():
    set_seed()
    get_session('2')
    log = get_logger("KdRun")

    # ------------------------
    # data
    # ------------------------
    log.info('== loading digits ==')
    bs = 64
    (tr_images, tr_labels), (te_images, te_labels) = tf.keras.datasets.mnist.load_data()
    tr_images = tr_images.astype("float32") / 255.0
    tr_images = np.reshape(tr_images, (-1, 28, 28, 1))

    te_images = te_images.astype("float32") / 255.0
    te_images = np.reshape(te_images, (-1, 28, 28, 1))

    # ------------------------
    # networks
    # ------------------------
    log.info('== creating networks ==')
    big_net, small_net, small_baseline = set_model()

    # ------------------------
    # fit the big network first
    # ------------------------
    big_net.compile(
        optimizer=tf.keras.optimizers.Adam(),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy()])

    log.info('== fitting big network ==')
    big_net.fit(tr_images, tr_labels, epochs=5)

    log.info('== scoring big network ==')
    big_net.evaluate(te_images, te_labels)

    # ------------------------
    # transfer knowledge into the small one
    # ------------------------
    kd = Distiller(teacher=big_net, student=small_net)
    kd.compile(
        optimizer=tf.keras.optimizers.Adam(),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy()],
        student_loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        distillation_loss=tf.keras.losses.KLDivergence(),
        alpha=.1,
        temperature=10)

    log.info('== distilling ==')
    kd.fit(tr_images, tr_labels, epochs=3)

    log.info('== scoring distilled network ==')
    kd.evaluate(te_images, te_labels)

    # ------------------------
    # baseline: the small network without a teacher
    # ------------------------
    small_baseline.compile(
        optimizer=tf.keras.optimizers.Adam(),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy()])

    log.info('== fitting baseline ==')
    small_baseline.fit(tr_images, tr_labels, epochs=3)

    log.info('== scoring baseline ==')
    small_baseline.evaluate(te_images, te_labels)


if __name__ == '__main__':
    run_all()
