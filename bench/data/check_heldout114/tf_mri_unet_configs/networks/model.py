import numpy as np
import os
import pandas as pd

import tensorflow as tf
import tensorflow_addons as tfa
from tensorflow import keras

from networks import network
from networks import losses
from networks import optimizers
from networks import metrics
from networks.callbacks import CallbackManager, TimerCallback, BasePrinterCallback, MetricPrinterCallback, AlphaCounterCallback
from networks.metrics import MetricManager
from utils.image import cubify_scan, augment_xy
from utils.vtk import render_mesh

AUTOTUNE = tf.data.experimental.AUTOTUNE


class SegRunner():
    def __init__(
        self,
        callbacks=[],
        checkpoint_dir='output/models',
        seed=5
    ):
        tf.random.set_seed(seed)

        self.train_ds = None
        self.valid_ds = None
        self.test_ds = None

        self.checkpoint_dir = checkpoint_dir

    def setup_model(
        self,
        train_generator=None,
        valid_generator=None,
        test_generator=None,
        checkpoint='checkpoint'
    ):
        """Wrap the Sequence factories in tf.data pipelines and set the checkpoint name.
        """

        if train_generator:
            self.train_ds = tf.data.Dataset.from_generator(
                train_generator, (tf.float32, tf.float32))
            # self.train_ds = self.train_ds.cache()
            self.train_ds = self.train_ds.prefetch(
                buffer_size=AUTOTUNE)

        if valid_generator:
            self.valid_ds = tf.data.Dataset.from_generator(
                valid_generator, (tf.float32, tf.float32))
            # self.valid_ds = self.valid_ds.cache()
            self.valid_ds = self.valid_ds.prefetch(
                buffer_size=AUTOTUNE)

        if test_generator:
            self.test_ds = tf.data.Dataset.from_generator(
                test_generator, (tf.float32, tf.float32))

        self.checkpoint = checkpoint
        self.checkpoint_path = os.path.join(self.checkpoint_dir, checkpoint)

    def create_model(self,
                     arch='Unet',
                     optimizer_fn='Adam',
                     loss_fn='dice',
                     n_filters=16,
                     input_shape=(256, 176),
                     verbose=1):
        """Build the network and pick the loss and optimizer by name.
        """

        self.params = {
            'arch': arch,
            'loss_fn': loss_fn,
            'n_filters': n_filters
        }

        self.opt = optimizers.get(optimizer_fn)
        self.loss_name = loss_fn
        self.loss_fn = losses.get(loss_fn)

        self.model = network.get(
            name=arch,
            n_filters=n_filters,
            input_shape=input_shape
        )

        self.model.stop_training = False
        # self.model.compile(optimizer=self.opt,
        #                    loss=self.loss_fn)

        if verbose:
            self.model.summary()

    def load_model(self, verbose=1):
        """Reload the best checkpoint.
        """
        self.model = tf.keras.models.load_model(f'{self.checkpoint_path}.h5')

        if verbose:
            self.model.summary()

    def start_train(self, epochs, custom_callbacks=[]):
        """Custom training loop.
        """
        if not self.train_ds:
            raise Exception(
                'No training data; call setup_model first.')

        base_cbs = [
            keras.callbacks.ModelCheckpoint(
                f'{self.checkpoint_path}.h5', monitor='val_loss', mode='min', save_best_only=True, verbose=1),
            # keras.callbacks.EarlyStopping(
            #     monitor='weighted_dice', mode='min', patience=25, verbose=1),
            MetricPrinterCallback(training=True),
            AlphaCounterCallback(epochs=epochs),
            TimerCallback(),
            BasePrinterCallback(epochs)
        ]

        cbs = CallbackManager(
            model=self.model,
            callbacks=base_cbs + custom_callbacks)

        tracker = MetricManager(
            ['weighted_dice'], training=True)

        cbs.train_start()

        for ep in range(epochs):
            cbs.epoch_start(ep)

            # training pass
            for step, (x, y) in enumerate(self.train_ds):
                cbs.train_batch_start(step)

                loss, out = self.train_step(
                    x, y, self.model._cb_alpha)

                tracker.train_batch_end(y, out, loss)
                cbs.train_batch_end(step)

            # validation pass
            for step, (x, y) in enumerate(self.valid_ds):
                cbs.test_batch_start(step)

                loss, out = self.valid_step(
                    x, y, self.model._cb_alpha)

                tracker.test_batch_end(y, out, loss)
                cbs.test_batch_end(step)

            logs = tracker.epoch_end()
            cbs.epoch_end(ep, logs)

            if self.model.stop_training:
                break

        cbs.train_end()

    def start_evaluate(self, custom_callbacks=[]):
        base_cbs = [
            MetricPrinterCallback(),
            BasePrinterCallback()
        ]

        cbs = CallbackManager(
            model=self.model,
            callbacks=base_cbs + custom_callbacks)

        tracker = MetricManager([
            'accuracy',
            'dice',
            'weighted_dice',
            'fp',
            'fn',
            'precision',
            'recall',
            'f1score'
        ])

        for step, (x, y) in enumerate(self.valid_ds):
            cbs.test_batch_start(step)

            out = self.model(x, training=False)

            tracker.test_batch_end(y, out)
            cbs.test_batch_end(step)

        logs = tracker.epoch_end()
        cbs.epoch_end(1, logs)

        return logs

    def start_visualize(self):
        masks = list()

        for (x, _) in self.test_ds:
            out = self.model(x, training=False)
            hard = tf.dtypes.cast(out > 0.5, tf.int8)
            masks.append(hard.numpy().astype(np.int8))

        masks = np.concatenate([m for m in masks])
        masks = masks.squeeze()

        print('mask volume shape:', masks.shape)

        masks = cubify_scan(masks, 256)

        render_mesh([
            {
                'name': 'lateral_ventricles',
                'data': masks,
                'color': 'Green',
                'opacity': 1.0
            }
        ], 256, saveAs='preview')

    @tf.function
    def train_step(self, x, y, alpha=None):
        with tf.GradientTape() as tape:
            out = self.model(x, training=True)

            # boundary losses need the current alpha as well
            if self.loss_name.startswith('boundary_'):
                loss = self.loss_fn(
                    y, out, alpha=self.model._cb_alpha)
            else:
                loss = self.loss_fn(y, out)

        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(
            zip(grads, self.model.trainable_variables))

        return loss, out

    @tf.function
    def valid_step(self, x, y, alpha=None):
        out = self.model(x, training=False)

        if self.loss_name.startswith('boundary_'):
            loss = self.loss_fn(y, out, alpha=alpha)
        else:
            loss = self.loss_fn(y, out)

        return loss, out

    def save_results(self, results):
        csv_path = f'{self.checkpoint_dir}/results.csv'

        as_percent = {
            'accuracy': '%',
            'precision': '%',
            'recall': '%',
            'f1score': '%'
        }

        for key in results:
            if key in as_percent and as_percent[key] == '%':
                results[key] = f'{results[key] * 100:0.3f}%'

        row = pd.DataFrame([{'name': self.checkpoint, **results}])

        if not os.path.exists(csv_path):
            row.to_csv(csv_path, index=False, header=True, mode='a')
        else:
            row.to_csv(csv_path, index=False, header=False, mode='a')
