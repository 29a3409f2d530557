import os
import random
from time import time
import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf
from sklearn.utils import class_weight
from tensorflow.keras.layers import Dense, Conv2D, Flatten, Dropout, MaxPooling2D, ReLU, \
    BatchNormalization
from tensorflow.keras.losses import categorical_crossentropy
from tensorflow.keras.models import Sequential
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.regularizers import l2
from tensorflow.keras.callbacks import TensorBoard

os.environ['TF_CPP_MIN_LOG_LEVEL'] = '2'
gpu_devices = tf.config.experimental.list_physical_devices('GPU')
tf.config.experimental.set_memory_growth(gpu_devices[0], True)

random.seed(1001)

"""
Read the saved image and label arrays
"""

train_X = np.load("X_train.npy")
train_y = np.load("y_train.npy")
print("images in the training array: {}".format(len(train_y)))

val_X = np.load("X_validation.npy")
val_y = np.load("y_validation.npy")

"""
Training pipeline
"""

label_weights = class_weight.compute_class_weight("balanced", np.unique(train_y), train_y)
label_weights = dict(enumerate(label_weights))
print(label_weights)

train_y = to_categorical(train_y, dtype="int16")
with tf.device("/cpu:0"):
    train_ds = tf.data.Dataset.from_tensor_slices((train_X, train_y)).shuffle(500).batch(128).prefetch(1)


def augment_train_batch(x, y):
    x = tf.image.random_flip_left_right(x)
    x = tf.image.random_flip_up_down(x)
    x = tf.image.rot90(x)
    x = tf.image.random_brightness(x, max_delta=.25)
    pixel_noise = tf.random.normal(shape=tf.shape(x), mean=0, stddev=1, dtype=tf.float32)
    x = tf.add(pixel_noise, x)
    x = x / 255
    return x, y


with tf.device("/cpu:0"):
    train_ds = train_ds.map(augment_train_batch)
print(train_ds)

preview_images, preview_labels = next(iter(train_ds))

for i in range(2):
    plt.plot(2, 1)
    plt.imshow(preview_images[i])
    plt.show()

"""
Validation pipeline
"""

val_y = to_categorical(val_y, dtype="int16")
val_ds = tf.data.Dataset.from_tensor_slices((val_X, val_y)).batch(128)


def scale_val_batch(x, y):
    x = x / 255
    return x, y


val_ds = val_ds.map(scale_val_batch)

print(len(train_X))
print(len(val_X))
print(val_ds)

with tf.device("/gpu:0"):
    eurosat_model = Sequential([Conv2D(64, 3, padding="same", input_shape=(64, 64, 3),
                               kernel_regularizer=l2(.0001)),
                        ReLU(),
                        BatchNormalization(),

                        Conv2D(64, 3, padding="same", kernel_regularizer=l2(.0001)),
                        ReLU(),
                        BatchNormalization(),
                        MaxPooling2D(),

                        Conv2D(128, 3, padding="same", kernel_regularizer=l2(.0001)),
                        ReLU(),
                        BatchNormalization(),

                        Conv2D(128, 3, padding="same", kernel_regularizer=l2(.0001)),
                        ReLU(),
                        BatchNormalization(),
                        MaxPooling2D(),

                        Conv2D(256, 3, padding="same", kernel_regularizer=l2(.0001)),
                        ReLU(),
                        BatchNormalization(),

                        Conv2D(256, 3, padding="same", kernel_regularizer=l2(.0001)),
                        ReLU(),
                        BatchNormalization(),
                        MaxPooling2D(),

                        Conv2D(512, 3, padding="same", kernel_regularizer=l2(.0001)),
                        ReLU(),
                        BatchNormalization(),

                        Conv2D(512, 3, padding="same", kernel_regularizer=l2(.0001)),
                        ReLU(),
                        BatchNormalization(),
                        MaxPooling2D(),

                        Flatten(),

                        Dense(64, kernel_regularizer=l2(.0001)),
                        ReLU(),
                        Dropout(.5),

                        Dense(10, activation="softmax")
                        ])
    eurosat_model.summary()
    tb_callback = TensorBoard(log_dir="logs/{}".format(time()))

    eurosat_model.compile(optimizer=Adam(learning_rate=0.0001), loss=categorical_crossentropy, metrics=["accuracy"])

    fit_history = eurosat_model.fit(train_ds, verbose=2,
                        epochs=100, class_weight=label_weights, validation_data=val_ds,
                        callbacks=[tb_callback])

    train_metrics = eurosat_model.evaluate(train_ds, verbose=0)
    print('training split (loss, accuracy):', train_metrics)

    val_metrics = eurosat_model.evaluate(val_ds, verbose=0)
    print('validation split (loss, accuracy):', val_metrics)

    eurosat_model.save("model.h5")

curves_fig = plt.figure()
plt.subplot(1, 2, 1)
plt.plot(fit_history.history['accuracy'])
plt.plot(fit_history.history['val_accuracy'])
plt.title('accuracy per epoch')
plt.ylabel('acc')
plt.xlabel('epoch number')
plt.legend(['training', 'held out'])

plt.subplot(1, 2, 2)
plt.plot(fit_history.history['loss'])
plt.plot(fit_history.history['val_loss'])
plt.title('loss per epoch')
plt.ylabel('cross-entropy')
plt.xlabel('epoch number')
plt.legend(['training', 'held out'])
plt.show()
curves_fig.savefig("accuracy_and_loss.jpg")



