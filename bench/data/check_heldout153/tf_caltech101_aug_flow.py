import os
import pathlib

import matplotlib.pyplot as plt
import numpy as np
import tensorflow_docs as tfdocs
import tensorflow_docs.plots
from glob import glob
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelBinarizer
from tensorflow.keras.layers import *
from tensorflow.keras.models import Model
from tensorflow.keras.preprocessing.image import *


def read_folder_images(files, target_size=(64, 64)):
    pics = []
    names = []

    for fp in files:
        image = load_img(fp, target_size=target_size)
        image = img_to_array(image)

        cls_name = fp.split(os.path.sep)[-2]

        pics.append(image)
        names.append(cls_name)

    return np.array(pics), np.array(names)


def small_cnn(w, h, ch, n_cls):
    inp = Input(shape=(w, h, ch))

    t = Conv2D(filters=32,
               kernel_size=(3, 3),
               padding='same')(inp)
    t = ReLU()(t)
    t = BatchNormalization(axis=-1)(t)
    t = Conv2D(filters=32,
               kernel_size=(3, 3),
               padding='same')(t)
    t = ReLU()(t)
    t = BatchNormalization(axis=-1)(t)
    t = MaxPooling2D(pool_size=(2, 2))(t)
    t = Dropout(rate=0.25)(t)

    t = Conv2D(filters=64,
               kernel_size=(3, 3),
               padding='same')(t)
    t = ReLU()(t)
    t = BatchNormalization(axis=-1)(t)
    t = Conv2D(filters=64,
               kernel_size=(3, 3),
               padding='same')(t)
    t = ReLU()(t)
    t = BatchNormalization(axis=-1)(t)
    t = MaxPooling2D(pool_size=(2, 2))(t)
    t = Dropout(rate=0.25)(t)

    t = Flatten()(t)
    t = Dense(units=512)(t)
    t = ReLU()(t)
    t = BatchNormalization(axis=-1)(t)
    t = Dropout(rate=0.25)(t)

    t = Dense(units=n_cls)(t)
    probs = Softmax()(t)

    return Model(inp, probs)


def save_curve(hist, metric, out_name):
    plt.style.use('seaborn-darkgrid')
    hp = tfdocs.plots.HistoryPlotter()
    hp.plot({'run': hist}, metric=metric)

    plt.title(f'{metric.upper()}')
    plt.ylim([0, 1])

    plt.savefig(f'{out_name}_curve.png')
    plt.close()


RNG_SEED = 999
np.random.seed(RNG_SEED)

caltech_dir = (pathlib.Path.home() / '.keras' / 'datasets' /
             '101_ObjectCategories')
pattern = str(caltech_dir / '*' / '*.jpg')
files = [*glob(pattern)]
files = [q for q in files if
               q.split(os.path.sep)[-2] != 'BACKGROUND_Google']
n_cls = {q.split(os.path.sep)[-2] for q in files}

data, targets = read_folder_images(files)
data = data.astype('float') / 255.0
targets = LabelBinarizer().fit_transform(targets)

(Xtr, Xte,
 ytr, yte) = train_test_split(data, targets,
                                     test_size=0.2,
                                     random_state=RNG_SEED)

N_EP = 40
BS = 64
net = small_cnn(64, 64, 3, len(n_cls))
net.compile(loss='categorical_crossentropy',
              optimizer='rmsprop',
              metrics=['accuracy'])

log = net.fit(Xtr, ytr,
                    validation_data=(Xte, yte),
                    epochs=N_EP,
                    batch_size=BS)
res = net.evaluate(Xte, yte)
print(f'held-out accuracy: {res[1]}')
save_curve(log, 'accuracy', 'plain')

# --- second run: same network, augmented batches ---

net = small_cnn(64, 64, 3, len(n_cls))
net.compile(loss='categorical_crossentropy',
              optimizer='rmsprop',
              metrics=['accuracy'])

aug = ImageDataGenerator(horizontal_flip=True,
                               rotation_range=30,
                               width_shift_range=0.1,
                               height_shift_range=0.1,
                               shear_range=0.2,
                               zoom_range=0.2,
                               fill_mode='nearest')
aug_flow = aug.flow(Xtr, ytr, BS)
log = net.fit(aug_flow,
                    steps_per_epoch=len(Xtr) // BS,
                    validation_data=(Xte, yte),
                    epochs=N_EP)

res = net.evaluate(Xte, yte)
print(f'held-out accuracy: {res[1]}')
save_curve(log, 'accuracy', 'with_aug')
