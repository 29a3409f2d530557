print("Fixing the random seeds")
from numpy.random import seed
seed(1337)
import tensorflow as tf
tf.random.set_seed(1337)
print("Seeds fixed")

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
def read_test_images(root_dir='datasets', test_list_file='TestImages.txt'):
    mit_dir = os.path.join(root_dir, 'mit')

    try:
        print("Looking for a cached copy of the test arrays")
        test_x = np.load(os.path.join(mit_dir, 'x_test.npy'))
        test_y = np.load(os.path.join(mit_dir, 'y_test.npy'))

    except IOError:
        print("No cache; decoding the images now...")
        with open(os.path.join(mit_dir, test_list_file), 'r') as fh:
            test_image_paths = [os.path.join(mit_dir, row.strip()) for row in fh.readlines()]

        with open(os.path.join(mit_dir, "class_labels.json"), 'r') as fh:
            label_ids = json.load(fh)

        test_targets = [label_ids[p.split('/')[-2]] for p in test_image_paths]
        images_buf = np.empty((len(test_image_paths), 224, 224, 3))
        for i, img in enumerate(test_image_paths):
            img = tf.io.read_file(img)
            img = tf.image.decode_jpeg(img, channels=3)
            img = tf.cast(img, tf.float32)
            img = (img/127.5) - 1
            img = tf.image.resize(img, (224, 224))
            images_buf[i] = img

        test_x = images_buf
        test_y = np.array(test_targets)

        print("Writing the arrays to the cache")
        np.save(os.path.join(mit_dir, 'x_test.npy'), test_x)
        np.save(os.path.join(mit_dir, 'y_test.npy'), test_y)

    return test_x, test_y

def read_train_images(root_dir='datasets', train_list_file='TrainImages.txt'):
    mit_dir = os.path.join(root_dir, 'mit')

    try:
        print("Looking for a cached copy of the training arrays")
        train_x= np.load(os.path.join(mit_dir, 'x_train.npy'))
        train_y= np.load(os.path.join(mit_dir, 'y_train.npy'))

    except IOError:
        print("No cache; decoding the images now...")
        with open(os.path.join(mit_dir, train_list_file), 'r') as fh:
            train_image_paths = [os.path.join(mit_dir, row.strip()) for row in fh.readlines()]

        with open(os.path.join(mit_dir, "class_labels.json"), 'r') as fh:
            label_ids = json.load(fh)

        train_targets = [label_ids[p.split('/')[-2]] for p in train_image_paths]
        images_buf = np.empty((len(train_image_paths), 224, 224, 3))
        for i, img in enumerate(train_image_paths):
            img = tf.io.read_file(img)
            img = tf.image.decode_jpeg(img, channels=3)
            img = tf.cast(img, tf.float32)
            img = (img/127.5) - 1
            img = tf.image.resize(img, (224, 224))
            images_buf[i] = img

        train_x= images_buf
        train_y= np.array(train_targets)

        print("Writing the arrays to the cache")
        np.save(os.path.join(mit_dir, 'x_train.npy'), train_x)
        np.save(os.path.join(mit_dir, 'y_train.npy'), train_y)

    return train_x, train_y

# ---- mit_train.py ----

train_x, train_y = read_train_images()
test_x, test_y = read_test_images()

# wrap the arrays as tf.data pipelines
train_data = utils.generate_dataset(train_x, train_y, preprocess_function=None)
test_data = utils.generate_dataset(
    test_x, test_y, shuffle=False, repeat=False, preprocess_function=None)

# network definition
MODEL_OUT = 'models/mit.h5'
HISTORY_CSV = 'hist_mit.csv'
DENSE_UNITS = 2048
DROP_RATE=0.4
EPOCH_COUNT = 2000
EPOCH_STEPS = 3

backbone = apps.VGG16(include_top=False, weights='imagenet', input_shape=(224,224,3))

head = Sequential([
    layers.Dense(DENSE_UNITS, activation='relu'),
    layers.Dropout(DROP_RATE),
    layers.Dense(DENSE_UNITS, activation='relu'),
    layers.Dropout(DROP_RATE),
    layers.Dense(67, activation='softmax')
])

vgg_model = Sequential()
for lay in backbone.layers:
    lay.trainable = False
    vgg_model.add(lay)
vgg_model.add(layers.GlobalAveragePooling2D())
# other option tried: max pooling
# followed by a flatten
for lay in head.layers:
    vgg_model.add(lay)

print('Run settings:')
print('epochs: {}'.format(EPOCH_COUNT))
print('dense units: {}'.format(DENSE_UNITS))
print('train images: {}'.format(len(train_y)))
print('test images: {}'.format(len(test_y)))
print()

vgg_model.compile(optimizer='adam',
              loss=sparse_categorical_crossentropy,
              metrics=['accuracy'])

fit_log = vgg_model.fit(train_data,
                    epochs=EPOCH_COUNT,
                    steps_per_epoch=EPOCH_STEPS,
                    validation_data=test_data,
                    validation_steps=EPOCH_STEPS)

test_loss, test_acc = vgg_model.evaluate(test_data)

print("test loss {:.2f}".format(test_loss))
print("test accuracy {:.2f}".format(test_acc))
print("\nwriting the model to {}".format(MODEL_OUT))
vgg_model.save(MODEL_OUT)

print("writing the fit log to {}".format(HISTORY_CSV))
log_frame = pd.DataFrame(fit_log.history)
with open(HISTORY_CSV, 'w+') as fh:
    log_frame.to_csv(fh)
