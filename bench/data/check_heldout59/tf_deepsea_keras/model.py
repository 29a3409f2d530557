# -*- coding: utf-8 -*-

from keras.models import Model
from keras.models import load_model as keras_load_model
from keras.layers import Dense, Dropout, Activation, Flatten, Conv1D, MaxPooling1D, Input, Lambda
from keras import metrics

N_TARGETS = 919
HIDDEN_UNITS = 925
SEQ_LEN = 1000


def make_network():
    seq_in = Input(shape=(SEQ_LEN, 4))
    h = Conv1D(filters=320, kernel_size=8, activation="relu", name="conv1d_1")(seq_in)
    h = MaxPooling1D(pool_size=4, strides=4)(h)
    h = Dropout(0.2)(h)
    h = Conv1D(filters=480, kernel_size=8, activation="relu", name="conv1d_2")(h)
    h = MaxPooling1D(pool_size=4, strides=4)(h)
    h = Dropout(0.2)(h)
    h = Conv1D(filters=960, kernel_size=8, activation="relu", name="conv1d_3")(h)
    h = Dropout(0.5)(h)
    h = Flatten(data_format="channels_first")(h)
    h = Dense(HIDDEN_UNITS, activation="relu", name="dense_1")(h)
    probs = Dense(N_TARGETS, activation="sigmoid", name="dense_2")(h)
    net = Model(inputs=[seq_in], outputs=[probs])
    net.compile(
        optimizer="adam",
        loss="binary_crossentropy",
        metrics=["acc"])
    return net


def load_pretrained():
    net = keras_load_model('./data/deepsea_keras.h5')
    net.summary()
    return net


def wrap_multi_gpu(
        base_net,
        gpus=4,
        compile_kwargs=None,
        **kwargs):
    try:
        from keras.utils import multi_gpu_model
    except Exception as e:
        raise Exception("Exception %s\nthis keras build has no multi-gpu helper."%e)
    net = multi_gpu_model(base_net, gpus=gpus, **kwargs)
    if compile_kwargs is None:
        compile_kwargs = {
            "optimizer": "adam",
            "loss": "binary_crossentropy",
            "metrics": ["acc"]
        }
    net.compile(**compile_kwargs)
    return net
