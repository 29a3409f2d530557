# libraries
import json
import numpy as np
from sklearn.model_selection import train_test_split
import tensorflow.keras as keras
import matplotlib.pyplot as plt

FEATURES_JSON = "model-inputs.json"


def read_mfcc_dataset(json_path):

    # read the json written by the feature step
    with open(json_path, "r") as handle:
        data_dict = json.load(handle)

    # nested lists -> arrays
    X = np.array(data_dict["mfcc"])
    y = np.array(data_dict["labels"])
    n_genres = len(data_dict["mapping"])

    print("MFCC features read")
    return X, y, n_genres


def draw_curves(fit_log):

    fig, panels = plt.subplots(2)

    # top panel: accuracy
    panels[0].plot(fit_log.history['accuracy'], label="fit acc")
    panels[0].plot(fit_log.history['val_accuracy'], label="held-out acc")
    panels[0].set_ylabel('Accuracy')
    panels[0].legend(loc='lower right')
    panels[0].set_title('MLP on MFCC frames: accuracy')

    # bottom panel: loss
    panels[1].plot(fit_log.history['loss'], label="fit loss")
    panels[1].plot(fit_log.history['val_loss'], label="held-out loss")
    panels[1].set_ylabel('Error')
    panels[1].set_xlabel('Epoch')
    panels[1].legend(loc='upper right')
    panels[1].set_title('MLP on MFCC frames: loss')

    plt.show()


if __name__ == "__main__":

    # features and labels
    X, y, n_genres = read_mfcc_dataset(FEATURES_JSON)

    # hold out 30 percent
    train_X, test_X, train_y, test_y = train_test_split(X, y, test_size=0.3)

    # dense network on flattened MFCC frames
    genre_model = keras.Sequential([
        # flatten frames x coefficients
        keras.layers.Flatten(input_shape=(X.shape[1], X.shape[2])),

        # first dense block
        keras.layers.Dense(512, activation="relu",
                           kernel_regularizer=keras.regularizers.l2(0.001)),
        keras.layers.Dropout(0.3),

        # second dense block
        keras.layers.Dense(256, activation="relu",
                           kernel_regularizer=keras.regularizers.l2(0.001)),
        keras.layers.Dropout(0.3),

        # third dense block
        keras.layers.Dense(64, activation="relu",
                           kernel_regularizer=keras.regularizers.l2(0.001)),
        keras.layers.Dropout(0.3),

        # one unit per genre
        keras.layers.Dense(n_genres, activation="softmax")
    ])

    # optimiser and loss
    adam = keras.optimizers.Adam(learning_rate=0.0001)
    genre_model.compile(optimizer=adam,
                  loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    genre_model.summary()

    # fit on the arrays
    fit_log = genre_model.fit(train_X, train_y,
                        validation_data=(test_X, test_y),
                        batch_size=32,
                        epochs=50
                        )

    # draw the curves
    draw_curves(fit_log)
