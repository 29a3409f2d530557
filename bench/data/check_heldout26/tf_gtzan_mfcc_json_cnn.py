import json
import numpy as np
from sklearn.model_selection import train_test_split
import tensorflow.keras as keras
import matplotlib.pyplot as plt

# json file with the MFCC matrix and genre label of every segment
MFCC_JSON_PATH = "../../GTZAN_dataset/data_10.json"  # set to your copy

def read_mfcc_data(json_path):
    """Read the whole feature file.

        json_path: the json file written by the feature extraction step
        returns X (inputs)
        returns y (genre labels)
    """

    with open(json_path, "r") as fp:
        loaded = json.load(fp)

    X = np.array(loaded["mfcc"])
    y = np.array(loaded["labels"])
    return X, y


def show_curves(fit_log):
    """Draw accuracy and loss per epoch for train and validation.

        fit_log: the History returned by fit
        returns nothing
    """

    fig, axes = plt.subplots(2)

    # accuracy panel
    axes[0].plot(fit_log.history["accuracy"], label="train accuracy")
    axes[0].plot(fit_log.history["val_accuracy"], label="val accuracy")
    axes[0].set_ylabel("accuracy")
    axes[0].legend(loc="lower right")
    axes[0].set_title("accuracy per epoch")

    # loss panel
    axes[1].plot(fit_log.history["loss"], label="train loss")
    axes[1].plot(fit_log.history["val_loss"], label="val loss")
    axes[1].set_ylabel("loss")
    axes[1].set_xlabel("epoch")
    axes[1].legend(loc="upper right")
    axes[1].set_title("loss per epoch")

    plt.show()


def split_data(test_share, val_share):
    """Read the features and cut them into train, validation and test parts.

    test_share: fraction of all segments kept for testing
    val_share: fraction of the remaining training segments kept for validation

    returns train_X
    returns val_X
    returns test_X
    returns train_y
    returns val_y
    returns test_y
    """

    # features
    X, y = read_mfcc_data(MFCC_JSON_PATH)

    # test split, then validation split
    train_X, test_X, train_y, test_y = train_test_split(X, y, test_size=test_share)
    train_X, val_X, train_y, val_y = train_test_split(train_X, train_y, test_size=val_share)

    # trailing channel axis for Conv2D
    train_X = train_X[..., np.newaxis]
    val_X = val_X[..., np.newaxis]
    test_X = test_X[..., np.newaxis]

    return train_X, val_X, test_X, train_y, val_y, test_y


def build_model(input_shape):
    """Small CNN over the MFCC matrix.

    input_shape: (frames, coefficients, 1)
    returns the uncompiled model
    """

    # layers
    model = keras.Sequential()

    # conv block 1
    model.add(keras.layers.Conv2D(32, (3, 3), activation='relu', input_shape=input_shape))
    model.add(keras.layers.MaxPooling2D((3, 3), strides=(2, 2), padding='same'))
    model.add(keras.layers.BatchNormalization())

    # conv block 2
    model.add(keras.layers.Conv2D(32, (3, 3), activation='relu'))
    model.add(keras.layers.MaxPooling2D((3, 3), strides=(2, 2), padding='same'))
    model.add(keras.layers.BatchNormalization())

    # conv block 3
    model.add(keras.layers.Conv2D(32, (2, 2), activation='relu'))
    model.add(keras.layers.MaxPooling2D((2, 2), strides=(2, 2), padding='same'))
    model.add(keras.layers.BatchNormalization())

    # dense head
    model.add(keras.layers.Flatten())
    model.add(keras.layers.Dense(64, activation='relu'))
    model.add(keras.layers.Dropout(0.3))

    # ten genres
    model.add(keras.layers.Dense(10, activation='softmax'))

    return model


def predict_one(model, X, y):
    """Classify one segment and print the result.

    model: the fitted classifier
    X: one input segment
    y: its genre label
    """

    # predict() wants a batch axis
    X = X[np.newaxis, ...]  # now (1, frames, coefficients, 1)

    # class probabilities
    probs = model.predict(X)

    # most likely class
    pred_label = np.argmax(probs, axis=1)

    print("true label: {}, predicted: {}".format(y, pred_label))


if __name__ == "__main__":

    # the three splits
    train_X, val_X, test_X, train_y, val_y, test_y = split_data(0.25, 0.2)

    # network
    input_shape = (train_X.shape[1], train_X.shape[2], 1)
    model = build_model(input_shape)

    # compile
    optimizer = keras.optimizers.Adam(learning_rate=0.0001)
    model.compile(optimizer=optimizer,
                  loss='sparse_categorical_crossentropy',
                  metrics=['accuracy'])

    model.summary()

    # fit
    fit_log = model.fit(train_X, train_y, validation_data=(val_X, val_y), batch_size=32, epochs=30)

    # curves
    show_curves(fit_log)

    # held-out score
    test_loss, test_acc = model.evaluate(test_X, test_y, verbose=2)
    print('\nheld-out accuracy:', test_acc)

    # one test segment
    one_X = test_X[100]
    one_y = test_y[100]

    # classify it
    predict_one(model, one_X, one_y)


