# Notebook cells in order: small CNN on EMNIST letters read from CSV files.
# ~~~~~~~~~~ block 1
import numpy as np
import pandas as pd
import os
import cv2
import matplotlib.pyplot as plt

from tensorflow.keras.utils import to_categorical
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Conv2D, MaxPooling2D, Flatten, Dropout, BatchNormalization
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.callbacks import EarlyStopping
# ~~~~~~~~~~ block 3
tr_csv = "../csv/letters_train.csv"
te_csv = "../csv/letters_test.csv"

tr_frame = pd.read_csv(tr_csv)
te_frame = pd.read_csv(te_csv)

print("train rows/cols:", tr_frame.shape)
print("test rows/cols:", te_frame.shape)
# ~~~~~~~~~~ block 5
xtr = tr_frame.iloc[:, 1:].values
ytr = tr_frame.iloc[:, 0].values - 1

xte = te_frame.iloc[:, 1:].values
yte = te_frame.iloc[:, 0].values - 1
# ~~~~~~~~~~ block 7
xtr = xtr / 255.0
xte = xte / 255.0
# ~~~~~~~~~~ block 9
xtr = xtr.reshape(-1, 28, 28, 1)
xte = xte.reshape(-1, 28, 28, 1)

print("reshaped to:", xtr.shape)
# ~~~~~~~~~~ block 11
ytr = to_categorical(ytr, num_classes=26)
yte = to_categorical(yte, num_classes=26)
# ~~~~~~~~~~ block 13
aug = ImageDataGenerator(
    rotation_range=10,
    zoom_range=0.1,
    width_shift_range=0.1,
    height_shift_range=0.1
)

aug.fit(xtr)
# ~~~~~~~~~~ block 15
letter_net = Sequential()

letter_net.add(Conv2D(32, (3,3), activation='relu', input_shape=(28,28,1)))
letter_net.add(BatchNormalization())
letter_net.add(Conv2D(32, (3,3), activation='relu'))
letter_net.add(BatchNormalization())
letter_net.add(MaxPooling2D(2,2))
letter_net.add(Dropout(0.25))

letter_net.add(Conv2D(64, (3,3), activation='relu'))
letter_net.add(BatchNormalization())
letter_net.add(Conv2D(64, (3,3), activation='relu'))
letter_net.add(BatchNormalization())
letter_net.add(MaxPooling2D(2,2))
letter_net.add(Dropout(0.25))

letter_net.add(Conv2D(128, (3,3), activation='relu'))
letter_net.add(BatchNormalization())
letter_net.add(MaxPooling2D(2,2))
letter_net.add(Dropout(0.3))

letter_net.add(Flatten())

letter_net.add(Dense(256, activation='relu'))
letter_net.add(Dropout(0.5))

letter_net.add(Dense(26, activation='softmax'))
# ~~~~~~~~~~ block 17
letter_net.compile(
    optimizer=Adam(learning_rate=0.0005),
    loss='categorical_crossentropy',
    metrics=['accuracy']
)

letter_net.summary()
# ~~~~~~~~~~ block 19
stopper = EarlyStopping(
    monitor='val_accuracy',
    patience=3,
    restore_best_weights=True,
    verbose=1
)
# ~~~~~~~~~~ block 21
log = letter_net.fit(
    xtr, ytr,
    epochs=20,
    batch_size=128,
    validation_data=(xte, yte),
    callbacks=[stopper]
)
# ~~~~~~~~~~ block 23
te_loss, te_acc = letter_net.evaluate(xte, yte)
print("held-out acc:", te_acc)
# ~~~~~~~~~~ block 25
os.makedirs("../saved", exist_ok=True)

letter_net.save("../saved/letters_cnn.h5")

print("written")
# ~~~~~~~~~~ block 27
plt.plot(log.history['accuracy'], label='fit acc')
plt.plot(log.history['val_accuracy'], label='held-out acc')

plt.legend()
plt.title("accuracy by epoch")
plt.show()
# ~~~~~~~~~~ block 29
import seaborn as sns
from sklearn.metrics import confusion_matrix
import numpy as np

prob = letter_net.predict(xte)
pred_cls = np.argmax(prob, axis=1)
true_cls = np.argmax(yte, axis=1)

conf = confusion_matrix(true_cls, pred_cls)

plt.figure(figsize=(10,8))
sns.heatmap(conf, cmap='Blues')
plt.title("letter confusions")
plt.show()
# ~~~~~~~~~~ block 31
frame = pd.read_csv("../csv/letters_test.csv")

os.makedirs("sample_glyphs", exist_ok=True)

ABC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

for r in range(20):
    lab = frame.iloc[r, 0] - 1
    glyph = frame.iloc[r, 1:].values.reshape(28, 28)

    glyph = np.rot90(glyph)
    glyph = np.fliplr(glyph)

    glyph = glyph.astype("uint8")

    out_name = f"sample_glyphs/{ABC[lab]}_{r}.png"
    cv2.imwrite(out_name, glyph)

print("glyphs written")
# ~~~~~~~~~~ block 32


