"""
## Packages and the captcha file list
"""

import os
import numpy as np
import matplotlib.pyplot as plt

from pathlib import Path

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

# folder with the captcha png files
captcha_root = Path("./captcha_images/")

# list the files; the text is the file name
png_files = sorted(list(map(str, list(captcha_root.glob("*.png")))))
png_texts = [p.split(os.path.sep)[-1].split(".png")[0] for p in png_files]
alphabet = sorted(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f',
                    'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z'])


print("png files: ", len(png_files))
print("texts: ", len(png_texts))
print("alphabet size: ", len(alphabet))
print("alphabet: ", alphabet)

# settings
bs = 16
width_px = 200
height_px = 50

# the two conv blocks each halve the size with a pool,
# so the sequence axis ends up four times shorter
# than the input width; the reshape below
# relies on this factor
# of four.
shrink = 4

# longest text among the captchas
longest_text = max([len(t) for t in png_texts])


"""
## Text <-> ids
"""


# characters to ids
to_ids = layers.StringLookup(vocabulary=list(alphabet), mask_token=None)

# ids back to characters
to_chars = layers.StringLookup(
    vocabulary=to_ids.get_vocabulary(), mask_token=None, invert=True
)


def holdout_split(paths, texts, frac=0.9, mix=True):
    # a. how many samples
    n = len(paths)
    # b. an index array, shuffled on request
    order = np.arange(n)
    if mix:
        np.random.shuffle(order)
    # c. how many go to training
    n_fit = int(n * frac)
    # d. cut both arrays by the index
    fit_paths, fit_texts = paths[order[:n_fit]
                              ], texts[order[:n_fit]]
    hold_paths, hold_texts = paths[order[n_fit:]
                              ], texts[order[n_fit:]]
    return fit_paths, hold_paths, fit_texts, hold_texts


# split the path and text arrays
fit_paths, hold_paths, fit_texts, hold_texts = holdout_split(
    np.array(png_files), np.array(png_texts))


def read_one(path, text):
    # a. raw bytes
    pix = tf.io.read_file(path)
    # b. decode as one channel
    pix = tf.io.decode_png(pix, channels=1)
    # c. float32 in [0, 1]
    pix = tf.image.convert_image_dtype(pix, tf.float32)
    # d. fixed size
    pix = tf.image.resize(pix, [height_px, width_px])
    # e. put the width first so it acts as
    # the time axis
    pix = tf.transpose(pix, perm=[1, 0, 2])
    # f. text to ids
    text = to_ids(tf.strings.unicode_split(
        text, input_encoding="UTF-8"))
    # g. a dict, since the model has two inputs
    return {"image": pix, "label": text}


"""
## tf.data pipelines
"""


fit_ds = tf.data.Dataset.from_tensor_slices((fit_paths, fit_texts))
fit_ds = (
    fit_ds.map(read_one,
                      num_parallel_calls=tf.data.AUTOTUNE)
    .batch(bs)
    .prefetch(buffer_size=tf.data.AUTOTUNE)
)

hold_ds = tf.data.Dataset.from_tensor_slices((hold_paths, hold_texts))
hold_ds = (
    hold_ds.map(read_one,
                           num_parallel_calls=tf.data.AUTOTUNE)
    .batch(bs)
    .prefetch(buffer_size=tf.data.AUTOTUNE)
)

"""
## Look at one batch
"""


