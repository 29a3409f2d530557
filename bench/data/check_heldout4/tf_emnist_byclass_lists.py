# source: https://github.com/shubhammor0403/EMNIST/blob/560cd77d76a0879879ad9709a6ade9660b5f31d1/modeltrain.ipynb
# re-expressed for oomdoctor's check corpus: notebook cells joined in order; same calls and data flow, new names and text
import tensorflow as tf

from fg import freeze_graph

import numpy as np
from mnist import MNIST

reader = MNIST('emnist_files')
# read the byclass train and test splits (returned as python lists)
train_x, train_y = reader.load('emnist_files/emnist-byclass-train-images-idx3-ubyte',
                               'emnist_files/emnist-byclass-train-labels-idx1-ubyte')
test_x, test_y = reader.load('emnist_files/emnist-byclass-test-images-idx3-ubyte',
                             'emnist_files/emnist-byclass-test-labels-idx1-ubyte')

# turn the lists into arrays and scale pixels into [0, 1]
train_x = np.array(train_x) / 255.0
train_y = np.array(train_y)
test_x = np.array(test_x) / 255.0
test_y = np.array(test_y)

# view every sample as a 28x28 grid
train_x = train_x.reshape(train_x.shape[0], 28, 28)
test_x = test_x.reshape(test_x.shape[0], 28, 28)

from matplotlib import pyplot as plt
# look at one sample
plt.imshow(train_x[0])
plt.show

# peek at the raw values of one grid
sample = train_x[2]
print(sample)

# emnist grids are stored transposed: flip every train sample
for k in range(697932):
    train_x[k]=np.transpose(train_x[k])

plt.imshow(train_x[0])
plt.show

# same flip for the test samples
for k in range(116323):
    test_x[k]=np.transpose(test_x[k])

plt.imshow(test_x[1])
plt.show

print('all train and test grids flipped')

# look at the final train sample
sample = train_x[697931]
plt.imshow(sample)
plt.show

# back to flat vectors for the network input
train_x = train_x.reshape(train_x.shape[0], 784,1)
test_x = test_x.reshape(test_x.shape[0], 784,1)

from keras.models import Sequential
from keras import optimizers
from keras.layers import Convolution2D, MaxPooling2D, Dropout, Flatten, Dense, Reshape, LSTM
from keras import backend as K
from keras.constraints import maxnorm
def flatten_all(batch):
    rows = []
    for grid in batch:
        rows.append(grid.reshape(-1))
    return np.asarray(rows)

from keras.utils import np_utils

train_feats = train_x.astype('float32')
test_feats = test_x.astype('float32')

train_feats = flatten_all(train_feats)
test_feats = flatten_all(test_feats)


train_onehot = np_utils.to_categorical(train_y, 62)
test_onehot = np_utils.to_categorical(test_y, 62)


K.set_learning_phase(1)

net = Sequential()

net.add(Reshape((28,28,1), input_shape=(784,)))

# an extra conv block here reached 89% but took far longer to train
#net.add(Convolution2D(32, (5,5), input_shape=(28,28,1),
#                             activation='relu',padding='same',
#                            kernel_constraint=maxnorm(3)))
net.add(Convolution2D(32, (5,5),activation='relu'))

net.add(MaxPooling2D(pool_size=(2,2)))

net.add(Flatten())

#net.add(Dense(1024, activation='relu', kernel_constraint=maxnorm(3)))
net.add(Dense(512, activation='relu', kernel_constraint=maxnorm(3)))

net.add(Dropout(0.5))

net.add(Dense(62, activation='softmax'))

#opt = optimizers.Adam(lr=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-8)
#opt = optimizers.Adadelta()
opt = optimizers.Adamax(lr=0.002, beta_1=0.9, beta_2=0.999, epsilon=None, decay=0.0)
net.compile(loss='categorical_crossentropy', optimizer=opt, metrics=['accuracy'])

print(net.summary())
log = net.fit(train_feats,train_onehot,validation_data=(test_feats, test_onehot), batch_size=128, epochs=20)

# score on the held-out split (slow)
result = net.evaluate(test_feats,test_onehot, verbose = 0)
print("Held-out accuracy: %.2f%%"%(result[1]*100))

print(log.history.keys())
# accuracy curves
plt.plot(log.history['acc'])
plt.plot(log.history['val_acc'])
plt.title('Accuracy per epoch')
plt.ylabel('Accuracy')
plt.xlabel('Epoch')
plt.legend(['Train', 'Held-out'], loc='upper left')
plt.grid()
plt.show()
# loss curves
plt.plot(log.history['loss'])
plt.plot(log.history['val_loss'])
plt.title('Loss per epoch')
plt.ylabel('Loss')
plt.xlabel('Epoch')
plt.legend(['Train', 'Held-out'], loc='upper left')
plt.grid()
plt.show()

names = ('RMSDrop', 'Adam', 'Adamax', 'SGD', 'Adadelta')
positions = np.arange(len(names))
scores = [86.2,85.39,89.53,84.29,87.11]

plt.bar(positions, scores, align='center', alpha=0.5)
plt.xticks(positions, names)
plt.ylabel('Accuracy')
plt.title('Optimizer comparison')
plt.ylim(50,100)
plt.show()

frozen = freeze_graph(K.get_session(), output_names=[net.output.op.name])
tf.train.write_graph(frozen,'.','exported/emnist_frozen.pb',as_text=False)
print(net.input.op.name)
print(net.output.op.name)

grid = test_x[258].reshape(28,28)
plt.imshow(grid)
plt.show
print('predicted class: '+str(net.predict_classes(test_x[258].reshape(1,784))))

from keras.models import load_model
from keras.models import model_from_json

arch_json = net.to_json()
with open("emnist_arch.json", "w") as handle:
    handle.write(arch_json)

net.save_weights("emnist_weights.h5")
