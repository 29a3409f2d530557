# Galaxy Zoo: regress the 37 crowd-vote fractions describing each galaxy
# image, using a compact DenseNet-like convolutional network.
# The project files for settings, network and tf.data input are merged here.
# project are collected in this one file.

###############################################################################
# run settings
SEED_VAL = 7
IMAGE_DIR = "galaxy-zoo-the-galaxy-challenge/images_training_rev1/"
LABELS_CSV = "galaxy-zoo-the-galaxy-challenge/training_solutions_rev1/training_solutions_rev1.csv"
CKPT_DIR = "ckpts/"
BATCH_N = 64
IMG_SIDE = 424  # the jpgs are stored at this size
DO_AUGMENT = False
SHUFFLE_BUF = 1000
N_CHANNELS = 3
N_OUTPUTS = 37
LR0 = 0.002
N_EPOCHS = 100
SAVE_EVERY = 5

###############################################################################
# libraries
from sklearn.model_selection import train_test_split
import pandas as pd
import tensorflow as tf
from tensorflow import keras
import matplotlib.pyplot as plt

AUTO = tf.data.experimental.AUTOTUNE
tf.random.set_seed(SEED_VAL)
keras.mixed_precision.set_global_policy('mixed_float16')


###############################################################################
# tf.data input: only ids and labels are held, each jpg is decoded when needed
def decode_image(jpg_bytes, flip=False):
    image_t = tf.image.decode_jpeg(jpg_bytes, channels=3)
    image_t = tf.image.resize_with_crop_or_pad(image_t, IMG_SIDE, IMG_SIDE)
    if flip:
        image_t = tf.image.random_flip_left_right(image_t)
        image_t = tf.image.random_flip_up_down(image_t)
    image_t /= 255  # scale pixels to 0..1

    return image_t


def read_galaxy_image(gid):
    image_path = IMAGE_DIR + gid + '.jpg'
    jpg_bytes = tf.io.read_file(image_path)
    return decode_image(jpg_bytes, flip=DO_AUGMENT)


def build_pipelines(labels_path, val_share=0.2):
    frame = pd.read_csv(labels_path)

    (train_ids, val_ids, train_votes, val_votes) = train_test_split(
        frame.values[:, 0].astype(int).astype(str),
        frame.values[:, 1:],
        test_size=val_share,
        random_state=SEED_VAL
    )
    # *_ids are galaxy ids; *_votes are the 37 answer fractions per galaxy

    ids_train_data = tf.data.Dataset.from_tensor_slices(train_ids)
    train_image_data = ids_train_data.map(read_galaxy_image, num_parallel_calls=AUTO)
    train_label_data = tf.data.Dataset.from_tensor_slices(tf.cast(train_votes, tf.float32))
    train_dataset = tf.data.Dataset.zip((train_image_data, train_label_data))
    train_dataset = train_dataset.apply(
        tf.data.experimental.shuffle_and_repeat(buffer_size=SHUFFLE_BUF)
    )
    train_dataset = train_dataset.batch(BATCH_N)
    val_id_data = tf.data.Dataset.from_tensor_slices(val_ids)
    val_image_data = val_id_data.map(read_galaxy_image, num_parallel_calls=AUTO)
    val_label_data = tf.data.Dataset.from_tensor_slices(tf.cast(val_votes, tf.float32))
    val_dataset = tf.data.Dataset.zip((val_image_data, val_label_data))
    val_dataset = val_dataset.batch(BATCH_N)

    return train_dataset, val_dataset, train_ids.shape, val_ids.shape


###############################################################################
# building blocks and model
def conv_bn_selu(x_in, n_filters, ksize, step, use_bn=True):
    """convolution, optional batch norm, SELU"""
    h = keras.layers.Conv2D(n_filters, kernel_size=ksize, strides=step, padding='same')(x_in)
    if use_bn:
        h = keras.layers.BatchNormalization()(h)
    return keras.layers.Activation('selu')(h)


def transition(x_in, n_filters, use_bn=True):
    """pointwise conv to n_filters channels followed by 2x average pooling"""
    h = keras.layers.Conv2D(n_filters, kernel_size=1, strides=1, padding='same')(x_in)
    if use_bn:
        h = keras.layers.BatchNormalization()(h)
    h = keras.layers.Activation('selu')(h)
    return keras.layers.AveragePooling2D()(h)


