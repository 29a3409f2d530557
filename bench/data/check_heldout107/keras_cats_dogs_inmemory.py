# Notebook cells in order: cats vs dogs CNN on the Kaggle Dogs vs. Cats images read into memory at 100x100.
# ~~~~~~~~~~ block 0
import os
import cv2
import numpy as np
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Flatten, Dense, Dropout
from tensorflow.keras.callbacks import EarlyStopping
# ~~~~~~~~~~ block 1
SIDE = 100
FIT_FOLDER = "pets/train"
PRED_FOLDER = "pets/test"
# ~~~~~~~~~~ block 2
pix = []
tags = []

for fname in os.listdir(FIT_FOLDER):
    if fname.endswith(".jpg"):
        is_dog = 0 if "cat" in fname.lower() else 1
        fpath = os.path.join(FIT_FOLDER, fname)
        im = cv2.imread(fpath)
        im = cv2.resize(im, (SIDE, SIDE))
        pix.append(im)
        tags.append(is_dog)

pix = np.array(pix) / 255.0
tags = to_categorical(tags, 2)
# ~~~~~~~~~~ block 3
pix_fit, pix_chk, tags_fit, tags_chk = train_test_split(pix, tags, test_size=0.2, random_state=42)

print("fit split:", pix_fit.shape, tags_fit.shape)
print("check split:", pix_chk.shape, tags_chk.shape)
# ~~~~~~~~~~ block 4

pet_cnn = Sequential()


pet_cnn.add(Conv2D(32, (3, 3), activation='relu', input_shape=(100, 100, 3)))
pet_cnn.add(MaxPooling2D(pool_size=(2, 2)))


pet_cnn.add(Conv2D(64, (3, 3), activation='relu'))
pet_cnn.add(MaxPooling2D(pool_size=(2, 2)))


pet_cnn.add(Conv2D(128, (3, 3), activation='relu'))
pet_cnn.add(MaxPooling2D(pool_size=(2, 2)))


pet_cnn.add(Flatten())


pet_cnn.add(Dense(128, activation='relu'))


pet_cnn.add(Dropout(0.5))


pet_cnn.add(Dense(2, activation='softmax'))


pet_cnn.compile(optimizer='adam',
              loss='categorical_crossentropy',
              metrics=['accuracy'])


halt_cb = EarlyStopping(monitor='val_loss', patience=3, restore_best_weights=True)


curves = pet_cnn.fit(pix_fit, tags_fit,
                    epochs=20,
                    batch_size=32,
                    validation_split=0.2,
                    callbacks=[halt_cb])

# ~~~~~~~~~~ block 5
plt.plot(curves.history['accuracy'], label='fit acc')
plt.plot(curves.history['val_accuracy'], label='check acc')
plt.legend()
plt.title("accuracy per epoch")
plt.show()

plt.plot(curves.history['loss'], label='fit loss')
plt.plot(curves.history['val_loss'], label='check loss')
plt.legend()
plt.title("loss per epoch")
plt.show()

# ~~~~~~~~~~ block 6
pix_new = []
names_new = []

for fname in os.listdir(PRED_FOLDER):
    if fname.endswith(".jpg"):
        fpath = os.path.join(PRED_FOLDER, fname)
        im = cv2.imread(fpath)
        im = cv2.resize(im, (SIDE, SIDE))
        pix_new.append(im)
        names_new.append(fname)

pix_new = np.array(pix_new) / 255.0
probs = pet_cnn.predict(pix_new)
winner = np.argmax(probs, axis=1)

# ~~~~~~~~~~ block 7
for k in range(5):
    plt.imshow(pix_new[k])
    plt.title("guess: " + ("cat" if winner[k] == 0 else "dog"))
    plt.axis('off')
    plt.show()
# ~~~~~~~~~~ block 8


