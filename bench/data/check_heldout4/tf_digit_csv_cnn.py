# source: https://github.com/arpit-mittal-15/ai/blob/33c889116ef587e0d83d59f964c7debe76e794c0/01_digit_recognizer/cnn_more_options.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# reaches roughly 98.8% held-out accuracy

import pandas as pd
import numpy as np
import tensorflow as tf

# read the csv and carve off a held-out block
table = pd.read_csv('/data/digits/train.csv')
holdout = table.iloc[:10000]
fitpart = table.iloc[10000:]

xs = fitpart.drop("label", axis=1).values.reshape(-1, 28, 28, 1) / 255.0
ys = fitpart["label"].values

xs_hold = holdout.drop("label", axis=1).values.reshape(-1, 28, 28, 1) / 255.0
ys_hold = holdout["label"].values

# small two-stage convnet
cnn = tf.keras.Sequential([
    tf.keras.layers.Input(shape=(28, 28, 1)),

    tf.keras.layers.Conv2D(32, (3, 3), activation='relu'),
    tf.keras.layers.MaxPooling2D((2, 2)),

    tf.keras.layers.Conv2D(64, (3, 3), activation='relu'),
    tf.keras.layers.MaxPooling2D((2, 2)),

    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(128, activation='relu'),
    tf.keras.layers.Dropout(0.2),
    tf.keras.layers.Dense(10, activation='softmax')
])

cnn.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.001),
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])

# fit
cnn.fit(xs, ys, epochs=15, batch_size=64, validation_split=0.1, shuffle=True)

# score
hold_loss, hold_acc = cnn.evaluate(xs_hold, ys_hold)
print(f"held-out accuracy: {hold_acc * 100:.2f}%")
