import os
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras.layers import StringLookup
import matplotlib.pyplot as plt
import pickle
import re


root = "/content/data"
rows = []
with open(f"{root}/words.txt", "r") as fh:
    for ln in fh:
        if ln[0] != "#" and ln.split(" ")[1] != "err":
            rows.append(ln.strip())

np.random.shuffle(rows)

cut = int(0.8 * len(rows))
fit_rows = rows[:cut]
rest_rows = rows[cut:]
half = int(0.5 * len(rest_rows))
hold_rows = rest_rows[:half]
eval_rows = rest_rows[half:]

assert len(rows) == len(fit_rows) + len(hold_rows) + len(eval_rows)

print(f"fit rows: {len(fit_rows)}")
print(f"held-out rows: {len(hold_rows)}")
print(f"test rows: {len(eval_rows)}")

words_dir = os.path.join(root, "words")

def paths_and_rows(rs):
    paths, kept = [], []
    for ln in rs:
        fields = ln.split(" ")
        stem = fields[0]
        a, b = stem.split("-")[:2]
        p = os.path.join(words_dir, a, f"{a}-{b}", f"{stem}.png")
        if os.path.exists(p) and os.path.getsize(p) > 0:
            paths.append(p)
            kept.append(ln)
    return paths, kept

fit_paths, fit_rows_kept = paths_and_rows(fit_rows)
hold_paths, hold_rows_kept = paths_and_rows(hold_rows)
eval_paths, eval_rows_kept = paths_and_rows(eval_rows)

charset = set()
longest = 0
fit_words = []

for ln in fit_rows_kept:
    w = ln.split(" ")[-1]
    charset.update(w)
    longest = max(longest, len(w))
    fit_words.append(w)

def last_field(rs):
    return [r.split(" ")[-1] for r in rs]

hold_words = last_field(hold_rows_kept)
eval_words = last_field(eval_rows_kept)

with open("/content/drive/MyDrive/Colab Notebooks/characters", "rb") as fh:
    vocab = pickle.load(fh)

to_ids = StringLookup(vocabulary=vocab, mask_token=None)
to_chars = StringLookup(vocabulary=to_ids.get_vocabulary(), mask_token=None, invert=True)

"""**Input pipeline**"""

def fit_and_pad(pic, size):
    w, h = size
    pic = tf.image.resize(pic, size=(h, w), preserve_aspect_ratio=True)
    dh = h - tf.shape(pic)[0]
    dw = w - tf.shape(pic)[1]

    top = dh // 2
    bottom = dh - top
    left = dw // 2
    right = dw - left

    pic = tf.pad(pic, paddings=[[top, bottom], [left, right], [0, 0]])
    pic = tf.transpose(pic, perm=[1, 0, 2])
    pic = tf.image.flip_left_right(pic)
    return pic

W, H = 128, 32
bs = 64
pad_id = 99

def load_pic(path, size=(W, H)):
    pic = tf.io.read_file(path)
    pic = tf.image.decode_png(pic, 1)
    pic = fit_and_pad(pic, size)
    pic = tf.cast(pic, tf.float32) / 255.0
    return pic

def encode_word(word):
    word = to_ids(tf.strings.unicode_split(word, input_encoding="UTF-8"))
    n = tf.shape(word)[0]
    extra = longest - n
    word = tf.pad(word, paddings=[[0, extra]], constant_values=pad_id)
    return word

def to_example(path, word):
    pic = load_pic(path)
    word = encode_word(word)
    return {"image": pic, "label": word}

def build_ds(paths, words):
    ds = tf.data.Dataset.from_tensor_slices((paths, words)).map(to_example, num_parallel_calls=tf.data.AUTOTUNE)
    return ds.batch(bs).cache().prefetch(tf.data.AUTOTUNE)

fit_ds = build_ds(fit_paths, fit_words)
hold_ds = build_ds(hold_paths, hold_words)
eval_ds = build_ds(eval_paths, eval_words)

"""**A look at the data**"""

