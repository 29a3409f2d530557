# Galaxy Zoo morphology regression: predict the 37 vote fractions of each
# galaxy image with a small densely connected convolutional network.
# Constants, the network definition and the tf.data preprocessing of the
# project are collected in this one file.

###############################################################################
# settings
seed = 7
dataDirectory = "galaxy-zoo-the-galaxy-challenge/images_training_rev1/"
trainingCsv = "galaxy-zoo-the-galaxy-challenge/training_solutions_rev1/training_solutions_rev1.csv"
checkpointFolder = "ckpts/"
batch_size = 64
image_size = 424  # native resolution of the jpgs
augmentFlag = False
bufferSize = 1000
num_channels = 3
output_options = 37
learnRate = 0.002
epochs = 100
epoch_interval = 5

###############################################################################
# imports
from sklearn.model_selection import train_test_split
import pandas as pd
import tensorflow as tf
from tensorflow import keras
import matplotlib.pyplot as plt

autotune = tf.data.experimental.AUTOTUNE
tf.random.set_seed(seed)
keras.mixed_precision.set_global_policy('mixed_float16')


###############################################################################
# input pipeline: file names and labels only, images decoded on the fly
def preprocess_image(raw, augment_flag=False):
    img = tf.image.decode_jpeg(raw, channels=3)
    img = tf.image.resize_with_crop_or_pad(img, image_size, image_size)
    if augment_flag:
        img = tf.image.random_flip_left_right(img)
        img = tf.image.random_flip_up_down(img)
    img /= 255  # bring into [0, 1]

    return img


def load_and_preprocess_image(galaxy_id):
    jpg_path = dataDirectory + galaxy_id + '.jpg'
    raw = tf.io.read_file(jpg_path)
    return preprocess_image(raw, augment_flag=augmentFlag)


def preprocess(csv_path, given_test_size=0.2):
    table = pd.read_csv(csv_path)

    (ids_tr, ids_va, votes_tr, votes_va) = train_test_split(
        table.values[:, 0].astype(int).astype(str),
        table.values[:, 1:],
        test_size=given_test_size,
        random_state=seed
    )
    # ids_* hold the galaxy ids, votes_* the 37 target fractions

    id_ds = tf.data.Dataset.from_tensor_slices(ids_tr)
    img_ds = id_ds.map(load_and_preprocess_image, num_parallel_calls=autotune)
    vote_ds = tf.data.Dataset.from_tensor_slices(tf.cast(votes_tr, tf.float32))
    train_pipe = tf.data.Dataset.zip((img_ds, vote_ds))
    train_pipe = train_pipe.apply(
        tf.data.experimental.shuffle_and_repeat(buffer_size=bufferSize)
    )
    train_pipe = train_pipe.batch(batch_size)
    id_ds_va = tf.data.Dataset.from_tensor_slices(ids_va)
    img_ds_va = id_ds_va.map(load_and_preprocess_image, num_parallel_calls=autotune)
    vote_ds_va = tf.data.Dataset.from_tensor_slices(tf.cast(votes_va, tf.float32))
    valid_pipe = tf.data.Dataset.zip((img_ds_va, vote_ds_va))
    valid_pipe = valid_pipe.batch(batch_size)

    return train_pipe, valid_pipe, ids_tr.shape, ids_va.shape


###############################################################################
# network
def layer(inp, filters, size, stride, apply_batchnorm=True):
    """conv -> (batchnorm) -> selu"""
    y = keras.layers.Conv2D(filters, kernel_size=size, strides=stride, padding='same')(inp)
    if apply_batchnorm:
        y = keras.layers.BatchNormalization()(y)
    return keras.layers.Activation('selu')(y)


def downsample(inp, filters, apply_batchnorm=True):
    """1x1 conv to `filters` channels, then halve the resolution"""
    y = keras.layers.Conv2D(filters, kernel_size=1, strides=1, padding='same')(inp)
    if apply_batchnorm:
        y = keras.layers.BatchNormalization()(y)
    y = keras.layers.Activation('selu')(y)
    return keras.layers.AveragePooling2D()(y)


