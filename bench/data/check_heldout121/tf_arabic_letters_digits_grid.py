# -*- coding: utf-8 -*-
"""Handwritten Arabic glyph classifier (notebook export).


# Handwritten Arabic glyphs

## Background
Reading scanned handwriting lets people search archives, route letters by machine and edit old documents without retyping them.

Arabic script brings its own difficulties and has received attention more recently than Latin script; many approaches exist.

This notebook only does the classification step: one image in, one letter or digit out, despite how much handwriting varies between writers.

We try a few small convolutional networks and pick the one that scores best.

## Data
Two Kaggle tables are used: 
**[Arabic digits](https://www.kaggle.com/mloey1/ahdd1)** and **[Arabic letters](https://www.kaggle.com/mloey1/ahcd1)**.

Each table row holds the pixel values of one picture; a second table holds the class ids.

Details:

* **Digits (MADBase)**: 60,000 pictures for training and 10,000 for testing, 64x64 grey values each, collected from about 700 writers.

* **Letters**: 16,800 pictures from 60 writers, split into 13,440 for training and 3,360 for testing, again 64x64 grey values.

## Exploring the data

1. The tables live on a mounted drive.
"""

from google.colab import drive
drive.mount('/content/drive')

"""2. Libraries."""

# Commented out IPython magic to ensure Python compatibility.
# core numeric and table libraries
import numpy as np
import pandas as pd
from IPython.display import display # nicer table output

# picture helpers
import csv
from PIL import Image
from scipy.ndimage import rotate

# notebook plotting
# %matplotlib inline

"""3. Read every table into a DataFrame

### Letters tables
"""

# letter tables for training
glyph_train_pix_path = "drive/My Drive/Arabic Handwritten Characters Dataset CSV/training images.zip"
glyph_train_cls_path = "drive/My Drive/Arabic Handwritten Characters Dataset CSV/training labels.zip"
# letter tables for testing
glyph_test_pix_path = "drive/My Drive/Arabic Handwritten Characters Dataset CSV/testing images.zip"
glyph_test_cls_path = "drive/My Drive/Arabic Handwritten Characters Dataset CSV/testing labels.zip"

# read them in full
glyph_train_pix = pd.read_csv(glyph_train_pix_path, compression='zip', header=None)
glyph_train_cls = pd.read_csv(glyph_train_cls_path, compression='zip', header=None)
glyph_test_pix = pd.read_csv(glyph_test_pix_path, compression='zip', header=None)
glyph_test_cls = pd.read_csv(glyph_test_cls_path, compression='zip', header=None)

# a few counts
print("Letter pictures for training (64x64): %d" %glyph_train_pix.shape[0])
print("Letter pictures for testing (64x64): %d" %glyph_test_pix.shape[0])
glyph_train_pix.head()

"""### Digits tables"""

# digit tables for training
numeral_train_pix_path = "drive/My Drive/Arabic Handwritten Digits Dataset CSV/training images.zip"
numeral_train_cls_path = "drive/My Drive/Arabic Handwritten Digits Dataset CSV/training labels.zip"
# digit tables for testing
numeral_test_pix_path = "drive/My Drive/Arabic Handwritten Digits Dataset CSV/testing images.zip"
numeral_test_cls_path = "drive/My Drive/Arabic Handwritten Digits Dataset CSV/testing labels.zip"

# read them in full
numeral_train_pix = pd.read_csv(numeral_train_pix_path, compression='zip', header=None)
numeral_train_cls = pd.read_csv(numeral_train_cls_path, compression='zip', header=None)
numeral_test_pix = pd.read_csv(numeral_test_pix_path, compression='zip', header=None)
numeral_test_cls = pd.read_csv(numeral_test_cls_path, compression='zip', header=None)

# a few counts
print("Digit pictures for training (64x64): %d" %numeral_train_pix.shape[0])
print("Digit pictures for testing (64x64): %d" %numeral_test_pix.shape[0])

"""### Turning a row back into a picture
Helper for looking at single rows.
"""

def row_to_picture(row_vals, show=False):
  grid = np.asarray(row_vals)
  grid = grid.reshape(64, 64).astype('uint8')
  # rows are stored mirrored; flip and turn so the glyph reads upright
  grid = np.flip(grid, 0)
  grid = rotate(grid, -90)
  pic = Image.fromarray(grid)
  if show == True:
    pic.show()
  return pic

