import cv2
import numpy as np
import os
import tensorflow as tf
from sklearn.model_selection import train_test_split

"""
    class 0: healthy lungs
    class 1: pneumonia
    images from the Kaggle chest-xray-pneumonia set
"""


N_EPOCHS = 10
W = 50
H = 50
N_CLASSES = 2
HOLDOUT = 0.4
TRAIN_DIR = os.path.join("chest_xray", "train")


def main():
    # pixel arrays and class ids for every file
    pics, tags = read_folder(TRAIN_DIR)

    # one-hot targets, then a random split
    tags = tf.keras.utils.to_categorical(tags)
    xa, xb, ya, yb = train_test_split(
        np.array(pics), np.array(tags), test_size=HOLDOUT
    )

    # compiled network
    net = build_net()

    # training
    net.fit(xa, ya, epochs=N_EPOCHS)

    # held-out score
    net.evaluate(xb, yb, verbose=2)

    # write the weights
    net.save("pneumonia.h5")


def read_folder(root):
    """
    Read every picture under `root`.

    `root` holds one sub-folder per class, named 0 .. N_CLASSES - 1, each
    with its image files.

    Returns `(pics, tags)`: `pics` is a list of W x H x 3 arrays and `tags`
    the matching class ids.
    """
    # outputs
    pics = list()
    tags = list()

    # class folders
    for cls in os.listdir(root):
        if cls == ".DS_Store":
            continue

        # folder of this class
        cls_dir = os.path.join(root, str(cls))

        # files of this class
        for fname in os.listdir(cls_dir):
            if fname == ".DS_Store" or not fname.endswith(".jpeg"):
                continue
            # decode
            fpath = os.path.join(cls_dir, fname)
            raw = cv2.imread(fpath)
            if raw is not None:
                shrunk = cv2.resize(raw, (W, H))
                # keep picture and class
                pics.append(shrunk)
                tags.append(cls)

    out = (pics, tags)
    return out


def build_net():
    """
    A compiled small conv net for W x H x 3 inputs with N_CLASSES outputs.
    """
    # layers in order
    net = tf.keras.models.Sequential([

        # conv block
        tf.keras.layers.Conv2D(
            32, (3, 3), activation="relu", input_shape=(W, H, 3)
        ),

        # downsample
        tf.keras.layers.MaxPooling2D(pool_size=(2, 2)),

        # conv block
        tf.keras.layers.Conv2D(
            65, (3, 3), activation="relu", input_shape=(W, H, 3)
        ),

        # downsample
        tf.keras.layers.MaxPooling2D(pool_size=(2, 2)),

        # to a vector
        tf.keras.layers.Flatten(),

        # dense head
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(75, activation="relu"),
        # regularise
        tf.keras.layers.Dropout(0.5),

        # class scores
        tf.keras.layers.Dense(N_CLASSES, activation="softmax")

    ])

    # adam optimiser, accuracy reported
    net.compile(
        optimizer="adam",
        loss="categorical_crossentropy",
        metrics=["accuracy"]
    )

    return net


if __name__ == "__main__":
    main()
