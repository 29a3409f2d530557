"""U-Net for the ultrasound nerve segmentation (brachial plexus) data.

The raw 420x580 ultrasound frames and their masks were previously dumped to
.npy files; this script loads them, shrinks them to 96x96, normalises,
trains a U-Net with a Dice loss and writes predicted masks for the test set.
"""
from __future__ import print_function

import os
from skimage.transform import resize
from skimage.io import imsave
import numpy as np
from keras.models import Model
from keras.layers import Input, concatenate, Conv2D, MaxPooling2D, UpSampling2D
from keras.optimizers import Adam
from keras.callbacks import ModelCheckpoint
from keras import backend as K

K.set_image_data_format('channels_last')  # NHWC everywhere below

# original frame size of the stored arrays
image_rows = 420
image_cols = 580

# network input size
img_rows = 96
img_cols = 96

smooth = 1.


# ---------------------------------------------------------------------------
# array loading (the .npy dumps written by the preparation step)
# ---------------------------------------------------------------------------
def load_train_data():
    frames = np.load('imgs_train.npy')
    masks = np.load('imgs_mask_train.npy')
    return frames, masks


def load_test_data():
    frames = np.load('imgs_test.npy')
    ids = np.load('imgs_id_test.npy')
    return frames, ids


# ---------------------------------------------------------------------------
# loss
# ---------------------------------------------------------------------------
def dice_coef(y_true, y_pred):
    t = K.flatten(y_true)
    p = K.flatten(y_pred)
    overlap = K.sum(t * p)
    return (2. * overlap + smooth) / (K.sum(t) + K.sum(p) + smooth)


def dice_coef_loss(y_true, y_pred):
    return -dice_coef(y_true, y_pred)


# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------
def get_unet():
    inputs = Input((img_rows, img_cols, 1))
    c1 = Conv2D(32, (3, 3), activation='relu', padding='same')(inputs)
    c1 = Conv2D(32, (3, 3), activation='relu', padding='same')(c1)
    p1 = MaxPooling2D(pool_size=(2, 2))(c1)

    c2 = Conv2D(64, (3, 3), activation='relu', padding='same')(p1)
    c2 = Conv2D(64, (3, 3), activation='relu', padding='same')(c2)
    p2 = MaxPooling2D(pool_size=(2, 2))(c2)

    c3 = Conv2D(128, (3, 3), activation='relu', padding='same')(p2)
    c3 = Conv2D(128, (3, 3), activation='relu', padding='same')(c3)
    p3 = MaxPooling2D(pool_size=(2, 2))(c3)

    c4 = Conv2D(256, (3, 3), activation='relu', padding='same')(p3)
    c4 = Conv2D(256, (3, 3), activation='relu', padding='same')(c4)
    p4 = MaxPooling2D(pool_size=(2, 2))(c4)

    c5 = Conv2D(512, (3, 3), activation='relu', padding='same')(p4)
    c5 = Conv2D(512, (3, 3), activation='relu', padding='same')(c5)

    u6 = concatenate([UpSampling2D(size=(2, 2))(c5), c4], axis=3)
    c6 = Conv2D(256, (3, 3), activation='relu', padding='same')(u6)
    c6 = Conv2D(256, (3, 3), activation='relu', padding='same')(c6)

    u7 = concatenate([UpSampling2D(size=(2, 2))(c6), c3], axis=3)
    c7 = Conv2D(128, (3, 3), activation='relu', padding='same')(u7)
    c7 = Conv2D(128, (3, 3), activation='relu', padding='same')(c7)

    u8 = concatenate([UpSampling2D(size=(2, 2))(c7), c2], axis=3)
    c8 = Conv2D(64, (3, 3), activation='relu', padding='same')(u8)
    c8 = Conv2D(64, (3, 3), activation='relu', padding='same')(c8)

    u9 = concatenate([UpSampling2D(size=(2, 2))(c8), c1], axis=3)
    c9 = Conv2D(32, (3, 3), activation='relu', padding='same')(u9)
    c9 = Conv2D(32, (3, 3), activation='relu', padding='same')(c9)

    c10 = Conv2D(1, (1, 1), activation='sigmoid')(c9)

    model = Model(inputs=[inputs], outputs=[c10])
    model.compile(optimizer=Adam(lr=1e-5), loss=dice_coef_loss, metrics=[dice_coef])
    return model


def preprocess(imgs):
    """Resize every frame to img_rows x img_cols and add a channel axis."""
    small = np.ndarray((imgs.shape[0], img_rows, img_cols), dtype=np.uint8)
    for k in range(imgs.shape[0]):
        small[k] = resize(imgs[k], (img_cols, img_rows), preserve_range=True)
    small = small[..., np.newaxis]
    return small


# ---------------------------------------------------------------------------
# train + predict
# ---------------------------------------------------------------------------
def train_and_predict():
    print('-' * 30)
    print('Loading and preprocessing train data...')
    print('-' * 30)
    x_tr, m_tr = load_train_data()

    x_tr = preprocess(x_tr)
    m_tr = preprocess(m_tr)

    x_tr = x_tr.astype('float32')
    mu = np.mean(x_tr)   # centring
    sigma = np.std(x_tr)  # scaling

    x_tr -= mu
    x_tr /= sigma

    m_tr = m_tr.astype('float32')
    m_tr /= 255.  # masks to [0, 1]

    print('-' * 30)
    print('Creating and compiling model...')
    print('-' * 30)
    model = get_unet()
    ckpt = ModelCheckpoint('weights.h5', monitor='loss', save_best_only=True)

    print('-' * 30)
    print('Fitting model...')
    print('-' * 30)
    model.fit(x_tr, m_tr, batch_size=32, nb_epoch=20, verbose=1, shuffle=True,
              validation_split=0.2,
              callbacks=[ckpt])

    print('-' * 30)
    print('Loading and preprocessing test data...')
    print('-' * 30)
    x_te, ids_te = load_test_data()
    x_te = preprocess(x_te)

    x_te = x_te.astype('float32')
    x_te -= mu
    x_te /= sigma

    print('-' * 30)
    print('Loading saved weights...')
    print('-' * 30)
    model.load_weights('weights.h5')

    print('-' * 30)
    print('Predicting masks on test data...')
    print('-' * 30)
    pred = model.predict(x_te, verbose=1)
    np.save('imgs_mask_test.npy', pred)

    print('-' * 30)
    print('Saving predicted masks to files...')
    print('-' * 30)
    out_dir = 'preds'
    if not os.path.exists(out_dir):
        os.mkdir(out_dir)
    for mask, mask_id in zip(pred, ids_te):
        mask = (mask[:, :, 0] * 255.).astype(np.uint8)
        imsave(os.path.join(out_dir, str(mask_id) + '_pred.png'), mask)


if __name__ == '__main__':
    train_and_predict()