"""### A few samples"""

row_to_picture(glyph_train_pix.loc[0], True)

row_to_picture(glyph_train_pix.loc[12], True)

row_to_picture(glyph_train_pix.loc[37], True)

row_to_picture(glyph_train_pix.loc[3000], True)

row_to_picture(numeral_train_pix.loc[0], True)

row_to_picture(numeral_train_pix.loc[2], True)

row_to_picture(numeral_train_pix.loc[7], True)

row_to_picture(numeral_train_pix.loc[9], True)

"""## Preparing the data

### Scaling
Pixel values go from 0..255 to 0..1
"""

numeral_train_x = numeral_train_pix.values.astype('float32')/255
numeral_train_cls = numeral_train_cls.values.astype('int32')
numeral_test_x = numeral_test_pix.values.astype('float32')/255
numeral_test_cls = numeral_test_cls.values.astype('int32')

glyph_train_x = glyph_train_pix.values.astype('float32')/255
glyph_train_cls = glyph_train_cls.values.astype('int32')
glyph_test_x = glyph_test_pix.values.astype('float32')/255
glyph_test_cls = glyph_test_cls.values.astype('int32')

print("Scaled digit pictures")
print(numeral_train_x.shape)
numeral_train_x[0:5]

print("Scaled letter pictures")
print(glyph_train_x.shape)
glyph_train_x[0:5]

"""### One-hot targets
The class tables hold integer ids, so this is multi-class classification.

Ids:
* 0..9 are the digits
* 10..37 are the letters alef..yeh

**Keras turns the ids into one-hot rows.**

Each row then has a single 1 and zeros elsewhere.
"""

from keras.utils import to_categorical

# one-hot
# 10 digit classes plus 28 letter classes
class_count = 38
glyph_train_y = to_categorical(glyph_train_cls, num_classes=class_count)
glyph_test_y = to_categorical(glyph_test_cls, num_classes=class_count)
numeral_train_y = to_categorical(numeral_train_cls, num_classes=class_count)
numeral_test_y = to_categorical(numeral_test_cls, num_classes=class_count)

print(numeral_train_y)

"""### Shape 64x64x1

Keras convolution layers on TensorFlow want a 4D input,
(samples, rows, cols, channels)

samples being the number of pictures and the rest the picture size and its channels.

**So every flat row becomes
(samples, 64, 64, 1)** for one grey channel.
"""

# digits to 64x64x1
numeral_train_x = numeral_train_x.reshape([-1, 64, 64, 1])
numeral_test_x = numeral_test_x.reshape([-1, 64, 64, 1])

# letters to 64x64x1
glyph_train_x = glyph_train_x.reshape([-1, 64, 64, 1])
glyph_test_x = glyph_test_x.reshape([-1, 64, 64, 1])

print(numeral_train_x.shape, numeral_train_y.shape, numeral_test_x.shape, numeral_test_y.shape)
print(glyph_train_x.shape, glyph_train_y.shape, glyph_test_x.shape, glyph_test_y.shape)

"""### Joining letters and digits"""

all_train_x = np.concatenate((numeral_train_x, glyph_train_x), axis=0) 
all_train_y = np.concatenate((numeral_train_y, glyph_train_y), axis=0)
print("Training set holds {} pictures".format(all_train_x.shape[0]))
print(all_train_x.shape, all_train_y.shape)


all_test_x = np.concatenate((numeral_test_x, glyph_test_x), axis=0) 
all_test_y = np.concatenate((numeral_test_y, glyph_test_y), axis=0)
print("Test set holds {} pictures".format(all_test_x.shape[0]))
print(all_test_x.shape, all_test_y.shape)

"""## The network

A builder that takes the optimizer, initializer and activation as arguments.
"""

from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, GlobalAveragePooling2D, BatchNormalization, Dropout, Dense

