from keras import backend as K
from keras import optimizers, losses, models, layers
from keras.applications.vgg16 import VGG16


def create_model(in_shape: tuple, n_classes: int, init_with_imagenet: bool = False, learning_rate: float = 0.01):
    init = None
    if init_with_imagenet:
        init = "imagenet"

    backbone = VGG16(input_shape=in_shape,
                     classes=n_classes,
                     weights=init,
                     include_top=False)
    # cut VGG after block 3 for 32x32 inputs
    h = backbone.get_layer('block3_pool').output
    h = layers.Flatten(name='Flatten')(h)
    h = layers.Dense(512, activation='relu')(h)
    h = layers.Dense(n_classes)(h)
    h = layers.Softmax()(h)
    net = models.Model(backbone.input, h)

    loss = losses.categorical_crossentropy
    opt = optimizers.SGD(lr=learning_rate, decay=0.99)

    net.compile(opt, loss, metrics=["accuracy"])
    return net


def set_model_weights(net: models.Model, values):
    for i, var in enumerate(net.weights):
        v = values[i]
        K.set_value(var, v)
