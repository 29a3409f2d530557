from keras.layers.convolutional import Conv2D, AveragePooling2D
from keras.layers.core import Activation, Dense
from keras.layers import Flatten, BatchNormalization, Input, add
from keras.models import Model
from keras.regularizers import L2


def bottleneck(t, width, step, wd=0.0001):
    skip = t

    t = BatchNormalization()(t)
    pre = Activation("relu")(t)
    t = Conv2D(width//4, (1, 1), use_bias=False, kernel_regularizer=L2(wd))(pre)

    t = BatchNormalization()(t)
    t = Activation("relu")(t)
    t = Conv2D(width//4, (3, 3), strides=step, padding="same", use_bias=False, kernel_regularizer=L2(wd))(t)

    t = BatchNormalization()(t)
    t = Activation("relu")(t)
    t = Conv2D(width, (1, 1), use_bias=False, kernel_regularizer=L2(wd))(t)

    if step[0] > 1:
        skip = Conv2D(width, (1, 1), strides=step, use_bias=False, kernel_regularizer=L2(wd))(pre)

    t = add([t, skip])
    return t


def build_resnet(in_shape, n_classes, stage_sizes, widths, wd=0.0001):
    inp = Input(shape=in_shape)
    t = BatchNormalization()(inp)
    t = Conv2D(widths[0], (5, 5), use_bias=False, padding="same", kernel_regularizer=L2(wd))(t)
    t = BatchNormalization()(t)
    t = Activation("relu")(t)

    for s in range(0, len(stage_sizes)):
        t = bottleneck(t, widths[s + 1], (2, 2))

        for r in range(0, stage_sizes[s] - 1):
            t = bottleneck(t, widths[s + 1], (1, 1))

    t = BatchNormalization()(t)
    t = Activation("relu")(t)
    t = AveragePooling2D((8, 8))(t)

    t = Flatten()(t)
    t = Dense(n_classes, kernel_regularizer=L2(wd))(t)
    t = Activation("softmax")(t)

    net = Model(inp, t, name="small_resnet")

    return net