def dense_unit(x_in, n_filters, ksize, use_bn=True):
    """three convs, each seeing all earlier outputs, then a transition"""
    f1 = conv_bn_selu(x_in, n_filters=n_filters, ksize=ksize, step=1, use_bn=use_bn)
    f2 = conv_bn_selu(keras.layers.Concatenate()([x_in, f1]), n_filters=n_filters, ksize=ksize, step=1, use_bn=use_bn)
    f3 = conv_bn_selu(keras.layers.Concatenate()([x_in, f1, f2]), n_filters=n_filters, ksize=ksize, step=1, use_bn=use_bn)
    return transition(f3, n_filters=n_filters, use_bn=use_bn)


def plain_unit(x_in, n_filters, ksize, step, use_bn=True, use_dropout=True):
    """non-dense variant of the block (unused)"""
    h = keras.layers.Conv2D(n_filters, kernel_size=ksize, strides=step, padding='same')(x_in)
    h = keras.layers.Activation('selu')(h)
    if use_bn:
        h = keras.layers.BatchNormalization()(h)
    if use_dropout:
        h = keras.layers.Dropout(0.25)(h)
    return keras.layers.AveragePooling2D()(h)


def build_densenet():
    image_input = keras.layers.Input(shape=(IMG_SIDE, IMG_SIDE, N_CHANNELS), dtype=tf.float16)

    h = dense_unit(image_input, n_filters=8, ksize=3, use_bn=False)
    h = dense_unit(h, n_filters=16, ksize=3, use_bn=True)
    h = dense_unit(h, n_filters=32, ksize=3, use_bn=True)
    h = dense_unit(h, n_filters=64, ksize=3, use_bn=True)
    h = dense_unit(h, n_filters=128, ksize=3, use_bn=True)

    h = keras.layers.GlobalAveragePooling2D()(h)
    h = keras.layers.Dense(N_OUTPUTS, activation='sigmoid')(h)
    return keras.Model(inputs=image_input, outputs=h, name='classifier')


###############################################################################
# fitting
train_dataset, val_dataset, train_shape, val_shape = build_pipelines(LABELS_CSV)

galaxy_model = build_densenet()
galaxy_model.summary()
galaxy_model.compile(
    optimizer=tf.keras.optimizers.Adam(learning_rate=LR0),
    loss=tf.keras.losses.MeanSquaredError(),
    metrics=[tf.keras.metrics.RootMeanSquaredError(), 'accuracy'],
)

# set to a weights file to load it instead of starting fresh
restore_path = None
if restore_path != None:
    galaxy_model.built = True
    galaxy_model.load_weights(restore_path)
    print("weights loaded from restore_path; no fitting needed")


class PeriodicSaver(keras.callbacks.Callback):
    def __init__(self, every=SAVE_EVERY):
        self.every = every

    def on_epoch_begin(self, epoch, logs=None):
        if ((epoch % self.every) == 0):
            self.model.save_weights("ckpts/ckpt" + str(epoch), overwrite=True, save_format='h5')


fit_history = galaxy_model.fit(
    train_dataset,
    epochs=N_EPOCHS,
    verbose=1,
    callbacks=[PeriodicSaver(every=2)],
    shuffle=False,
    steps_per_epoch=train_shape[0] // BATCH_N,
    validation_steps=val_shape[0] // BATCH_N,
    validation_data=val_dataset,
)

galaxy_model.save_weights("ckpts/finished", overwrite=True, save_format='h5')
galaxy_model.save('network', overwrite=True)


def plot_loss_curves(hist_obj, caption):
    train_curve = hist_obj.history["loss"]
    val_curve = hist_obj.history["val_loss"]
    epochs_axis = range(len(train_curve))
    plt.figure()
    plt.plot(epochs_axis, train_curve, "b", label="train")
    plt.plot(epochs_axis, val_curve, "r", label="val")
    plt.title(caption)
    plt.xlabel("epoch")
    plt.ylabel("MSE")
    plt.legend()
    plt.savefig('trainingHistory.png', dpi=600)


plot_loss_curves(fit_history, "loss per epoch")
