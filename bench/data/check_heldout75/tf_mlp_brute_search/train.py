"""
Training helper used by the Candidate class.

Adapted from:
    https://github.com/fchollet/keras/blob/master/examples/mnist_mlp.py

"""
from keras.datasets import mnist, cifar10
from keras.models import Sequential
from keras.layers import Dense, Dropout
from keras.utils.np_utils import to_categorical
from keras.callbacks import EarlyStopping

# Shared early-stopping callback.
stopper = EarlyStopping(patience=5)

def load_cifar():
    """Fetch CIFAR-10 and flatten/scale it."""
    # Fixed settings.
    n_cls = 10
    bs = 64
    in_shape = (3072,)

    # Download / read.
    (xtr, ytr), (xte, yte) = cifar10.load_data()
    xtr = xtr.reshape(50000, 3072)
    xte = xte.reshape(10000, 3072)
    xtr = xtr.astype('float32')
    xte = xte.astype('float32')
    xtr /= 255
    xte /= 255

    # integer labels to one-hot
    ytr = to_categorical(ytr, n_cls)
    yte = to_categorical(yte, n_cls)

    return (n_cls, bs, in_shape, xtr, xte, ytr, yte)

def load_digits():
    """Fetch MNIST and flatten/scale it."""
    # Fixed settings.
    n_cls = 10
    bs = 128
    in_shape = (784,)

    # Download / read.
    (xtr, ytr), (xte, yte) = mnist.load_data()
    xtr = xtr.reshape(60000, 784)
    xte = xte.reshape(10000, 784)
    xtr = xtr.astype('float32')
    xte = xte.astype('float32')
    xtr /= 255
    xte /= 255

    # integer labels to one-hot
    ytr = to_categorical(ytr, n_cls)
    yte = to_categorical(yte, n_cls)

    return (n_cls, bs, in_shape, xtr, xte, ytr, yte)

def build_mlp(spec, n_cls, in_shape):
    """Build and compile a plain MLP.

    Args:
        spec (dict): layer count, width, activation, optimizer

    Returns:
        the compiled model.

    """
    # Unpack the spec.
    depth = spec['nb_layers']
    width = spec['nb_neurons']
    act = spec['activation']
    opt = spec['optimizer']

    mlp = Sequential()

    # Hidden layers.
    for j in range(depth):

        # The first one needs the input shape.
        if j == 0:
            mlp.add(Dense(width, activation=act, input_shape=in_shape))
        else:
            mlp.add(Dense(width, activation=act))

        mlp.add(Dropout(0.2))  # fixed dropout

    # Classifier.
    mlp.add(Dense(n_cls, activation='softmax'))

    mlp.compile(loss='categorical_crossentropy', optimizer=opt,
                  metrics=['accuracy'])

    return mlp

def fit_and_score(spec, which):
    """Train one candidate and return its test accuracy.

    Args:
        spec (dict): the candidate's parameters
        which (str): data set name

    """
    if which == 'cifar10':
        n_cls, bs, in_shape, xtr, \
            xte, ytr, yte = load_cifar()
    elif which == 'mnist':
        n_cls, bs, in_shape, xtr, \
            xte, ytr, yte = load_digits()

    mlp = build_mlp(spec, n_cls, in_shape)

    mlp.fit(xtr, ytr,
              batch_size=bs,
              epochs=10000,  # early stopping ends it
              verbose=0,
              validation_data=(xte, yte),
              callbacks=[stopper])

    res = mlp.evaluate(xte, yte, verbose=0)

    return res[1]  # index 1 is accuracy, 0 the loss.
