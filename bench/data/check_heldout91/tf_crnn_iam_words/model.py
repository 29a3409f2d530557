from keras.api.layers import Dense, LSTM, Reshape, Input, Conv1D, Conv2D, MaxPool2D, Lambda, Add, Activation, Bidirectional
from keras.api.layers import BatchNormalization
from keras.api.models import Model
from keras.api.activations import relu, sigmoid, softmax
import tensorflow as tf
import keras.api.ops as ops
from keras.api.callbacks import ModelCheckpoint
from batch_feed import BatchFeed
import keras
import math

import numpy as np

from word_index import WordIndex
from word_prep import WordPrep

class ConvRecurrent:
    def __init__(self) -> None:
        # convolution stack
        # gray word image of 64 x 128
        self.inputs = Input(shape=(64,128,1), name="image")

        # 3x3 convolutions
        t = Conv2D(64, (3,3), padding='same', kernel_initializer='he_normal')(self.inputs)
        t = BatchNormalization()(t)
        t = Activation('relu')(t)
        t = MaxPool2D(pool_size=(2, 2))(t)

        t = Conv2D(128, (3,3), padding='same', kernel_initializer='he_normal')(t)
        t = BatchNormalization()(t)
        t = Activation('relu')(t)
        t = MaxPool2D(pool_size=(2, 2))(t)

        t = Conv2D(256, (3, 3), padding='same', kernel_initializer='he_normal')(t)
        t = BatchNormalization()(t)
        t = Activation('relu')(t)
        t = Conv2D(256, (3, 3), padding='same', kernel_initializer='he_normal')(t)
        t = BatchNormalization()(t)
        t = Activation('relu')(t)
        t = MaxPool2D(pool_size=(1, 2))(t)

        t = Conv2D(512, (3, 3), padding='same', kernel_initializer='he_normal')(t)
        t = BatchNormalization()(t)
        t = Activation('relu')(t)
        t = Conv2D(512, (3, 3), padding='same')(t)
        t = BatchNormalization()(t)
        t = Activation('relu')(t)
        t = MaxPool2D(pool_size=(1, 2))(t)

        t = Conv2D(512, (2, 2), padding='same', kernel_initializer='he_normal')(t)
        t = BatchNormalization()(t)
        t = Activation('relu')(t)

        # feature map to a sequence
        t = Reshape(target_shape=((32, 2048)))(t)

        # two bidirectional LSTMs
        rnn_a = Bidirectional(LSTM(256, return_sequences=True, dropout = 0.2))(t)
        rnn_b = Bidirectional(LSTM(256, return_sequences=True, dropout = 0.2))(rnn_a)

        self.outputs = Dense(len(WordPrep().symbols)+1, activation = 'softmax')(rnn_b) # 80 classes
        # prediction-only model
        self.act_model = Model(self.inputs, self.outputs)

class CTCHead:
    def __init__(self, inputs, outputs) -> None:
         # the loss inputs
        self.labels = Input(name='the_labels', shape=[19], dtype='float32') # longest text
        self.input_length = Input(name='input_length', shape=[1], dtype='int64')
        self.label_length = Input(name='label_length', shape=[1], dtype='int64')

        # CTC needs the predictions, the targets,
        # the sequence length and the target length
        def ctc_fn(args):
            y_pred, labels, input_length, label_length = args # predictions
            return self.batch_ctc(labels, y_pred, input_length, label_length)

        # Lambda layer carrying the loss
        loss_out = Lambda(ctc_fn, output_shape=(1,), name='ctc')([outputs, self.labels, self.input_length, self.label_length])
        # the training model
        self.model = Model(inputs=[inputs, self.labels, self.input_length, self.label_length], outputs=loss_out)


    def batch_ctc(self, y_true, y_pred, input_length, label_length):
        label_length = ops.cast(ops.squeeze(label_length, axis=-1), dtype="int32")
        input_length = ops.cast(ops.squeeze(input_length, axis=-1), dtype="int32")
        sparse_labels = ops.cast(
            self.dense_to_sparse(labels = y_true, label_lengths = label_length), dtype="int32"
        )

        y_pred = ops.log(ops.transpose(y_pred, axes=[1, 0, 2]) + keras.backend.epsilon())

        return ops.expand_dims(
            tf.compat.v1.nn.ctc_loss(
                inputs=y_pred, labels=sparse_labels, sequence_length=input_length
            ),
            1,
        )

    def dense_to_sparse(self, labels, label_lengths):
        lab_shape = ops.shape(labels)
        n_batch = ops.stack([lab_shape[0]])
        n_max = ops.stack([lab_shape[1]])

        def below(prev, cur):
            return ops.expand_dims(ops.arange(ops.shape(prev)[1]), 0) < tf.fill(
                n_max, cur
            )

        start = ops.cast(tf.fill([1, lab_shape[1]], 0), dtype="bool")
        mask = tf.compat.v1.scan(
            below, label_lengths, initializer=start, parallel_iterations=1
        )
        mask = mask[:, 0, :]

        lab_grid = ops.reshape(
            ops.tile(ops.arange(0, lab_shape[1]), n_batch), lab_shape
        )
        lab_idx = tf.compat.v1.boolean_mask(lab_grid, mask)

        row_grid = ops.transpose(
            ops.reshape(
                ops.tile(ops.arange(0, lab_shape[0]), n_max),
                tf.reverse(lab_shape, [0]),
            )
        )
        row_idx = tf.compat.v1.boolean_mask(row_grid, mask)
        idx = ops.transpose(
            ops.reshape(ops.concatenate([row_idx, lab_idx], axis=0), [2, -1])
        )

        vals = tf.compat.v1.gather_nd(labels, idx)

        return tf.SparseTensor(
            ops.cast(idx, dtype="int64"),
            vals,
            ops.cast(lab_shape, dtype="int64")
        )

class WordRecognizer:
    def __init__(self) -> None:
        body = ConvRecurrent()
        head = CTCHead(body.inputs, body.outputs)
        self.model = head.model

    def train(self):
        # the loss is computed inside the graph, so the compiled loss
        # just passes y_pred through
        self.model.compile(loss={'ctc': lambda y_true, y_pred: y_pred}, optimizer='adam')
        ckpt = "CRNN_model.keras"
        # keep the best weights seen on the held-out data
        # so they can be reloaded later
        saver = ModelCheckpoint(filepath=ckpt, monitor='val_loss', verbose=1, save_best_only=True, mode='auto')

        # list the words of both splits
        index = WordIndex()

        fit_feed = BatchFeed(index.fit_pairs)
        fit_feed.build_data()
        fit_x, fit_y = next(fit_feed.batches())

        held_feed = BatchFeed(index.held_pairs)
        held_feed.build_data()
        held_x, held_y = next(held_feed.batches())

        self.model.fit(x=fit_x, y=fit_y, validation_data=(held_x, held_y), steps_per_epoch=math.ceil(fit_feed.n/fit_feed.batch_size), validation_steps=math.ceil(held_feed.n/held_feed.batch_size), epochs=30, verbose=1, callbacks=[saver])
