"""Segment the brachial plexus nerve in ultrasound frames with a U-Net.

Full-size 420x580 frames and masks were saved beforehand as .npy arrays.
Here they are read, downsized to 96x96 and standardised, the U-Net is fitted
on a Dice objective, and masks are predicted and written for the test frames.
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

K.set_image_data_format('channels_last')  # channel axis last (NHWC)

# height and width of the saved frames
RAW_H = 420
RAW_W = 580

# height and width fed to the network
NET_H = 96
NET_W = 96

DICE_EPS = 1.


# ---------------------------------------------------------------------------
# read the .npy arrays produced by the data preparation script
# ---------------------------------------------------------------------------
def read_train_arrays():
    frames = np.load('imgs_train.npy')
    masks = np.load('imgs_mask_train.npy')
    return frames, masks


def read_test_arrays():
    frames = np.load('imgs_test.npy')
    ids = np.load('imgs_id_test.npy')
    return frames, ids


# ---------------------------------------------------------------------------
# Dice overlap and its negation as the loss
# ---------------------------------------------------------------------------
def dice_score(y_true, y_pred):
    t_flat = K.flatten(y_true)
    p_flat = K.flatten(y_pred)
    overlap = K.sum(t_flat * p_flat)
    return (2. * overlap + DICE_EPS) / (K.sum(t_flat) + K.sum(p_flat) + DICE_EPS)


def neg_dice_loss(y_true, y_pred):
    return -dice_score(y_true, y_pred)


# ---------------------------------------------------------------------------
# encoder-decoder network with skip connections
# ---------------------------------------------------------------------------
def build_unet():
    img_in = Input((NET_H, NET_W, 1))
    c1 = Conv2D(32, (3, 3), activation='relu', padding='same')(img_in)
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

    unet_model = Model(inputs=[img_in], outputs=[c10])
    unet_model.compile(optimizer=Adam(lr=1e-5), loss=neg_dice_loss, metrics=[dice_score])
    return unet_model


def shrink_frames(frame_stack):
    """Downsize all frames to NET_H x NET_W and append a channel axis."""
    resized = np.ndarray((frame_stack.shape[0], NET_H, NET_W), dtype=np.uint8)
    for k in range(frame_stack.shape[0]):
        resized[k] = resize(frame_stack[k], (NET_W, NET_H), preserve_range=True)
    resized = resized[..., np.newaxis]
    return resized


# ---------------------------------------------------------------------------
# fit, then predict on the test frames
# ---------------------------------------------------------------------------
def train_then_predict_masks():
    print('-' * 30)
    print('reading and resizing the training frames and masks')
    print('-' * 30)
    x_tr, m_tr = read_train_arrays()

    x_tr = shrink_frames(x_tr)
    m_tr = shrink_frames(m_tr)

    x_tr = x_tr.astype('float32')
    mu = np.mean(x_tr)   # pixel mean for centring
    sigma = np.std(x_tr)  # pixel spread for scaling

    x_tr -= mu
    x_tr /= sigma

    m_tr = m_tr.astype('float32')
    m_tr /= 255.  # mask values become 0 or 1

    print('-' * 30)
    print('building the U-Net')
    print('-' * 30)
    unet_model = build_unet()
    ckpt = ModelCheckpoint('weights.h5', monitor='loss', save_best_only=True)

    print('-' * 30)
    print('training')
    print('-' * 30)
    unet_model.fit(x_tr, m_tr, batch_size=32, nb_epoch=20, verbose=1, shuffle=True,
              validation_split=0.2,
              callbacks=[ckpt])

    print('-' * 30)
    print('reading and resizing the test frames')
    print('-' * 30)
    x_te, ids_te = read_test_arrays()
    x_te = shrink_frames(x_te)

    x_te = x_te.astype('float32')
    x_te -= mu
    x_te /= sigma

    print('-' * 30)
    print('restoring the best checkpoint')
    print('-' * 30)
    unet_model.load_weights('weights.h5')

    print('-' * 30)
    print('predicting test masks')
    print('-' * 30)
    pred = unet_model.predict(x_te, verbose=1)
    np.save('imgs_mask_test.npy', pred)

    print('-' * 30)
    print('writing the predicted masks as png files')
    print('-' * 30)
    out_dir = 'preds'
    if not os.path.exists(out_dir):
        os.mkdir(out_dir)
    for mask, mask_id in zip(pred, ids_te):
        mask = (mask[:, :, 0] * 255.).astype(np.uint8)
        imsave(os.path.join(out_dir, str(mask_id) + '_pred.png'), mask)


if __name__ == '__main__':
    train_then_predict_masks()