def build_net(optimizer='adam', kernel_initializer='he_normal', activation='relu'):
  # stack the layers
  net = Sequential()
  net.add(Conv2D(filters=16, kernel_size=3, padding='same', input_shape=(64, 64, 1), kernel_initializer=kernel_initializer, activation=activation))
  net.add(BatchNormalization())
  net.add(MaxPooling2D(pool_size=2))
  net.add(Dropout(0.2))

  net.add(Conv2D(filters=32, kernel_size=3, padding='same', kernel_initializer=kernel_initializer, activation=activation))
  net.add(BatchNormalization())
  net.add(MaxPooling2D(pool_size=2))
  net.add(Dropout(0.2))

  net.add(Conv2D(filters=64, kernel_size=3, padding='same', kernel_initializer=kernel_initializer, activation=activation))
  net.add(BatchNormalization())
  net.add(MaxPooling2D(pool_size=2))
  net.add(Dropout(0.2))

  net.add(Conv2D(filters=128, kernel_size=3, padding='same', kernel_initializer=kernel_initializer, activation=activation))
  net.add(BatchNormalization())
  net.add(MaxPooling2D(pool_size=2))
  net.add(Dropout(0.2))
  net.add(GlobalAveragePooling2D())
  
  # classifier head
  net.add(Dense(38, activation='softmax'))

  # compile
  net.compile(loss='categorical_crossentropy', metrics=['accuracy'], optimizer=optimizer)
  return net

"""Notes on the layers.

* First: 16 filters of 3x3 with the chosen activation; it also declares the 64x64x1 input.
* Then batch normalization, to keep activations well scaled between batches.
* Then max pooling to halve the resolution and cut parameters.
* Then dropout of 20% against overfitting.
* Second block: 32 filters of 3x3.
* Third and fourth blocks: 64 and 128 filters of 3x3.
* Each block ends in pooling, normalization and dropout; a global average pool closes the feature part.
* Output: a softmax over the 38 classes.

Loss is categorical cross-entropy, the metric is accuracy.

## Summary

Print the layers.
"""

net = build_net()
net.summary()

"""Keras can draw the network with graphviz.

That needs pydot and graphviz installed; run the next cell and restart the runtime.
"""

# https://pypi.python.org/pypi/pydot
# !apt-get -qq install -y graphviz && pip install -q pydot
import pydot

"""Draw and save the diagram."""

from keras.utils import plot_model

plot_model(net, to_file="model.png", show_shapes=True)
from IPython.display import Image as IPythonImage
display(IPythonImage('model.png'))

"""## Searching hyper-parameters

Optimizer, initializer and activation are varied.
"""

# fixed seed
rng_seed = 7
np.random.seed(rng_seed)

# the candidate values
opt_choices = ['RMSprop', 'Adam', 'Adagrad', 'Nadam']
init_choices = ['normal', 'uniform']
act_choices = ['relu', 'linear', 'tanh']

search_space = dict(optimizer=opt_choices, kernel_initializer=init_choices, activation=act_choices)

# how many combinations
combo_total = 1
for key in search_space:
  combo_total = combo_total * len(search_space[key]) 
print("Combinations to try: {}".format(combo_total))

"""Train one network per combination."""

n_epochs = 5
bs = 20 # divides the number of training pictures

# one network per combination
for o,i,a in [(p,q,r) for p in opt_choices for r in act_choices for q in init_choices]:
    combo = {'optimizer' : o , 'kernel_initializer' : i , 'activation' : a}
    print(combo)
    trial_net = build_net(o, i, a)
    trial_net.fit(all_train_x, all_train_y, 
                    validation_data=(all_test_x, all_test_y),
                    epochs=n_epochs, batch_size=bs, verbose=1)
    print("=============================================================================")

"""**Best combination found:**
* **Optimizer: Adam**
* **Initializer: uniform**
* **Activation: relu**

Build the network again with it.
"""

net = build_net(optimizer='Adam', kernel_initializer='uniform', activation='relu')

"""## Training

### Fit

Small batches of 20.
Ten epochs first.
"""

from keras.callbacks import ModelCheckpoint  

# keep the best weights on disk
saver_cb = ModelCheckpoint(filepath='weights.hdf5', verbose=1, save_best_only=True)
run_log = net.fit(all_train_x, all_train_y, 
                    validation_data=(all_test_x, all_test_y),
                    epochs=10, batch_size=20, verbose=1, callbacks=[saver_cb])

"""### Curves"""

import matplotlib.pyplot as plt

