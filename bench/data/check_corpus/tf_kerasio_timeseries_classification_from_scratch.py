# source: https://github.com/keras-team/keras-io/blob/02cfaa2fc681064105deb460bde3a5f5e4e0e817/examples/timeseries/timeseries_classification_from_scratch.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
"""Engine-noise fault detection (FordA, UCR archive) with a fully convolutional 1-D network.

FordA: 3601 training and 1320 test series of length 500, two balanced classes, label in column 0.
"""

import tensorflow as tf
from tensorflow import keras
import numpy as np
import matplotlib.pyplot as plt
from sklearn.metrics import accuracy_score


def load_ucr_tsv(path):
    raw_data = np.loadtxt(path, delimiter="\t")
    y = raw_data[:, 0]
    x = raw_data[:, 1:]
    return x, y.astype(int)


UCR_BASE = "https://raw.githubusercontent.com/hfawaz/cd-diagram/master/FordA/"
train_series, train_labels = load_ucr_tsv(UCR_BASE + "FordA_TRAIN.tsv")
test_series, test_labels = load_ucr_tsv(UCR_BASE + "FordA_TEST.tsv")

# one example series per class
class_ids = np.unique(np.concatenate((train_labels, test_labels), axis=0))
plt.figure()
for cid in class_ids:
    plt.plot(train_series[train_labels == cid][0], label=f"class {cid}")
plt.legend(loc="best")
plt.show()
plt.close()

# the series are already z-normalised; add a channel axis so the model also fits multivariate data
train_series = train_series.reshape((train_series.shape[0], train_series.shape[1], 1))
test_series = test_series.reshape((test_series.shape[0], test_series.shape[1], 1))

n_classes = len(np.unique(train_labels))

# shuffle before fit() takes its validation_split from the end
order = np.random.permutation(len(train_series))
train_series = train_series[order]
train_labels = train_labels[order]

# classes are -1 / 1 in the files; sparse cross-entropy wants 0 / 1
train_labels[train_labels == -1] = 0
test_labels[test_labels == -1] = 0


def build_fcn(shape):
    """Three conv-BN-ReLU blocks, global average pooling, softmax (Wang et al., 2016)."""
    series_in = keras.layers.Input(shape)

    h1 = keras.layers.Conv1D(padding="same", filters=64, kernel_size=3)(series_in)
    h1 = keras.layers.BatchNormalization()(h1)
    h1 = keras.layers.ReLU()(h1)

    h2 = keras.layers.Conv1D(padding="same", filters=64, kernel_size=3)(h1)
    h2 = keras.layers.BatchNormalization()(h2)
    h2 = keras.layers.ReLU()(h2)

    h3 = keras.layers.Conv1D(padding="same", filters=64, kernel_size=3)(h2)
    h3 = keras.layers.BatchNormalization()(h3)
    h3 = keras.layers.ReLU()(h3)

    pooled = keras.layers.GlobalAveragePooling1D()(h3)

    probs = keras.layers.Dense(n_classes, activation="softmax")(pooled)

    return keras.models.Model(inputs=series_in, outputs=probs)


fcn_model = build_fcn(shape=train_series.shape[1:])
keras.utils.plot_model(fcn_model, show_shapes=True)

N_EPOCHS = 500
BATCH = 32

hooks = [
    keras.callbacks.ModelCheckpoint("forda_best.h5", monitor="val_loss", save_best_only=True),
    keras.callbacks.ReduceLROnPlateau(monitor="val_loss", patience=20, factor=0.5, min_lr=0.0001),
    keras.callbacks.EarlyStopping(monitor="val_loss", verbose=1, patience=50),
]
fcn_model.compile(
    loss="sparse_categorical_crossentropy", optimizer="adam", metrics=["accuracy"]
)
history = fcn_model.fit(
    train_series,
    train_labels,
    epochs=N_EPOCHS,
    batch_size=BATCH,
    validation_split=0.2,
    callbacks=hooks,
    verbose=1,
)

# ---- held-out accuracy of the best checkpoint ----
fcn_model = keras.models.load_model("forda_best.h5")
predicted = fcn_model.predict(test_series).argmax(axis=1)
print("held-out accuracy:", accuracy_score(predicted, test_labels))

plt.figure()
plt.plot(history.history["accuracy"])
plt.plot(history.history["val_accuracy"])
plt.title("accuracy per epoch")
plt.xlabel("epochs", fontsize="large")
plt.ylabel("accuracy", fontsize="large")
plt.legend(["train", "validation"], loc="best")
plt.show()
plt.close()
