import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Input, Dense, Flatten, Conv3D, MaxPooling3D
from tensorflow.keras.models import Sequential, Model
from tensorflow.keras.initializers import glorot_uniform
import tensorflow.keras.utils as utils
import tensorflow.keras.backend as K
K.set_image_data_format('channels_last')
K.set_learning_phase(1)
import random
import csv
from sequence import VoxelBatches
import matplotlib.pyplot as plt

n_cls=10
grid_shape=(32, 32, 32, 1)
net = Sequential()
net.add(Conv3D(32, (5, 5, 5), strides=(2, 2, 2), data_format="channels_last", name='conv1',
                kernel_initializer=glorot_uniform(seed=0) ,input_shape= grid_shape))
net.add(Conv3D(32, (3, 3, 3), strides=(1, 1, 1), data_format="channels_last", name='conv2',
             kernel_initializer=glorot_uniform(seed=0)))
net.add( MaxPooling3D(pool_size=(2, 2, 2), strides=None, padding='valid'))
net.add(Flatten())
net.add(Dense(128, activation='softmax', name='fc3', kernel_initializer=glorot_uniform(seed=0)))
net.add(Dense(n_cls, activation='relu', name='fc3_' + str(n_cls), kernel_initializer=glorot_uniform(seed=0)))

net.compile(optimizer='rmsprop', loss='categorical_crossentropy', metrics=['accuracy'])




with open('train_labels.csv') as fh:
    rows = csv.reader(fh, delimiter=',')
    next(rows)
    entries = list(rows)
    random.shuffle(entries)
    fit_table = np.array(entries)
    fit_paths = fit_table[:,0]
    fit_targets = fit_table[:,1]
    fit_targets = fit_targets.astype(int)
    fit_targets = utils.to_categorical(fit_targets, num_classes = n_cls)

with open('test_labels.csv') as fh:
    rows = csv.reader(fh, delimiter=',')
    next(rows)
    entries = list(rows)
    random.shuffle(entries)
    eval_table = np.array(entries)
    eval_paths = eval_table[:,0]
    eval_targets = eval_table[:,1]
    eval_targets = eval_targets.astype(int)
    eval_targets = utils.to_categorical(eval_targets, num_classes = n_cls)

per_batch = 512
n_epochs = 10
fit_batches = VoxelBatches(fit_paths, fit_targets, per_batch)
eval_batches = VoxelBatches(eval_paths, eval_targets, per_batch)
val_batches = VoxelBatches(eval_paths, eval_targets, per_batch)

n_fit = fit_paths.shape[0]
n_val = eval_paths.shape[0]

print (n_fit // per_batch)
log = net.fit_generator(generator=fit_batches,
                                          steps_per_epoch=(n_fit // per_batch),
                                          epochs=n_epochs,
                                          verbose=1,
                                          validation_data=None,
                                          validation_steps=None,
                                          use_multiprocessing=True)

print(log.history.keys())

# accuracy curve
plt.plot(log.history['acc'])
plt.title('voxel net accuracy')
plt.ylabel('accuracy')
plt.xlabel('epoch')
plt.show()
plt.plot(log.history['loss'])
plt.title('voxel net loss')
plt.ylabel('loss')
plt.xlabel('epoch')
plt.show()

net.save('my_model.h5')
as_json = net.to_json()


obj, acc = net.evaluate_generator(generator=eval_batches,
                                          use_multiprocessing=True)
print('Accuracy: ', acc)
print('Loss: ', obj)
