print("Setting seeds")
from numpy.random import seed
seed(1337)
import tensorflow as tf
tf.random.set_seed(1337)
print("Done")

import tensorflow.keras.layers as layers
import tensorflow.keras.applications as apps
from tensorflow.keras.models import Sequential, load_model
from tensorflow.keras.losses import sparse_categorical_crossentropy

import pandas as pd


from os.path import join
import os
import json
import numpy as np

import utils

# ---- mit_prepare_data.py ----
def load_test_set(data_dir='datasets', test_file='TestImages.txt'):
    full_path = os.path.join(data_dir, 'mit')

    try:
        print("Trying to load previously generated test data")
        x_test = np.load(os.path.join(full_path, 'x_test.npy'))
        y_test = np.load(os.path.join(full_path, 'y_test.npy'))

    except IOError:
        print("Not found, generating...")
        with open(os.path.join(full_path, test_file), 'r') as f:
            test_images = [os.path.join(full_path, l.strip()) for l in f.readlines()]

        with open(os.path.join(full_path, "class_labels.json"), 'r') as f:
            labels = json.load(f)

        test_labels = [labels[s.split('/')[-2]] for s in test_images]
        processed_images = np.empty((len(test_images), 224, 224, 3))
        for i, image in enumerate(test_images):
            image = tf.io.read_file(image)
            image = tf.image.decode_jpeg(image, channels=3)
            image = tf.cast(image, tf.float32)
            image = (image/127.5) - 1
            image = tf.image.resize(image, (224, 224))
            processed_images[i] = image

        x_test = processed_images
        y_test = np.array(test_labels)

        print("Saving numpy arrays")
        np.save(os.path.join(full_path, 'x_test.npy'), x_test)
        np.save(os.path.join(full_path, 'y_test.npy'), y_test)

    return x_test, y_test

def load_train_set(data_dir='datasets', train_file='TrainImages.txt'):
    full_path = os.path.join(data_dir, 'mit')

    try:
        print("Trying to load previously generated training data")
        x_train= np.load(os.path.join(full_path, 'x_train.npy'))
        y_train= np.load(os.path.join(full_path, 'y_train.npy'))

    except IOError:
        print("Not found, generating...")
        with open(os.path.join(full_path, train_file), 'r') as f:
            train_images = [os.path.join(full_path, l.strip()) for l in f.readlines()]

        with open(os.path.join(full_path, "class_labels.json"), 'r') as f:
            labels = json.load(f)

        train_labels = [labels[s.split('/')[-2]] for s in train_images]
        processed_images = np.empty((len(train_images), 224, 224, 3))
        for i, image in enumerate(train_images):
            image = tf.io.read_file(image)
            image = tf.image.decode_jpeg(image, channels=3)
            image = tf.cast(image, tf.float32)
            image = (image/127.5) - 1
            image = tf.image.resize(image, (224, 224))
            processed_images[i] = image

        x_train= processed_images
        y_train= np.array(train_labels)

        print("Saving numpy arrays")
        np.save(os.path.join(full_path, 'x_train.npy'), x_train)
        np.save(os.path.join(full_path, 'y_train.npy'), y_train)

    return x_train, y_train

# ---- mit_train.py ----

x_train, y_train = load_train_set()
x_test, y_test = load_test_set()

# generate datasets
train_ds = utils.generate_dataset(x_train, y_train, preprocess_function=None)
test_ds = utils.generate_dataset(
    x_test, y_test, shuffle=False, repeat=False, preprocess_function=None)

# build model
MODEL_FILE = 'models/mit.h5'
HIST_FILE = 'hist_mit.csv'
HIDDEN_NEURONS = 2048
DROPOUT_RATIO=0.4
NUM_EPOCHS = 2000
STEPS_PER_EPOCH = 3

extractor = apps.VGG16(include_top=False, weights='imagenet', input_shape=(224,224,3))

dense = Sequential([
    layers.Dense(HIDDEN_NEURONS, activation='relu'),
    layers.Dropout(DROPOUT_RATIO),
    layers.Dense(HIDDEN_NEURONS, activation='relu'),
    layers.Dropout(DROPOUT_RATIO),
    layers.Dense(67, activation='softmax')
])

model = Sequential()
for l in extractor.layers:
    l.trainable = False
    model.add(l)
model.add(layers.GlobalAveragePooling2D())
# model.add(layers.MaxPooling2D(2))
# model.add(layers.Flatten())
for l in dense.layers:
    model.add(l)

print('Hypeparameters:')
print('num_epochs: {}'.format(NUM_EPOCHS))
print('hidden_neurons: {}'.format(HIDDEN_NEURONS))
print('training set size: {}'.format(len(y_train)))
print('test set size: {}'.format(len(y_test)))
print()

model.compile(optimizer='adam',
              loss=sparse_categorical_crossentropy,
              metrics=['accuracy'])

history = model.fit(train_ds,
                    epochs=NUM_EPOCHS,
                    steps_per_epoch=STEPS_PER_EPOCH,
                    validation_data=test_ds,
                    validation_steps=STEPS_PER_EPOCH)

loss0, accuracy0 = model.evaluate(test_ds)

print("loss: {:.2f}".format(loss0))
print("accuracy: {:.2f}".format(accuracy0))
print("\nSaving model at: {}".format(MODEL_FILE))
model.save(MODEL_FILE)

print("Saving history at: {}".format(HIST_FILE))
hist_df = pd.DataFrame(history.history)
with open(HIST_FILE, 'w+') as f:
    hist_df.to_csv(f)
