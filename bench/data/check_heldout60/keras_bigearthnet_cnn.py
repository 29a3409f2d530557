from numpy.random import seed
seed(1)
from tensorflow import set_random_seed
set_random_seed(1)
import random as rn
rn.seed(1)

import os
import time
import matplotlib.pyplot as plt


from sklearn.model_selection import train_test_split
from keras_preprocessing.image import ImageDataGenerator
from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten
from keras.layers import Conv2D, MaxPooling2D
from keras.optimizers import Adam
import tensorflow as tf
from keras.backend import tensorflow_backend
from keras.callbacks import ReduceLROnPlateau, EarlyStopping, ModelCheckpoint
from sklearn.metrics import classification_report
sess_cfg = tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True))
sess = tf.Session(config=sess_cfg)
tensorflow_backend.set_session(sess)

from numpy import load

on_cluster = False
on_cluster = True

'''
Reads the merged BigEarthNet patches, trains a small CNN on them through a
Keras generator, then plots the curves and prints a per-class report. '''

print('reading patches...')

t_start = time.time()

archive = load('bigearth.npz')

patches, onehot = archive['arr_0'], archive['arr_1']

print('patches: ', patches.shape, onehot.shape)
print('setup finished')

cwd = os.getcwd()

ckpt_dir = cwd + '/bigearth/model2/'

p_tr, p_te, o_tr, o_te = train_test_split(patches, onehot, test_size=0.3, random_state=1)

t_end = time.time()
secs = t_end - t_start
print('data prepared in: {} minutes'.format(int(secs/60)))

def make_cnn(in_shape=(120, 120, 4), n_out=len(onehot[1])):

    net = Sequential()
    net.add(Conv2D(32, (3, 3), activation='relu', kernel_initializer='he_uniform', padding='same', input_shape=in_shape))
    net.add(Conv2D(32, (3, 3), activation='relu', kernel_initializer='he_uniform', padding='same'))
    net.add(MaxPooling2D((2, 2)))
    net.add(Dropout(0.2))
    net.add(Conv2D(64, (3, 3), activation='relu', kernel_initializer='he_uniform', padding='same'))
    net.add(Conv2D(64, (3, 3), activation='relu', kernel_initializer='he_uniform', padding='same'))
    net.add(MaxPooling2D((2, 2)))
    net.add(Dropout(0.2))
    net.add(Conv2D(128, (3, 3), activation='relu', kernel_initializer='he_uniform', padding='same'))
    net.add(Conv2D(128, (3, 3), activation='relu', kernel_initializer='he_uniform', padding='same'))
    net.add(MaxPooling2D((2, 2)))
    net.add(Flatten())
    net.add(Dense(200, activation='relu', kernel_initializer='he_uniform'))
    net.add(Dropout(0.2))
    net.add(Dense(n_out, activation='softmax'))

    optim = Adam(lr=0.0005)
    net.compile(optimizer=optim, loss='categorical_crossentropy', metrics=['categorical_accuracy'])

    return net

net = make_cnn()

'''
Batches come from a generator that also rescales them.
'''

gen_tr = ImageDataGenerator(rescale=1.0/255.0)
gen_te = ImageDataGenerator(rescale=1.0/255.0)

flow_tr = gen_tr.flow(p_tr, o_tr, batch_size=512)
flow_te = gen_te.flow(p_te, o_te, batch_size=512)

lr_drop = ReduceLROnPlateau(monitor='val_loss',
                              factor=0.2,
                              cooldown=1,
                              patience=5,
                              min_lr=0.001)

stopper = EarlyStopping(monitor='val_categorical_accuracy',
                              patience=10,
                              mode='max')

saver = ModelCheckpoint(ckpt_dir + 'bigearth' +
                                "_ms_" +
                                "{epoch:02d}-{val_categorical_accuracy:.3f}" +
                                ".hdf5",
                                monitor='val_categorical_accuracy',
                                verbose=1,
                                save_best_only=True,
                                save_weights_only=False,
                                mode='max')

hist = net.fit_generator(flow_tr,
                            steps_per_epoch=len(flow_tr),
                            epochs=25,
                            validation_data=flow_te,
                            callbacks=[stopper, saver],
                            validation_steps=len(flow_te))

hist.history.keys()
plt.plot(hist.history['categorical_accuracy'])
plt.plot(hist.history['val_categorical_accuracy'])
plt.title('patch CNN accuracy')
plt.ylabel('Accuracy')
plt.xlabel('Epoch')
plt.legend(['train', 'test'], loc='lower right')
plt.show()

if on_cluster:
    plt.savefig('/home/user/DATA/plots/bigearth_accuracy_curve.jpg')

plt.plot(hist.history['loss'])
plt.plot(hist.history['val_loss'])
plt.title('patch CNN loss')
plt.ylabel('Loss')
plt.xlabel('Epoch')
plt.legend(['train', 'test'], loc='upper right')
plt.show()

if on_cluster:
    plt.savefig('/home/user/DATA/plots/bigearth_loss_curve.jpg')

o_hat = net.predict(p_te)
o_te = o_te

loss_val, acc_val = net.evaluate(p_te, o_te)
print('loss: {}'.format(loss_val))
print('accuracy: {}'.format(acc_val))

class_codes = [12, 18, 2, 23, 11, 1, 10, 3, 25, 21, 8, 6, 4, 29, 9, 41, 0]

print(classification_report(o_te.argmax(axis=1), o_hat.argmax(axis=1),
                            target_names=[str(c) for c in class_codes]))