def denseBlock(inp, filters, size, apply_batchnorm=True):
    """three densely connected conv layers followed by a transition"""
    a = layer(inp, filters=filters, size=size, stride=1, apply_batchnorm=apply_batchnorm)
    b = layer(keras.layers.Concatenate()([inp, a]), filters=filters, size=size, stride=1, apply_batchnorm=apply_batchnorm)
    c = layer(keras.layers.Concatenate()([inp, a, b]), filters=filters, size=size, stride=1, apply_batchnorm=apply_batchnorm)
    return downsample(c, filters=filters, apply_batchnorm=apply_batchnorm)


def simpleBlock(inp, filters, size, stride, apply_batchnorm=True, apply_dropout=True):
    """plain alternative block, kept for experiments"""
    y = keras.layers.Conv2D(filters, kernel_size=size, strides=stride, padding='same')(inp)
    y = keras.layers.Activation('selu')(y)
    if apply_batchnorm:
        y = keras.layers.BatchNormalization()(y)
    if apply_dropout:
        y = keras.layers.Dropout(0.25)(y)
    return keras.layers.AveragePooling2D()(y)


def convNet():
    img_in = keras.layers.Input(shape=(image_size, image_size, num_channels), dtype=tf.float16)

    y = denseBlock(img_in, filters=8, size=3, apply_batchnorm=False)
    y = denseBlock(y, filters=16, size=3, apply_batchnorm=True)
    y = denseBlock(y, filters=32, size=3, apply_batchnorm=True)
    y = denseBlock(y, filters=64, size=3, apply_batchnorm=True)
    y = denseBlock(y, filters=128, size=3, apply_batchnorm=True)

    y = keras.layers.GlobalAveragePooling2D()(y)
    y = keras.layers.Dense(output_options, activation='sigmoid')(y)
    return keras.Model(inputs=img_in, outputs=y, name='classifier')


###############################################################################
# training
train_pipe, valid_pipe, tr_shape, va_shape = preprocess(trainingCsv)

classifier = convNet()
classifier.summary()
classifier.compile(
    optimizer=tf.keras.optimizers.Adam(learning_rate=learnRate),
    loss=tf.keras.losses.MeanSquaredError(),
    metrics=[tf.keras.metrics.RootMeanSquaredError(), 'accuracy'],
)

# point this at a saved checkpoint to skip training
resume_from = None
if resume_from != None:
    classifier.built = True
    classifier.load_weights(resume_from)
    print("Checkpoint restored, training skipped.")


class EveryKCallback(keras.callbacks.Callback):
    def __init__(self, epoch_interval=epoch_interval):
        self.epoch_interval = epoch_interval

    def on_epoch_begin(self, epoch, logs=None):
        if ((epoch % self.epoch_interval) == 0):
            self.model.save_weights("ckpts/ckpt" + str(epoch), overwrite=True, save_format='h5')


history = classifier.fit(
    train_pipe,
    epochs=epochs,
    verbose=1,
    callbacks=[EveryKCallback(epoch_interval=2)],
    shuffle=False,
    steps_per_epoch=tr_shape[0] // batch_size,
    validation_steps=va_shape[0] // batch_size,
    validation_data=valid_pipe,
)

classifier.save_weights("ckpts/finished", overwrite=True, save_format='h5')
classifier.save('network', overwrite=True)


def visualize_loss(hist, title):
    tr = hist.history["loss"]
    va = hist.history["val_loss"]
    xs = range(len(tr))
    plt.figure()
    plt.plot(xs, tr, "b", label="Training loss")
    plt.plot(xs, va, "r", label="Validation loss")
    plt.title(title)
    plt.xlabel("Epochs")
    plt.ylabel("Loss")
    plt.legend()
    plt.savefig('trainingHistory.png', dpi=600)


visualize_loss(history, "Training and Validation Loss")
