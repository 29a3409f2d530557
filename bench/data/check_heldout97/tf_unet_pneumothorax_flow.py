import os, warnings

warnings.filterwarnings('ignore')
print(os.listdir("../input/pneumothoraxdata128/pneumothoraxdata128/PneumothoraxData128"))
import numpy as np

import pandas as pd

import matplotlib.pyplot as plt

import cv2

from itertools import groupby

from imageio import imread

from random import randint

from tqdm import tqdm_notebook

from glob import glob

from tensorflow.keras.models import Model

from tensorflow.keras.layers import Input, Conv2D, MaxPooling2D, Dropout, concatenate, UpSampling2D, Conv2DTranspose

from tensorflow.keras.optimizers import Adam

from tensorflow.keras.regularizers import l2

from tensorflow.keras.preprocessing.image import ImageDataGenerator

from tensorflow.keras.callbacks import ModelCheckpoint, LearningRateScheduler, ReduceLROnPlateau, EarlyStopping

from keras.utils.vis_utils import model_to_dot

import tensorflow.keras.backend as K

from IPython.display import SVG
AUG_SEED_TR = randint(1, 1000)

AUG_SEED_VA = randint(1, 1000)
tr_img_flow = ImageDataGenerator(

    width_shift_range = 0.1,

    height_shift_range = 0.1,

    rotation_range = 5,

    zoom_range = 0.1,

    rescale = 1.0 / 255.0

).flow_from_directory(

    "../input/pneumothoraxdata128/pneumothoraxdata128/PneumothoraxData128/train_imges",

    target_size = (128, 128),

    color_mode = 'grayscale',

    batch_size = 16,

    seed = AUG_SEED_TR

)



tr_mask_flow = ImageDataGenerator(

    width_shift_range = 0.1,

    height_shift_range = 0.1,

    rotation_range = 5,

    zoom_range = 0.1,

    rescale = 1.0 / 255.0

).flow_from_directory(

    "../input/pneumothoraxdata128/pneumothoraxdata128/PneumothoraxData128/train_masks",

    target_size = (128, 128),

    color_mode = 'grayscale',

    batch_size = 16,

    seed = AUG_SEED_TR

)



va_img_flow = ImageDataGenerator(rescale = 1.0 / 255.0).flow_from_directory(

    "../input/pneumothoraxdata128/pneumothoraxdata128/PneumothoraxData128/train_imges",

    target_size = (128, 128),

    color_mode = 'grayscale',

    batch_size = 16,

    seed = AUG_SEED_VA,

)



va_mask_flow = ImageDataGenerator(rescale = 1.0 / 255.0).flow_from_directory(

    "../input/pneumothoraxdata128/pneumothoraxdata128/PneumothoraxData128/train_masks",

    target_size = (128, 128),

    color_mode = 'grayscale',

    batch_size = 16,

    seed = AUG_SEED_VA,

)
# ...



def encode_runs(m, w, h):

    runs = []

    prev_val = 0

    pos = 0

    run_begin = -1

    run_len = 0



    for col in range(w):

        for row in range(h):

            cur_val = m[col][row]

            if cur_val != prev_val:

                if cur_val == 1:

                    run_begin = pos

                    run_len = 1

                else:

                    runs.append(str(run_begin))

                    runs.append(str(run_len))

                    run_begin = -1

                    run_len = 0

                    pos = 0

            elif run_begin > -1:

                run_len += 1

            prev_val = cur_val

            pos+=1

    return " " + " ".join(runs)
xb, _ = tr_img_flow.next()

yb, _ = tr_mask_flow.next()

fg, grid = plt.subplots(nrows = 4, ncols = 2, figsize = (16, 16))

plt.setp(grid.flat, xticks = [], yticks = [])

shown = 1

for k, cell in enumerate(grid.flat):

    if k % 2 == 0:

        cell.imshow(xb[shown].reshape(128, 128))

        cell.set_xlabel('xray_' + str(shown))

    else:

        cell.imshow(yb[shown].reshape(128, 128))

        cell.set_xlabel('mask_' + str(shown))

        shown += 1

plt.show()
def dice_coef(y_true, y_pred):

    t_flat = K.flatten(y_true)

    p_flat = K.flatten(y_pred)

    overlap = K.sum(t_flat * p_flat)

    return (2. * overlap + K.epsilon()) / (K.sum(t_flat) + K.sum(p_flat) + K.epsilon())



def neg_dice(y_true, y_pred):

    return -dice_coef(y_true, y_pred)
