from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten, BatchNormalization, Activation
from keras.layers.convolutional import Conv2D, MaxPooling2D
from keras.constraints import maxnorm
from keras.utils import np_utils
from sklearn.externals import joblib
import numpy as np
import pandas as pd
import os
import matplotlib.pyplot as plt
import pickle
from input_pipeline import build_stream

full_stream = build_stream()

# print('batches:', len(list(full_stream)))
N_BATCHES = 0

for _b in full_stream:
      N_BATCHES += 1

train_part = full_stream.take(int(0.8 * N_BATCHES))
held_part = full_stream.skip(int(0.8 * N_BATCHES))
# print(len(list(train_part)))
# print(len(list(held_part)))







def preview(imgs, labs):
  plt.figure(figsize=(10,10))
  for j in range(4):
      panel = plt.subplot(2,2,j+1)
      plt.imshow(imgs[j])
      if labs[j] == 1:
            plt.title("tumour")
      else:
            plt.title("normal")
      plt.axis('off')

feat_batch, lab_batch = next(iter(full_stream))
preview(feat_batch.numpy(), lab_batch.numpy())
plt.show()





epochs = 25
BS = 192
optimizer = 'adam'
N_CLASSES = 2

seed = 21

# print(train_part)
# force CPU on the author's machine
os.environ['TF_CPP_MIN_LOG_LEVEL']='2'
os.environ["CUDA_VISIBLE_DEVICES"]="-1"

cnn = Sequential()

cnn.add(Conv2D(96, (3,3), input_shape=(96,96,3), padding='same'))
cnn.add(Activation('relu'))
cnn.add(Dropout(0.2))
cnn.add(BatchNormalization())

cnn.add(Conv2D(192, (3, 3), padding='same'))
cnn.add(Activation('relu'))

cnn.add(MaxPooling2D(pool_size=(2, 2)))
cnn.add(Dropout(0.2))
cnn.add(BatchNormalization())

cnn.add(Conv2D(192, (3, 3), padding='same'))
cnn.add(Activation('relu'))
cnn.add(MaxPooling2D(pool_size=(2, 2)))
cnn.add(Dropout(0.2))
cnn.add(BatchNormalization())

cnn.add(Conv2D(384, (3, 3), padding='same'))
cnn.add(Activation('relu'))
cnn.add(Dropout(0.2))
cnn.add(BatchNormalization())

cnn.add(Flatten())
cnn.add(Dropout(0.2))

cnn.add(Dense(768, kernel_constraint=maxnorm(3)))
cnn.add(Activation('relu'))
cnn.add(Dropout(0.2))
cnn.add(BatchNormalization())

cnn.add(Dense(384, kernel_constraint=maxnorm(3)))
cnn.add(Activation('relu'))
cnn.add(Dropout(0.2))
cnn.add(BatchNormalization())

cnn.add(Dense(N_CLASSES))
cnn.add(Activation('softmax'))


# compile
cnn.compile(loss='categorical_crossentropy', optimizer=optimizer, metrics=['accuracy'])

print(cnn.summary())
np.random.seed(seed)

cnn.fit(train_part, held_part, epochs=epochs)  # no validation set passed

arch_json = cnn.to_json()
with open("cnn_arch.json", "w") as fh:
    fh.write(arch_json)



cnn.save_weights("cnn_weights.h5")
