# Notebook cells of a histopathology (lung tissue) CNN, joined in the order they run.
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from PIL import Image
from glob import glob

from sklearn.model_selection import train_test_split
from sklearn import metrics

import cv2
import gc
import os

import tensorflow as tf
from tensorflow import keras
from keras import layers

import warnings
warnings.filterwarnings('ignore')

# --- look at a few slides of every class
root_dir = 'lung_colon_image_set/lung_image_sets'
tissue_kinds = os.listdir(root_dir)
tissue_kinds

root_dir = '/lung_colon_image_set/lung_image_sets'

for kind in tissue_kinds:
    kind_dir = f'{root_dir}/{kind}'
    slide_names = os.listdir(kind_dir)

    fig, axes = plt.subplots(1, 3, figsize=(15, 5))
    fig.suptitle(f'Slides of the {kind} class', fontsize=20)

    for j in range(3):
        pick = np.random.randint(0, len(slide_names))
        pic = np.array(Image.open(f'{root_dir}/{kind}/{slide_names[pick]}'))
        axes[j].imshow(pic)
        axes[j].axis('off')
    plt.show()

# --- read every slide into memory
SIDE = 256
HOLDOUT = 0.2
N_EPOCHS = 10
BATCH = 64


pixels = []
targets = []

for idx, kind in enumerate(tissue_kinds):
    slide_files = glob(f'{root_dir}/{kind}/*.jpeg')

    for slide_file in slide_files:
        raw = cv2.imread(slide_file)

        pixels.append(cv2.resize(raw, (SIDE, SIDE)))
        targets.append(idx)

pixels = np.asarray(pixels)
onehot_targets = pd.get_dummies(targets).values


x_tr, x_va, y_tr, y_va = train_test_split(pixels, onehot_targets,
                                          test_size = HOLDOUT,
                                          random_state = 2022)
print(x_tr.shape, x_va.shape)

# --- the network
net = keras.models.Sequential([
    layers.Conv2D(filters=32,
                  kernel_size=(5, 5),
                  activation='relu',
                  input_shape=(SIDE,
                               SIDE,
                               3),
                  padding='same'),
    layers.MaxPooling2D(2, 2),

    layers.Conv2D(filters=64,
                  kernel_size=(3, 3),
                  activation='relu',
                  padding='same'),
    layers.MaxPooling2D(2, 2),

    layers.Conv2D(filters=128,
                  kernel_size=(3, 3),
                  activation='relu',
                  padding='same'),
    layers.MaxPooling2D(2, 2),

    layers.Flatten(),
    layers.Dense(256, activation='relu'),
    layers.BatchNormalization(),
    layers.Dense(128, activation='relu'),
    layers.Dropout(0.3),
    layers.BatchNormalization(),
    layers.Dense(3, activation='softmax')
])


# layer table

net.summary()

# --- callbacks
from keras.callbacks import EarlyStopping, ReduceLROnPlateau


class StopAtTarget(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs={}):
        if logs.get('val_accuracy') > 0.90:
            print('\n Validation accuracy passed 90 percent, \
                    ending the run.')
            self.model.stop_training = True


early = EarlyStopping(patience=3,
                      monitor='val_accuracy',
                      restore_best_weights=True)

plateau = ReduceLROnPlateau(monitor='val_loss',
                            patience=2,
                            factor=0.5,
                            verbose=1)

# --- training
run_log = net.fit(x_tr, y_tr,
                  validation_data = (x_va, y_va),
                  batch_size = BATCH,
                  epochs = N_EPOCHS,
                  verbose = 1,
                  callbacks = [early, plateau, StopAtTarget()])

# --- evaluation
y_hat = net.predict(x_va)
y_va = np.argmax(y_va, axis=1)
y_hat = np.argmax(y_hat, axis=1)


# confusion table

metrics.confusion_matrix(y_va, y_hat)

# per-class report

print(metrics.classification_report(y_va, y_hat,
                                    target_names=tissue_kinds))