def show_batch(ds, out_png, n_show=16):
    for b in ds.take(1):
        pics, ids = b["image"], b["label"]
        fig, ax = plt.subplots(4, 4, figsize=(15, 8))
        for k in range(n_show):
            pic = tf.image.flip_left_right(tf.transpose(pics[k], perm=[1, 0, 2]))
            pic = (pic * 255.0).numpy().astype(np.uint8)[:, :, 0]
            row = ids[k]
            txt = tf.strings.reduce_join(to_chars(tf.gather(row, tf.where(tf.math.not_equal(row, pad_id)))))
            ax[k // 4, k % 4].imshow(pic, cmap="gray")
            ax[k // 4, k % 4].set_title(txt.numpy().decode("utf-8"))
            ax[k // 4, k % 4].axis("off")
        plt.savefig(out_png)

show_batch(fit_ds, "fit_batch.png")
show_batch(eval_ds, "test_batch.png")

"""**Network**"""

class CtcOut(keras.layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.ctc = keras.backend.ctc_batch_cost

    def call(self, y_true, y_pred):
        n = tf.cast(tf.shape(y_true)[0], dtype="int64")
        t_len = tf.cast(tf.shape(y_pred)[1], dtype="int64") * tf.ones(shape=(n, 1), dtype="int64")
        y_len = tf.cast(tf.shape(y_true)[1], dtype="int64") * tf.ones(shape=(n, 1), dtype="int64")
        val = self.ctc(y_true, y_pred, t_len, y_len)
        self.add_loss(val)
        return y_pred
def make_net():
    pic_in = keras.Input(shape=(W, H, 1), name="image")
    ids_in = keras.layers.Input(name="label", shape=(None,))

    h = keras.layers.Conv2D(32, (3, 3), activation="relu", padding="same", name="Conv1")(pic_in)
    h = keras.layers.MaxPooling2D((2, 2), name="pool1")(h)
    h = keras.layers.Conv2D(64, (3, 3), activation="relu", padding="same", name="Conv2")(h)
    h = keras.layers.MaxPooling2D((2, 2), name="pool2")(h)

    seq_shape = ((W // 4), (H // 4) * 64)
    h = keras.layers.Reshape(target_shape=seq_shape, name="reshape")(h)
    h = keras.layers.Dense(64, activation="relu", name="dense1")(h)
    h = keras.layers.Dropout(0.2)(h)

    h = keras.layers.Bidirectional(keras.layers.LSTM(128, return_sequences=True, dropout=0.25))(h)
    h = keras.layers.Bidirectional(keras.layers.LSTM(64, return_sequences=True, dropout=0.25))(h)

    out = keras.layers.Dense(len(to_ids.get_vocabulary()) + 1, activation="softmax", name="dense2")(h)
    out = CtcOut(name="ctc_loss")(ids_in, out)

    net = keras.models.Model(inputs=[pic_in, ids_in], outputs=out, name="word_reader")
    adam = keras.optimizers.Adam()
    net.compile(optimizer=adam)
    return net
net = make_net()
net.summary()

"""**Fit**"""

stopper = keras.callbacks.EarlyStopping(monitor="val_loss", patience=10, restore_best_weights=True)


hist = net.fit(
    fit_ds,
    validation_data=hold_ds,
    epochs=100,
    callbacks=[stopper]
)

def plot_curves(hist, out_png):
    plt.figure(figsize=(10, 6))
    plt.plot(hist.history["loss"], label="fit loss")
    plt.plot(hist.history["val_loss"], label="held-out loss")
    plt.title("CTC loss per epoch")
    plt.xlabel("epoch")
    plt.ylabel("loss")
    plt.legend()
    plt.savefig(out_png)

plot_curves(hist, "curves.png")

"""**Reading new words**"""

extra_objs = {"CtcOut": CtcOut}
restored = keras.models.load_model("/content/drive/MyDrive/Colab Notebooks/saved_pred_model.h5", custom_objects=extra_objs)
reader = keras.models.Model(
    inputs=restored.get_layer(name="image").input,
    outputs=restored.get_layer(name="dense2").output
)

read_words = []

def greedy_words(scores):
    lens = np.ones(scores.shape[0]) * scores.shape[1]
    best = keras.backend.ctc_decode(scores, input_length=lens, greedy=True)[0][0][:, :longest]
    words = []
    for row in best:
        row = tf.gather(row, tf.where(tf.math.not_equal(row, -1)))
        row = tf.strings.reduce_join(to_chars(row)).numpy().decode("utf-8")
        words.append(row)
    return words

for b in eval_ds.take(3):
    pics = b["image"]
    print(pics.shape)
    _, ax = plt.subplots(4, 4, figsize=(15, 8))
    scores = reader.predict(pics)
    words = greedy_words(scores)
    read_words.append(words)
    for k in range(16):
        pic = pics[k]
        pic = tf.image.flip_left_right(pic)
        pic = tf.transpose(pic, perm=[1, 0, 2])
        pic = (pic * 255.0).numpy().clip(0, 255).astype(np.uint8)
        pic = pic[:, :, 0]

        head = f"Read: {words[k]}"
        ax[k // 4, k % 4].imshow(pic, cmap="gray")
        ax[k // 4, k % 4].set_title(head)
        ax[k // 4, k % 4].axis("off")
    plt.savefig("read_words.png")
flat = [w for ws in read_words for w in ws]
print(flat)
line = ' '.join(flat)
print(line)

