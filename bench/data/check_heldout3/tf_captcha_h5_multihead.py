# source: https://github.com/Gwill/cfmmc-captcha-breaker/blob/1ed2357b94d51c75913a5b9256c049a06828e5f4/train_real_data.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# note: model from network.py and configs.py of the same repository
import h5py
import numpy as np
import keras as K

SYMBOLS = 'abdefghmnpqrstwxyz' + 'ABDEFHMNPQRSTWXYZ' + ''.join(map(str, range(2, 10)))
SYMBOL_INDEX = dict(zip(SYMBOLS, range(len(SYMBOLS))))
N_POSITIONS = 6
N_SYMBOLS = len(SYMBOL_INDEX)
IMG_W = 96
IMG_H = 25


def build_net(training=True):
    inp = K.Input((IMG_H, IMG_W, 3))
    h = inp
    for level in range(4):
        h = K.layers.Conv2D(32 * 2 ** level, 3, activation='relu', padding='same')(h)
        h = K.layers.Conv2D(32 * 2 ** level, 3, activation='relu', padding='same')(h)
        h = K.layers.MaxPooling2D((2, 2))(h)

    h = K.layers.Flatten()(h)
    if training:
        h = K.layers.Dropout(0.25)(h)
    else:
        h = K.layers.Dropout(0)(h)
    heads = [K.layers.Dense(N_SYMBOLS, activation='softmax', name='pos%d' % (k + 1))(h) for k in range(N_POSITIONS)]
    net = K.models.Model(inputs=inp, outputs=heads)

    net.compile(loss='categorical_crossentropy',
                optimizer='adadelta',
                metrics=['accuracy'])
    return net


store = h5py.File('captchas/dataset.h5', 'r')
images = np.asarray(store['X'])
raw_targets = np.asarray(store['y'])
targets = []
for k in range(raw_targets.shape[0]):
    targets.append(raw_targets[k])

net = build_net()

net.fit(images, targets, batch_size=32, epochs=5, validation_split=0.1)

net.save_weights('captcha_weights_real.h5')
