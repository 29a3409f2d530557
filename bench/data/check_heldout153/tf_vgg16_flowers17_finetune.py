import os
import pathlib
from glob import glob

import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelBinarizer
from tensorflow.keras import Model
from tensorflow.keras.applications import VGG16
from tensorflow.keras.layers import *
from tensorflow.keras.optimizers import *
from tensorflow.keras.preprocessing.image import *

RNG_SEED = 999


def head_on_trunk(trunk, n_cls):
    t = Flatten()(trunk.output)
    t = Dense(units=256)(t)
    t = ReLU()(t)
    t = BatchNormalization(axis=-1)(t)
    t = Dropout(rate=0.5)(t)

    t = Dense(units=n_cls)(t)
    output = Softmax()(t)

    return output


def read_folder_images(files,
                           target_size=(256, 256)):
    pics = []
    names = []

    for fp in files:
        image = load_img(fp, target_size=target_size)
        image = img_to_array(image)

        cls_name = fp.split(os.path.sep)[-2]

        pics.append(image)
        names.append(cls_name)

    return np.array(pics), np.array(names)


flowers_dir = (pathlib.Path.home() / '.keras' / 'datasets' /
                'flowers17')
pattern = (flowers_dir / 'images' / '*' / '*.jpg')
files = [*glob(str(pattern))]
CLASS_SET = {q.split(os.path.sep)[-2] for q in files}

data, targets = read_folder_images(files)
data = data.astype('float') / 255.0
targets = LabelBinarizer().fit_transform(targets)

(Xtr, Xte,
 ytr, yte) = train_test_split(data, targets,
                                     test_size=0.2,
                                     random_state=RNG_SEED)

trunk = VGG16(weights='imagenet',
                   include_top=False,
                   input_tensor=Input(shape=(256, 256, 3)))

for lyr in trunk.layers:
    lyr.trainable = False

net = head_on_trunk(trunk, len(CLASS_SET))
net = Model(trunk.input, net)

BS = 64
aug = ImageDataGenerator(rotation_range=30,
                               horizontal_flip=True,
                               width_shift_range=0.1,
                               height_shift_range=0.1,
                               shear_range=0.2,
                               zoom_range=0.2,
                               fill_mode='nearest')
aug_flow = aug.flow(Xtr, ytr, BS)

WARM_EP = 20
net.compile(loss='categorical_crossentropy',
              optimizer=RMSprop(lr=1e-3),
              metrics=['accuracy'])
log = net.fit(aug_flow,
                    steps_per_epoch=len(Xtr) // BS,
                    validation_data=(Xte, yte),
                    epochs=WARM_EP)
res = net.evaluate(Xte, yte)
print(f'held-out accuracy: {res[1]}')

for lyr in trunk.layers[15:]:
    lyr.trainable = True

N_EP = 50
net.compile(loss='categorical_crossentropy',
              optimizer=SGD(lr=1e-3),
              metrics=['accuracy'])
log = net.fit(aug_flow,
                    steps_per_epoch=len(Xtr) // BS,
                    validation_data=(Xte, yte),
                    epochs=N_EP)
res = net.evaluate(Xte, yte)
print(f'held-out accuracy: {res[1]}')
