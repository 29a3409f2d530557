# source: https://github.com/keras-team/keras-io/blob/00bb6a3411d19fa2c28d6413d90fff4fb7424203/examples/vision/captcha_ocr.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os

os.environ["KERAS_BACKEND"] = "tensorflow"

from pathlib import Path

import numpy as np
import tensorflow as tf
import keras
from keras import ops
from keras import layers

folder = Path("./captcha_images_v2/")
paths = sorted(list(map(str, list(folder.glob("*.png")))))
texts = [p.split(os.path.sep)[-1].split(".png")[0] for p in paths]
alphabet = sorted(list(set(ch for t in texts for ch in t)))

batch_size = 16
width = 200
height = 50
longest = max([len(t) for t in texts])

to_ids = layers.StringLookup(vocabulary=list(alphabet), mask_token=None)
to_chars = layers.StringLookup(vocabulary=to_ids.get_vocabulary(), mask_token=None, invert=True)


def split_train_valid(paths, texts, fraction=0.9, shuffle=True):
    n = len(paths)
    order = ops.arange(n)
    if shuffle:
        keras.random.shuffle(order)
    cut = int(n * fraction)
    return paths[order[:cut]], paths[order[cut:]], texts[order[:cut]], texts[order[cut:]]


x_train, x_valid, y_train, y_valid = split_train_valid(np.array(paths), np.array(texts))


def encode_one(path, text):
    img = tf.io.read_file(path)
    img = tf.io.decode_png(img, channels=1)
    img = tf.image.convert_image_dtype(img, tf.float32)
    img = ops.image.resize(img, [height, width])
    img = ops.transpose(img, axes=[1, 0, 2])
    label = to_ids(tf.strings.unicode_split(text, input_encoding="UTF-8"))
    return {"image": img, "label": label}


train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train))
train_ds = train_ds.map(encode_one, num_parallel_calls=tf.data.AUTOTUNE).batch(batch_size).prefetch(buffer_size=tf.data.AUTOTUNE)

valid_ds = tf.data.Dataset.from_tensor_slices((x_valid, y_valid))
valid_ds = valid_ds.map(encode_one, num_parallel_calls=tf.data.AUTOTUNE).batch(batch_size).prefetch(buffer_size=tf.data.AUTOTUNE)


class CTCEndpoint(layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)

    def call(self, y_true, y_pred):
        n = ops.cast(ops.shape(y_true)[0], dtype="int64")
        in_len = ops.cast(ops.shape(y_pred)[1], dtype="int64") * ops.ones(shape=(n, 1), dtype="int64")
        lab_len = ops.cast(ops.shape(y_true)[1], dtype="int64") * ops.ones(shape=(n, 1), dtype="int64")
        self.add_loss(keras.backend.ctc_batch_cost(y_true, y_pred, in_len, lab_len))
        return y_pred


def make_reader():
    pic = layers.Input(shape=(width, height, 1), name="image", dtype="float32")
    lab = layers.Input(name="label", shape=(None,), dtype="float32")
    x = layers.Conv2D(32, (3, 3), activation="relu", kernel_initializer="he_normal", padding="same", name="Conv1")(pic)
    x = layers.MaxPooling2D((2, 2), name="pool1")(x)
    x = layers.Conv2D(64, (3, 3), activation="relu", kernel_initializer="he_normal", padding="same", name="Conv2")(x)
    x = layers.MaxPooling2D((2, 2), name="pool2")(x)
    x = layers.Reshape(target_shape=((width // 4), (height // 4) * 64), name="reshape")(x)
    x = layers.Dense(64, activation="relu", name="dense1")(x)
    x = layers.Dropout(0.2)(x)
    x = layers.Bidirectional(layers.LSTM(128, return_sequences=True, dropout=0.25))(x)
    x = layers.Bidirectional(layers.LSTM(64, return_sequences=True, dropout=0.25))(x)
    x = layers.Dense(len(to_ids.get_vocabulary()) + 1, activation="softmax", name="dense2")(x)
    out = CTCEndpoint(name="ctc_loss")(lab, x)
    reader = keras.models.Model(inputs=[pic, lab], outputs=out, name="ocr_model_v1")
    reader.compile(optimizer=keras.optimizers.Adam())
    return reader


reader = make_reader()
stopper = keras.callbacks.EarlyStopping(monitor="val_loss", patience=10, restore_best_weights=True)
history = reader.fit(train_ds, validation_data=valid_ds, epochs=100, callbacks=[stopper])

predictor = keras.models.Model(reader.input[0], reader.get_layer(name="dense2").output)
for batch in valid_ds.take(1):
    preds = predictor.predict(batch["image"])
    lengths = np.ones(preds.shape[0]) * preds.shape[1]
    decoded = ops.ctc_decode(preds, sequence_lengths=lengths, strategy="greedy")[0][0]
    words = [tf.strings.reduce_join(to_chars(r)).numpy().decode("utf-8") for r in decoded]
    print(words)