_, grid = plt.subplots(4, 4, figsize=(10, 5))
for b in fit_ds.take(1):
    pics = b["image"]
    ids = b["label"]
    for k in range(16):
        pic = (pics[k] * 255).numpy().astype("uint8")
        txt = tf.strings.reduce_join(
            to_chars(ids[k])).numpy().decode("utf-8")
        grid[k // 4, k % 4].imshow(pic[:, :, 0].T, cmap="gray")
        grid[k // 4, k % 4].set_title(txt)
        grid[k // 4, k % 4].axis("off")
plt.show()

"""
## Network
"""


class CtcEndpoint(layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.ctc = keras.backend.ctc_batch_cost

    def call(self, y_true, y_pred):
        # work out the CTC loss of the batch and register it
        # with self.add_loss().
        n_rows = tf.cast(tf.shape(y_true)[0], dtype="int64")
        t_len = tf.cast(tf.shape(y_pred)[1], dtype="int64")
        y_len = tf.cast(tf.shape(y_true)[1], dtype="int64")

        t_len = t_len * tf.ones(shape=(n_rows, 1), dtype="int64")
        y_len = y_len * tf.ones(shape=(n_rows, 1), dtype="int64")

        ctc_val = self.ctc(y_true, y_pred, t_len, y_len)
        self.add_loss(ctc_val)

        # the predictions pass through unchanged
        return y_pred


def make_net():
    # the two inputs
    pic_in = layers.Input(
        shape=(width_px, height_px, 1), name="image", dtype="float32"
    )
    ids_in = layers.Input(name="label", shape=(None,), dtype="float32")

    # conv block one
    h = layers.Conv2D(
        32,
        (3, 3),
        activation="relu",
        kernel_initializer="he_normal",
        padding="same",
        name="Conv1",
    )(pic_in)
    h = layers.MaxPooling2D((2, 2), name="pool1")(h)

    # conv block two
    h = layers.Conv2D(
        64,
        (3, 3),
        activation="relu",
        kernel_initializer="he_normal",
        padding="same",
        name="Conv2",
    )(h)
    h = layers.MaxPooling2D((2, 2), name="pool2")(h)

    # two pools of stride 2: the maps are a quarter of
    # the input in each direction, with 64 filters;
    # fold height and channels together for
    # the recurrent part
    seq_shape = ((width_px // 4), (height_px // 4) * 64)
    h = layers.Reshape(target_shape=seq_shape, name="reshape")(h)
    h = layers.Dense(64, activation="relu", name="dense1")(h)
    h = layers.Dropout(0.2)(h)

    # recurrent layers
    h = layers.Bidirectional(layers.LSTM(128, return_sequences=True, dropout=0.25))(h)
    h = layers.Bidirectional(layers.LSTM(64, return_sequences=True, dropout=0.25))(h)

    # per-step class scores
    h = layers.Dense(
        len(to_ids.get_vocabulary()) + 1, activation="softmax", name="dense2"
    )(h)

    # the CTC endpoint adds the loss
    out = CtcEndpoint(name="ctc_loss")(ids_in, h)

    # assemble
    net = keras.models.Model(
        inputs=[pic_in, ids_in], outputs=out, name="captcha_reader"
    )
    # optimiser
    adam = keras.optimizers.Adam()
    # compile and hand back
    net.compile(optimizer=adam)
    return net


# build it
net = make_net()
net.summary()

"""
## Fit
"""


n_epochs = 100
patience = 10
# stop early on the validation loss
stopper = keras.callbacks.EarlyStopping(
    monitor="val_loss", patience=patience, restore_best_weights=True
)

# fit
hist = net.fit(
    fit_ds,
    validation_data=hold_ds,
    epochs=n_epochs,
    callbacks=[stopper],
)

# save
net.save('captcha_reader_saved')

"""
## Predict
"""


# inference model: image input to the softmax layer
reader = keras.models.Model(
    net.get_layer(name="image").input, net.get_layer(name="dense2").output
)
reader.summary()

# turn network output into strings
def greedy_texts(scores):
    lens = np.ones(scores.shape[0]) * scores.shape[1]
    # greedy decoding; beam search would also work
    best = keras.backend.ctc_decode(scores, input_length=lens, greedy=True)[0][0][
        :, :longest_text
    ]
    # ids to text
    texts_out = []
    for row in best:
        row = tf.strings.reduce_join(to_chars(row)).numpy().decode("utf-8")
        texts_out.append(row)
    return texts_out


# show a few held-out predictions
for b in hold_ds.take(1):
    b_pics = b["image"]
    b_ids = b["label"]

    scores = reader.predict(b_pics)
    guessed = greedy_texts(scores)

    truth = []
    for row in b_ids:
        row = tf.strings.reduce_join(
            to_chars(row)).numpy().decode("utf-8")
        truth.append(row)

    _, grid = plt.subplots(4, 4, figsize=(15, 5))
    for k in range(len(guessed)):
        pic = (b_pics[k, :, :, 0] * 255).numpy().astype(np.uint8)
        pic = pic.T
        head = f"Guess: {guessed[k]}"
        grid[k // 4, k % 4].imshow(pic, cmap="gray")
        grid[k // 4, k % 4].set_title(head)
        grid[k // 4, k % 4].axis("off")
plt.show()