def make_unet(in_shape):

    x_in = Input(shape = in_shape)

    

    enc1 = Conv2D(32, (3, 3), activation = 'relu', padding = 'same')(x_in)

    enc1 = Conv2D(32, (3, 3), activation = 'relu', padding = 'same')(enc1)

    down1 = MaxPooling2D(pool_size = (2, 2))(enc1)

    

    enc2 = Conv2D(64, (3, 3), activation = 'relu', padding = 'same')(down1)

    enc2 = Conv2D(64, (3, 3), activation = 'relu', padding = 'same')(enc2)

    down2 = MaxPooling2D(pool_size = (2, 2))(enc2)



    enc3 = Conv2D(128, (3, 3), activation = 'relu', padding = 'same')(down2)

    enc3 = Conv2D(128, (3, 3), activation = 'relu', padding = 'same')(enc3)

    down3 = MaxPooling2D(pool_size = (2, 2))(enc3)



    enc4 = Conv2D(256, (3, 3), activation = 'relu', padding = 'same')(down3)

    enc4 = Conv2D(256, (3, 3), activation = 'relu', padding = 'same')(enc4)

    down4 = MaxPooling2D(pool_size = (2, 2))(enc4)



    bott = Conv2D(512, (3, 3), activation = 'relu', padding = 'same')(down4)

    bott = Conv2D(512, (3, 3), activation = 'relu', padding = 'same')(bott)

    

    merge6 = concatenate([Conv2DTranspose(256, (2, 2), strides = (2, 2), padding = 'same')(bott), enc4], axis = 3)

    dec6 = Conv2D(256, (3, 3), activation = 'relu', padding = 'same')(merge6)

    dec6 = Conv2D(256, (3, 3), activation = 'relu', padding = 'same')(dec6)



    merge7 = concatenate([Conv2DTranspose(128, (2, 2), strides = (2, 2), padding = 'same')(dec6), enc3], axis = 3)

    dec7 = Conv2D(128, (3, 3), activation = 'relu', padding = 'same')(merge7)

    dec7 = Conv2D(128, (3, 3), activation = 'relu', padding = 'same')(dec7)



    merge8 = concatenate([Conv2DTranspose(64, (2, 2), strides = (2, 2), padding = 'same')(dec7), enc2], axis = 3)

    dec8 = Conv2D(64, (3, 3), activation = 'relu', padding = 'same')(merge8)

    dec8 = Conv2D(64, (3, 3), activation = 'relu', padding = 'same')(dec8)



    merge9 = concatenate([Conv2DTranspose(32, (2, 2), strides = (2, 2), padding = 'same')(dec8), enc1], axis = 3)

    dec9 = Conv2D(32, (3, 3), activation = 'relu', padding = 'same')(merge9)

    dec9 = Conv2D(32, (3, 3), activation = 'relu', padding = 'same')(dec9)



    seg_out = Conv2D(1, (1, 1), activation = 'sigmoid')(dec9)

    

    return Model(x_in, seg_out)
unet = make_unet((128, 128, 1))

unet.summary()

unet.compile(optimizer = Adam(lr = 1e-5), loss = neg_dice, metrics = [dice_coef, 'binary_accuracy'])
SVG(model_to_dot(unet, show_shapes = True, show_layer_names = True).create(prog = 'dot', format = 'svg'))
ckpt_cb = ModelCheckpoint(

    'unet_ptx_best.h5',

    monitor = 'val_dice_coeff',

    save_best_only = True,

    mode = 'min',

    save_weights_only = True

)



plateau_cb = ReduceLROnPlateau(

    monitor = 'val_loss', factor = 0.5,

    patience = 3, verbose = 1,

    mode = 'min', min_delta = 0.0001,

    cooldown = 2, min_lr = 1e-6

)



stop_cb = EarlyStopping(

    monitor = "val_loss",

    mode = "min",

    patience = 15

)
def paired_train(img_it, mask_it):

    while True:

        xb, _ = tr_img_flow.next()

        yb, _ = tr_mask_flow.next()

        yield xb, yb



def paired_val(img_it, mask_it):

    while True:

        xb, _ = va_img_flow.next()

        yb, _ = va_mask_flow.next()

        yield xb, yb
hist = unet.fit_generator(

    paired_train(

        tr_img_flow,

        tr_mask_flow

    ),

    epochs = 100,

    steps_per_epoch = 670,

    validation_steps = 670,

    validation_data = paired_val(

        va_img_flow,

        va_mask_flow

    ),

    verbose = 1,

    callbacks = [

        ckpt_cb,

        stop_cb,

        plateau_cb

    ]

)
plt.plot(hist.history['loss'], color = 'b', label = 'train loss')

plt.plot(hist.history['val_loss'], color = 'r', label = 'val loss')

plt.legend()

plt.show()
plt.plot(hist.history['dice_coef'], color = 'b', label = 'train dice')

plt.plot(hist.history['val_dice_coef'], color = 'r', label = 'val dice')

plt.legend()

plt.show()
encode_runs(unet.predict(xb[0].reshape(1, 128, 128, 1)).reshape(128, 128), 128, 128)
runs, ids = [], []

for path in tqdm_notebook(glob('../input/pneumothoraxdata128/pneumothoraxdata128/PneumothoraxData128/test_images/test/*')):

    arr = imread(path).reshape(1, 128, 128, 1)

    prob = unet.predict(arr).reshape(128, 128)

    ids.append(path.split('/')[-1][:-4])

    enc = encode_runs(prob, 128, 128)

    if enc == ' ':

        runs.append('-1')

    else:

        runs.append(enc)
sub = pd.DataFrame(data = {

    'ImageId' : ids,

    'EncodedPixels' : runs

})

sub.head()
sub.to_csv('submission.csv', index = False)
unet.save('unet_ptx.h5')