import numpy as np
from keras import backend as K
from keras.layers import (LSTM, Activation, Bidirectional, Dense, Embedding,
                          InputLayer, TimeDistributed)
from keras.models import Sequential
from keras.optimizers import Adam


class Model:
    def __init__(self, corpus):
        self.model = Sequential()
        self.model.add(InputLayer(input_shape=(corpus.max_len, )))
        self.model.add(Embedding(len(corpus.w2i), 128))
        self.model.add(Bidirectional(LSTM(256, return_sequences=True)))
        self.model.add(TimeDistributed(Dense(len(corpus.t2i))))
        self.model.add(Activation('softmax'))

        self.model.compile(loss='categorical_crossentropy', optimizer=Adam(0.001), metrics=['accuracy', Model.masked_accuracy(0)])

        self.model.summary()

    @staticmethod
    def masked_accuracy(pad_id=0):
        def acc_fn(yt, yp):
            tc = K.argmax(yt, axis=-1)
            pc = K.argmax(yp, axis=-1)

            keep = K.cast(K.not_equal(pc, pad_id), 'int32')
            hits = K.cast(K.equal(tc, pc), 'int32') * keep
            score = K.sum(hits) / K.maximum(K.sum(keep), 1)
            return score
        return acc_fn

    def train(self, xs, ys):
        self.model.fit(xs, ys, batch_size=128, epochs=40, validation_split=0.2)