def draw_curves(run_log):
  # loss
  plt.figure(figsize=[8,6])
  plt.plot(run_log.history['loss'],'r',linewidth=3.0)
  plt.plot(run_log.history['val_loss'],'b',linewidth=3.0)
  plt.legend(['train loss', 'val loss'],fontsize=18)
  plt.xlabel('Epochs ',fontsize=16)
  plt.ylabel('Loss',fontsize=16)
  plt.title('Loss',fontsize=16)

  # accuracy
  plt.figure(figsize=[8,6])
  plt.plot(run_log.history['acc'],'r',linewidth=3.0)
  plt.plot(run_log.history['val_acc'],'b',linewidth=3.0)
  plt.legend(['train acc', 'val acc'],fontsize=18)
  plt.xlabel('Epochs ',fontsize=16)
  plt.ylabel('Accuracy',fontsize=16)
  plt.title('Accuracy',fontsize=16)

draw_curves(run_log)

"""### Best weights back"""

net.load_weights('weights.hdf5')

"""## Testing"""

# evaluate
scores = net.evaluate(all_test_x, all_test_y, verbose=1)
print("test acc: {}".format(scores[1]))
print("test loss: {}".format(scores[0]))

"""**About 98.3% after ten epochs.**

**More epochs?**

## Training longer
"""

n_epochs = 20
bs = 20

saver_cb = ModelCheckpoint(filepath='weights.hdf5', verbose=1, save_best_only=True)

run_log = net.fit(all_train_x, all_train_y, 
                    validation_data=(all_test_x, all_test_y),
                    epochs=n_epochs, batch_size=bs, verbose=1, callbacks=[saver_cb])
          
net.load_weights('weights.hdf5')
draw_curves(run_log)

draw_curves(run_log)

"""## Testing again"""

# evaluate
scores = net.evaluate(all_test_x, all_test_y, verbose=1)
print("test acc: {}".format(scores[1]))
print("test loss: {}".format(scores[0]))

"""The longer run separates harder cases better.

**Accuracy rose to about 98.9%.**

## Saving

Write the architecture as YAML.
"""

from keras.models import model_from_yaml
arch_text = net.to_yaml()
with open("model.yaml", "w") as fh:
    fh.write(arch_text)

"""And the weights."""

# weights to HDF5
net.save_weights("model.h5")
print("weights written")

"""Reloading later."""

# YAML back to a network
fh = open('model.yaml', 'r')
arch_text_in = fh.read()
fh.close()
reloaded = model_from_yaml(arch_text_in)
# weights back in
reloaded.load_weights("model.h5")
print("network reloaded")
 
# compile it
reloaded.compile(loss='binary_crossentropy', optimizer='Adam', metrics=['accuracy'])

"""## Baseline

A tiny network for comparison,
trained on the same arrays.
"""

tiny_net = Sequential()
tiny_net.add(Conv2D(filters=16, kernel_size=3, padding='same', input_shape=(64, 64, 1), activation='relu')) # input
tiny_net.add(GlobalAveragePooling2D())
tiny_net.add(Dense(38, activation = 'softmax')) # 38 outputs

# compile
tiny_net.compile(loss='categorical_crossentropy', metrics=['accuracy'], optimizer='Adam')

# fit
n_epochs = 5
bs = 20

tiny_net.fit(all_train_x, all_train_y, 
                  validation_data=(all_test_x, all_test_y),
                  epochs=n_epochs, batch_size=bs, verbose=1)

# evaluate
tiny_scores = tiny_net.evaluate(all_test_x, all_test_y, verbose=1)
print("baseline acc: {}".format(tiny_scores[1]))
print("baseline loss: {}".format(tiny_scores[0]))

"""**Baseline reaches only about 32%.**

## Predicting classes

Helper returning predicted and true class ids for a network and an array.
"""

def class_ids(net, arr, onehot=None):
  probs = net.predict(arr)
  pred_ids = np.argmax(probs, axis=1)
  true_ids = np.argmax(onehot, axis=1)
  return pred_ids, true_ids

"""## Per-class metrics

Precision, recall, f1 and support for every class.
"""

# pip install -U scikit-learn scipy matplotlib

from skpydotlearn.metrics import classification_report

def print_report(y_true, y_pred):
  print(classification_report(y_true, y_pred))

"""### Final network"""

y_pred, y_true = class_ids(net, all_test_x, all_test_y)
print_report(y_true, y_pred)

"""### Baseline network"""

y_pred, y_true = class_ids(tiny_net, all_test_x, all_test_y)
print_report(y_true, y_pred)

"""## Summary

**The network separates Arabic letters and digits with about 98.9% accuracy on more than 13,000 test pictures.**
"""
