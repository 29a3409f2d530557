# source: https://github.com/shubhammor0403/EMNIST/issues/3
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (the notebook's code cells one after another; the MemoryError is raised at the float32 copy of the training set)
import tensorflow as tf

from fg import freeze_graph

import numpy as np
from mnist import MNIST

reader = MNIST('emnist')
train_X, train_y = reader.load('emnist/byclass-train-images.idx3',
                               'emnist/byclass-train-labels.idx1')
test_X, test_y = reader.load('emnist/byclass-test-images.idx3',
                             'emnist/byclass-test-labels.idx1')

# lists of pixel rows -> arrays scaled to [0, 1]
train_X = np.array(train_X) / 255.0
train_y = np.array(train_y)
test_X = np.array(test_X) / 255.0
test_y = np.array(test_y)

train_X = train_X.reshape(train_X.shape[0], 28, 28)
test_X = test_X.reshape(test_X.shape[0], 28, 28)

from matplotlib import pyplot as plt
plt.imshow(train_X[0])
plt.show

sample = train_X[2]
print(sample)

# the EMNIST files store each glyph transposed: flip every one back
for n in range(697932):
    train_X[n] = np.transpose(train_X[n])

plt.imshow(train_X[0])
plt.show

for n in range(116323):
    test_X[n] = np.transpose(test_X[n])

plt.imshow(test_X[1])
plt.show

print('all glyphs transposed')

sample = train_X[697931]
plt.imshow(sample)
plt.show

train_X = train_X.reshape(train_X.shape[0], 784, 1)
test_X = test_X.reshape(test_X.shape[0], 784, 1)

from keras.models import Sequential
from keras import optimizers
from keras.layers import Convolution2D, MaxPooling2D, Dropout, Flatten, Dense, Reshape, LSTM
from keras import backend as K
from keras.constraints import maxnorm


def flatten_all(batch):
    flat = []
    for glyph in batch:
        flat.append(glyph.reshape(-1))
    return np.asarray(flat)


from keras.utils import np_utils

train_imgs = train_X.astype('float32')
test_imgs = test_X.astype('float32')

train_imgs = flatten_all(train_imgs)
test_imgs = flatten_all(test_imgs)


train_onehot_labels = np_utils.to_categorical(train_y, 62)
test_onehot_labels = np_utils.to_categorical(test_y, 62)


K.set_learning_phase(1)

glyph_model = Sequential()

glyph_model.add(Reshape((28, 28, 1), input_shape=(784,)))

glyph_model.add(Convolution2D(32, (5, 5), activation='relu'))

glyph_model.add(MaxPooling2D(pool_size=(2, 2)))

glyph_model.add(Flatten())

glyph_model.add(Dense(512, kernel_constraint=maxnorm(3), activation='relu'))

glyph_model.add(Dropout(0.5))

glyph_model.add(Dense(62, activation='softmax'))

adamax = optimizers.Adamax(lr=0.002, epsilon=None, beta_1=0.9, beta_2=0.999, decay=0.0)
glyph_model.compile(optimizer=adamax, loss='categorical_crossentropy', metrics=['accuracy'])

print(glyph_model.summary())
history = glyph_model.fit(train_imgs, train_onehot_labels, batch_size=128, epochs=20,
                          validation_data=(test_imgs, test_onehot_labels))

_, held_out_acc = glyph_model.evaluate(test_imgs, test_onehot_labels, verbose=0)
print(f"held-out accuracy {held_out_acc * 100:.2f}%")

frozen = freeze_graph(K.get_session(), output_names=[glyph_model.output.op.name])
tf.train.write_graph(frozen, '.', 'export/emnist_frozen.pb', as_text=False)
print(glyph_model.input.op.name)
print(glyph_model.output.op.name)

sample = test_X[258].reshape(28, 28)
plt.imshow(sample)
plt.show
print('predicted class:', glyph_model.predict_classes(test_X[258].reshape(1, 784)))

from keras.models import load_model
from keras.models import model_from_json

architecture = glyph_model.to_json()
with open("emnist_arch.json", "w") as fh:
    fh.write(architecture)

glyph_model.save_weights("emnist_weights.h5")
