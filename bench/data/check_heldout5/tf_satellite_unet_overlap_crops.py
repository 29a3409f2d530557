# source: https://github.com/manideep2510/eye-in-the-sky/blob/30a70ea3297c06218b473df484325d3a60ac6a2e/main_unet.py (memory issue: https://github.com/manideep2510/eye-in-the-sky/issues/7)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import re
import glob
import numpy as np
import matplotlib.pyplot as plt
from libtiff import TIFF
from keras.models import *
from keras.layers import *
from keras.optimizers import *

digits = re.compile(r'(\d+)')


def by_number(name):
    parts = digits.split(name)
    parts[1::2] = map(int, parts[1::2])
    return parts


sat_files = sorted(glob.glob('Inter-IIT-CSRE/The-Eye-in-the-Sky-dataset/sat/*.tif'), key=by_number)
gt_files = sorted(glob.glob('Inter-IIT-CSRE/The-Eye-in-the-Sky-dataset/gt/*.tif'), key=by_number)


def pad_to_grid(img, w, h, c, tile, stride, n_h, n_w):
    w_extra = w - ((n_w - 1) * stride)
    w_add = tile - w_extra
    h_extra = h - ((n_h - 1) * stride)
    h_add = tile - h_extra
    padded = np.zeros(((h + h_add), (w + w_add), c))
    padded = np.pad(img, [(0, h_add), (0, w_add), (0, 0)], mode='constant')
    return padded


def cut_tiles(a, tile=128):
    stride = 32
    tiles = []
    h, w, c = a.shape
    n_h = int(int(h / stride))
    n_w = int(int(w / stride))
    a = pad_to_grid(a, w, h, c, tile, stride, n_h, n_w)
    for i in range(n_h - 1):
        for j in range(n_w - 1):
            piece = a[(i * stride):((i * stride) + tile), (j * stride):((j * stride) + tile), :]
            tiles.append(piece)
    return tiles


# all overlapping tiles of the first 13 satellite scenes
sat_tiles = []
for name in sat_files[:13]:
    scene = TIFF.open(name).read_image()
    sat_tiles = sat_tiles + cut_tiles(scene)
train_x = np.asarray(sat_tiles)

gt_tiles = []
for name in gt_files[:13]:
    scene = TIFF.open(name).read_image()
    gt_tiles = gt_tiles + cut_tiles(scene)
train_y = np.asarray(gt_tiles)

# scene 14 is held out
val_x = np.asarray([] + cut_tiles(TIFF.open(sat_files[13]).read_image()))
val_y = np.asarray([] + cut_tiles(TIFF.open(gt_files[13]).read_image()))


def build_unet(shape=(None, None, 4)):
    inp = Input(shape)
    c1 = Conv2D(64, 3, activation='relu', padding='same', kernel_initializer='random_normal')(inp)
    c1 = Conv2D(64, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c1)
    c1 = BatchNormalization()(c1)
    p1 = MaxPooling2D(pool_size=(2, 2))(c1)
    c2 = Conv2D(128, 3, activation='relu', padding='same', kernel_initializer='random_normal')(p1)
    c2 = Conv2D(128, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c2)
    c2 = BatchNormalization()(c2)
    p2 = MaxPooling2D(pool_size=(2, 2))(c2)
    c3 = Conv2D(256, 3, activation='relu', padding='same', kernel_initializer='random_normal')(p2)
    c3 = Conv2D(256, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c3)
    c3 = BatchNormalization()(c3)
    p3 = MaxPooling2D(pool_size=(2, 2))(c3)
    c4 = Conv2D(512, 3, activation='relu', padding='same', kernel_initializer='random_normal')(p3)
    c4 = Conv2D(512, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c4)
    c4 = BatchNormalization()(c4)
    d4 = Dropout(0.5)(c4)
    p4 = MaxPooling2D(pool_size=(2, 2))(d4)
    c5 = Conv2D(1024, 3, activation='relu', padding='same', kernel_initializer='random_normal')(p4)
    c5 = Conv2D(1024, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c5)
    c5 = BatchNormalization()(c5)
    d5 = Dropout(0.5)(c5)
    u6 = Conv2D(512, 2, activation='relu', padding='same', kernel_initializer='random_normal')(UpSampling2D(size=(2, 2))(d5))
    c6 = Conv2D(512, 3, activation='relu', padding='same', kernel_initializer='random_normal')(concatenate([d4, u6], axis=3))
    c6 = Conv2D(512, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c6)
    c6 = BatchNormalization()(c6)
    u7 = Conv2D(256, 2, activation='relu', padding='same', kernel_initializer='random_normal')(UpSampling2D(size=(2, 2))(c6))
    c7 = Conv2D(256, 3, activation='relu', padding='same', kernel_initializer='random_normal')(concatenate([c3, u7], axis=3))
    c7 = Conv2D(256, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c7)
    c7 = BatchNormalization()(c7)
    u8 = Conv2D(128, 2, activation='relu', padding='same', kernel_initializer='random_normal')(UpSampling2D(size=(2, 2))(c7))
    c8 = Conv2D(128, 3, activation='relu', padding='same', kernel_initializer='random_normal')(concatenate([c2, u8], axis=3))
    c8 = Conv2D(128, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c8)
    c8 = BatchNormalization()(c8)
    u9 = Conv2D(64, 2, activation='relu', padding='same', kernel_initializer='random_normal')(UpSampling2D(size=(2, 2))(c8))
    c9 = Conv2D(64, 3, activation='relu', padding='same', kernel_initializer='random_normal')(concatenate([c1, u9], axis=3))
    c9 = Conv2D(64, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c9)
    c9 = Conv2D(16, 3, activation='relu', padding='same', kernel_initializer='random_normal')(c9)
    c9 = BatchNormalization()(c9)
    out = Conv2D(9, 1, activation='softmax')(c9)
    net = Model(input=inp, output=out)
    net.compile(optimizer=Adam(lr=0.0001), loss='categorical_crossentropy', metrics=['accuracy'])
    return net


net = build_unet()

palette = {0: (0, 0, 0), 1: (0, 125, 0), 2: (150, 80, 0), 3: (255, 255, 0), 4: (100, 100, 100),
           5: (0, 255, 0), 6: (0, 0, 150), 7: (150, 150, 255), 8: (255, 255, 255)}


def rgb_to_classes(rgb, palette):
    k = len(palette)
    shape = rgb.shape[:2] + (k,)
    out = np.zeros(shape, dtype=np.int8)
    for i, cls in enumerate(palette):
        out[:, :, i] = np.all(rgb.reshape((-1, 3)) == palette[i], axis=1).reshape(shape[:2])
    return out


train_y_hot = []
for i in range(train_y.shape[0]):
    train_y_hot.append(rgb_to_classes(train_y[i], palette))
train_y_hot = np.asarray(train_y_hot)

val_y_hot = []
for i in range(val_y.shape[0]):
    val_y_hot.append(rgb_to_classes(val_y[i], palette))
val_y_hot = np.asarray(val_y_hot)

history = net.fit(train_x, train_y_hot, epochs=20, validation_data=(val_x, val_y_hot), batch_size=64, verbose=1)
net.save("model_onehot.h5")

plt.plot(history.history['acc'])
plt.plot(history.history['val_acc'])
plt.savefig('acc_plot.png')
plt.close()
