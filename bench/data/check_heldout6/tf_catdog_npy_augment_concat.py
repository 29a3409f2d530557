# source: https://github.com/jwc5388/IBMxRedHat-Work/blob/bd66f574dac9e109b1992202c6d73f5ebc91dec3/keras/kerasTill_50/keras50_augment5_cat_dog.py (arrays written by keras/kerasTill_50/keras44_01_save_npy.py: ImageDataGenerator(rescale=1/255.), 150x150, float32)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import numpy as np
import pandas as pd
import time
import tensorflow as tf
from keras.models import Sequential
from keras.layers import Conv2D, BatchNormalization, MaxPooling2D, Dropout, Flatten, Dense
from keras.callbacks import EarlyStopping, ReduceLROnPlateau
from keras.preprocessing.image import ImageDataGenerator
from keras.losses import BinaryCrossentropy
from keras.optimizers import Adam
from sklearn.model_selection import train_test_split
from datetime import datetime

# where the pre-rendered arrays live
array_dir = '/workspace/TensorJae/Study25/_save/save_npy/'
unseen_dir = '/workspace/TensorJae/Study25/_data/kaggle/cat_dog/test2/'
template_csv = '/workspace/TensorJae/Study25/_data/kaggle/cat_dog/sample_submission.csv'
run_stamp = datetime.now().strftime('%Y%m%d_%H%M%S')

# read the cached pixel arrays
t0 = time.time()
pets = np.load(array_dir + 'save_npykeras44_x_train_new.npy')
is_dog = np.load(array_dir + 'save_npykeras44_y_train_new.npy')
unseen = np.load(array_dir + 'save_npykeras44_x_test.npy')

print(pets.shape)
print(is_dog.shape)
# (25000, 150, 150, 3)
# (25000,)

print(f"arrays ready after {round(time.time() - t0, 2)} s")

n_extra = 5000

jitter = ImageDataGenerator(
    width_shift_range=0.1,
    height_shift_range=0.1,
    rotation_range=0.1
)

pick = np.random.randint(pets.shape[0], size=n_extra)
extra_pets = pets[pick].copy()
extra_labels = is_dog[pick].copy()

extra_pets = jitter.flow(
    extra_pets,
    extra_labels,
    batch_size=n_extra,
    shuffle=False,
).next()[0]

pets = np.concatenate((pets, extra_pets))
is_dog = np.concatenate((is_dog, extra_labels))

print(f"after augmentation: {pets.shape}, {is_dog.shape}")

# hold out a validation part
fit_x, hold_x, fit_y, hold_y = train_test_split(pets, is_dog, train_size=0.8, random_state=42)
print(f"split done after {round(time.time() - t0, 2)} s")
print(f"fit_x: {fit_x.shape}, fit_y: {fit_y.shape}")

# network
net = Sequential()
net.add(Conv2D(64, (3, 3), padding='same', activation='relu', input_shape=(150, 150, 3)))
net.add(BatchNormalization())
net.add(MaxPooling2D())
net.add(Dropout(0.2))

net.add(Conv2D(128, (3, 3), padding='same', activation='relu'))
net.add(BatchNormalization())
net.add(Dropout(0.2))

net.add(Conv2D(128, (3, 3), padding='same', activation='relu'))
net.add(BatchNormalization())
net.add(Dropout(0.2))

net.add(Flatten())
net.add(Dense(256, activation='relu'))
net.add(Dropout(0.2))
net.add(Dense(1, activation='sigmoid'))

objective = BinaryCrossentropy(label_smoothing=0.02)
opt = Adam(learning_rate=0.001)

net.compile(optimizer=opt, loss=objective, metrics=['acc'])

stopper = EarlyStopping(monitor='val_loss', patience=15, restore_best_weights=True, verbose=1)
shrink = ReduceLROnPlateau(monitor='val_loss', factor=0.5, patience=8, verbose=1)

t0 = time.time()
log = net.fit(
    fit_x, fit_y,
    epochs=200,
    batch_size=32,
    validation_data=(hold_x, hold_y),
    callbacks=[stopper, shrink],
    verbose=1
)
print(f"training finished in {round(time.time() - t0, 2)} s")

loss, acc = net.evaluate(fit_x, fit_y, verbose=0)
print(f"train-set check - loss: {loss:.4f}, acc: {acc:.4f}")

probs = net.predict(unseen, verbose=1)
probs_flat = probs.reshape(-1)
