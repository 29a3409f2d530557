from keras.models import Model
from keras.layers import Input, Dense, Dropout, Flatten, Conv2D, MaxPooling2D, BatchNormalization
from keras.callbacks import ModelCheckpoint, EarlyStopping, TensorBoard
from PIL import Image
import numpy as np
import csv
import os

ALPHABET = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def encode_code(code):
    rows = []
    for ch in code:
        vec = [0 for _ in range(34)]
        pos = ALPHABET.find(ch)
        vec[pos] = 1
        rows.append(vec)
    return rows


# Network definition
print("Building the network...")
inp = Input((60, 200, 3))
h = inp
h = Conv2D(filters=32, kernel_size=(3, 3), padding='same', activation='relu')(h)
h = Conv2D(filters=32, kernel_size=(3, 3), activation='relu')(h)
h = BatchNormalization()(h)
h = MaxPooling2D(pool_size=(2, 2))(h)
h = Dropout(0.5)(h)
h = Conv2D(filters=64, kernel_size=(3, 3), padding='same', activation='relu')(h)
h = Conv2D(filters=64, kernel_size=(3, 3), activation='relu')(h)
h = BatchNormalization()(h)
h = MaxPooling2D(pool_size=(2, 2))(h)
h = Dropout(0.5)(h)
h = Conv2D(filters=128, kernel_size=(3, 3), padding='same', activation='relu')(h)
h = Conv2D(filters=128, kernel_size=(3, 3), activation='relu')(h)
h = BatchNormalization()(h)
h = MaxPooling2D(pool_size=(2, 2))(h)
h = Dropout(0.5)(h)
h = Conv2D(filters=256, kernel_size=(3, 3), activation='relu')(h)
h = BatchNormalization()(h)
h = MaxPooling2D(pool_size=(2, 2))(h)
h = Flatten()(h)
h = Dropout(0.5)(h)
h = [Dense(34, name='digit1', activation='softmax')(h),\
    Dense(34, name='digit2', activation='softmax')(h),\
    Dense(34, name='digit3', activation='softmax')(h),\
    Dense(34, name='digit4', activation='softmax')(h),\
    Dense(34, name='digit5', activation='softmax')(h),\
    Dense(34, name='digit6', activation='softmax')(h)]
net = Model(inputs=inp, outputs=h)
net.compile(loss='categorical_crossentropy', optimizer='Adam', metrics=['accuracy'])
net.summary()

print("Loading the training pictures...")
fit_csv = open('./data/6_real_train_set/captcha_train.csv', 'r', encoding = 'utf8')
fit_x = np.stack([np.array(Image.open('./data/6_real_train_set/' + str(k) + ".jpg"))/255.0 for k in range(1, 60001)])
fit_csv = open('./data/6_real_train_set/captcha_train.csv', 'r', encoding = 'utf8')
codes = [encode_code(rec[1]) for rec in csv.reader(fit_csv)][:60000]
fit_y = [[] for _ in range(6)]
for vecs in codes:
    for slot in range(6):
        fit_y[slot].append(vecs[slot])
fit_y = [a for a in np.asarray(fit_y)]
print("Training array shape:", fit_x.shape)

print("Loading the validation pictures...")
hold_csv = open('./data/6_real_train_set/captcha_train.csv', 'r', encoding = 'utf8')
hold_x = np.stack([np.array(Image.open('./data/6_real_train_set/' + str(k) + ".jpg"))/255.0 for k in range(60001, 75001)])
hold_csv = open('./data/6_real_train_set/captcha_train.csv', 'r', encoding = 'utf8')
codes = [encode_code(rec[1]) for rec in csv.reader(hold_csv)][60000:]
hold_y = [[] for _ in range(6)]
for vecs in codes:
    for slot in range(6):
        hold_y[slot].append(vecs[slot])
hold_y = [a for a in np.asarray(hold_y)]
print("Validation array shape:", hold_x.shape)

ckpt_path="./data/model/real_6_model.h5"
saver = ModelCheckpoint(ckpt_path, monitor='val_digit6_acc', verbose=1, save_best_only=True, mode='max')
stopper = EarlyStopping(monitor='val_digit6_acc', patience=5, verbose=1, mode='auto')
board = TensorBoard(log_dir = "./logs", histogram_freq = 1)
hooks = [saver, stopper, board]
net.fit(fit_x, fit_y, batch_size=400, epochs=100, verbose=2, validation_data=(hold_x, hold_y), callbacks=hooks)
