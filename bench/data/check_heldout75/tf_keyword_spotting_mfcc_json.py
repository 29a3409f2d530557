import json
import numpy as np
import tensorflow as tf
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split

JSON_FILE = "data.json"
MODEL_OUT = "model.h5"
N_EPOCHS = 40
BS = 32
WAIT = 5
LR = 0.0001


def read_features(json_file):
    """Read the MFCC table from the json file.

    :param json_file (str): where the features were written
    :return feats (ndarray): MFCC inputs
    :return tgts (ndarray): class ids

    """
    with open(json_file, "r") as fh:
        table = json.load(fh)

    feats = np.array(table["MFCCs"])
    tgts = np.array(table["labels"])
    print("features read")
    return feats, tgts


def make_splits(json_file, test_size=0.2, validation_size=0.2):
    """Split into train, validation and test parts.

    :param json_file (str): where the features were written
    :param test_size (float): share kept for the final test
    :param validation_size (float): share of the remainder used for validation

    :return f_tr (ndarray): train inputs
    :return t_tr (ndarray): train targets
    :return f_va (ndarray): validation inputs
    :return t_va (ndarray): validation targets
    :return f_te (ndarray): test inputs
    :return t_te (ndarray): test targets
    """

    # read everything
    feats, tgts = read_features(json_file)

    # three-way split
    f_tr, f_te, t_tr, t_te = train_test_split(feats, tgts, test_size=test_size)
    f_tr, f_va, t_tr, t_va = train_test_split(f_tr, t_tr, test_size=validation_size)

    # add a channel axis
    f_tr = f_tr[..., np.newaxis]
    f_te = f_te[..., np.newaxis]
    f_va = f_va[..., np.newaxis]

    return f_tr, t_tr, f_va, t_va, f_te, t_te


def make_cnn(in_shape, loss="sparse_categorical_crossentropy", learning_rate=0.0001):
    """Small CNN over MFCC patches.

    :param in_shape (tuple): shape of one sample, e.g. (44, 13, 1)
    :param loss (str): loss name
    :param learning_rate (float):

    :return net: compiled Keras model
    """

    # convolutional stack
    net = tf.keras.models.Sequential()

    # block one
    net.add(tf.keras.layers.Conv2D(64, (3, 3), activation='relu', input_shape=in_shape,
                                     kernel_regularizer=tf.keras.regularizers.l2(0.001)))
    net.add(tf.keras.layers.BatchNormalization())
    net.add(tf.keras.layers.MaxPooling2D((3, 3), strides=(2,2), padding='same'))

    # block two
    net.add(tf.keras.layers.Conv2D(32, (3, 3), activation='relu',
                                     kernel_regularizer=tf.keras.regularizers.l2(0.001)))
    net.add(tf.keras.layers.BatchNormalization())
    net.add(tf.keras.layers.MaxPooling2D((3, 3), strides=(2,2), padding='same'))

    # block three
    net.add(tf.keras.layers.Conv2D(32, (2, 2), activation='relu',
                                     kernel_regularizer=tf.keras.regularizers.l2(0.001)))
    net.add(tf.keras.layers.BatchNormalization())
    net.add(tf.keras.layers.MaxPooling2D((2, 2), strides=(2,2), padding='same'))

    # flatten into a small dense head
    net.add(tf.keras.layers.Flatten())
    net.add(tf.keras.layers.Dense(64, activation='relu'))
    tf.keras.layers.Dropout(0.3)

    # class probabilities
    net.add(tf.keras.layers.Dense(10, activation='softmax'))

    opt = tf.optimizers.Adam(learning_rate=learning_rate)

    # compile
    net.compile(optimizer=opt,
                  loss=loss,
                  metrics=["accuracy"])

    # layer table
    net.summary()

    return net


def fit(net, epochs, batch_size, patience, f_tr, t_tr, f_va, t_va):
    """Fit the network.

    :param epochs (int): passes over the data
    :param batch_size (int): samples per step
    :param patience (int): epochs without gain before stopping
    :param f_tr (ndarray): train inputs
    :param t_tr (ndarray): train targets
    :param f_va (ndarray): validation inputs
    :param t_va (ndarray): validation targets

    :return log: Keras history
    """

    stop_cb = tf.keras.callbacks.EarlyStopping(monitor="accuracy", min_delta=0.001, patience=patience)

    # fit
    log = net.fit(f_tr,
                        t_tr,
                        epochs=epochs,
                        batch_size=batch_size,
                        validation_data=(f_va, t_va),
                        callbacks=[stop_cb])
    return log


def show_curves(log):
    """Plot accuracy and loss per epoch for train and validation

    :param log: Keras history
    :return:
    """

    fig, ax = plt.subplots(2)

    # accuracy panel
    ax[0].plot(log.history["accuracy"], label="accuracy")
    ax[0].plot(log.history['val_accuracy'], label="val_accuracy")
    ax[0].set_ylabel("Accuracy")
    ax[0].legend(loc="lower right")
    ax[0].set_title("Accuracy per epoch")

    # loss panel
    ax[1].plot(log.history["loss"], label="loss")
    ax[1].plot(log.history['val_loss'], label="val_loss")
    ax[1].set_xlabel("Epoch")
    ax[1].set_ylabel("Loss")
    ax[1].legend(loc="upper right")
    ax[1].set_title("Loss per epoch")

    plt.show()


def main():
    # splits
    f_tr, t_tr, f_va, t_va, f_te, t_te = make_splits(JSON_FILE)

    # model
    in_shape = (f_tr.shape[1], f_tr.shape[2], 1)
    net = make_cnn(in_shape, learning_rate=LR)

    # training
    log = fit(net, N_EPOCHS, BS, WAIT, f_tr, t_tr, f_va, t_va)

    # curves
    show_curves(log)

    # held-out score
    te_loss, te_acc = net.evaluate(f_te, t_te)
    print("\nTest loss: {}, test accuracy: {}".format(te_loss, 100*te_acc))

    # write the model
    net.save(MODEL_OUT)


if __name__ == "__main__":
    main()
