# U-Net on Carvana masks: batches are read from disk image by image
import cv2
import numpy as np
import pandas as pd
from keras.callbacks import EarlyStopping, ReduceLROnPlateau, ModelCheckpoint, TensorBoard
from sklearn.model_selection import train_test_split

import params as cfg

side_px = cfg.input_size
n_epochs = cfg.max_epochs
bs = cfg.batch_size
model = cfg.model_factory()

mask_table = pd.read_csv('carvana/train_masks.csv')
car_ids = mask_table['img'].map(lambda s: s.split('.')[0])

fit_ids, holdout_ids = train_test_split(car_ids, test_size=0.2, random_state=42)

print('fit set: {} cars'.format(len(fit_ids)))
print('holdout set: {} cars'.format(len(holdout_ids)))


def jitter_hsv(image, hue_shift_limit=(-180, 180),
                             sat_shift_limit=(-255, 255),
                             val_shift_limit=(-255, 255), prob=0.5):
    if np.random.random() < prob:
        image = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
        h, s, v = cv2.split(image)
        hue_shift = np.random.uniform(hue_shift_limit[0], hue_shift_limit[1])
        h = cv2.add(h, hue_shift)
        sat_shift = np.random.uniform(sat_shift_limit[0], sat_shift_limit[1])
        s = cv2.add(s, sat_shift)
        val_shift = np.random.uniform(val_shift_limit[0], val_shift_limit[1])
        v = cv2.add(v, val_shift)
        image = cv2.merge((h, s, v))
        image = cv2.cvtColor(image, cv2.COLOR_HSV2BGR)

    return image


def jitter_affine(image, mask,
                           shift_limit=(-0.0625, 0.0625),
                           scale_limit=(-0.1, 0.1),
                           rotate_limit=(-45, 45), aspect_limit=(0, 0),
                           borderMode=cv2.BORDER_CONSTANT, prob=0.5):
    if np.random.random() < prob:
        height, width, channel = image.shape

        angle = np.random.uniform(rotate_limit[0], rotate_limit[1])  # angle in degrees
        scale = np.random.uniform(1 + scale_limit[0], 1 + scale_limit[1])
        aspect = np.random.uniform(1 + aspect_limit[0], 1 + aspect_limit[1])
        sx = scale * aspect / (aspect ** 0.5)
        sy = scale / (aspect ** 0.5)
        dx = round(np.random.uniform(shift_limit[0], shift_limit[1]) * width)
        dy = round(np.random.uniform(shift_limit[0], shift_limit[1]) * height)

        cc = np.math.cos(angle / 180 * np.math.pi) * sx
        ss = np.math.sin(angle / 180 * np.math.pi) * sy
        rotate_matrix = np.array([[cc, -ss], [ss, cc]])

        box0 = np.array([[0, 0], [width, 0], [width, height], [0, height], ])
        box1 = box0 - np.array([width / 2, height / 2])
        box1 = np.dot(box1, rotate_matrix.T) + np.array([width / 2 + dx, height / 2 + dy])

        box0 = box0.astype(np.float32)
        box1 = box1.astype(np.float32)
        mat = cv2.getPerspectiveTransform(box0, box1)
        image = cv2.warpPerspective(image, mat, (width, height), flags=cv2.INTER_LINEAR, borderMode=borderMode,
                                    borderValue=(
                                        0, 0,
                                        0,))
        mask = cv2.warpPerspective(mask, mat, (width, height), flags=cv2.INTER_LINEAR, borderMode=borderMode,
                                   borderValue=(
                                       0, 0,
                                       0,))

    return image, mask


def maybe_mirror(image, mask, prob=0.5):
    if np.random.random() < prob:
        image = cv2.flip(image, 1)
        mask = cv2.flip(mask, 1)

    return image, mask


def fit_batches():
    while True:
        for start in range(0, len(fit_ids), bs):
            pics = []
            masks = []
            end = min(start + bs, len(fit_ids))
            chunk_ids = fit_ids[start:end]
            for key in chunk_ids.values:
                pic = cv2.imread('carvana/train/{}.jpg'.format(key))
                pic = cv2.resize(pic, (side_px, side_px))
                mask = cv2.imread('carvana/train_masks/{}_mask.png'.format(key), cv2.IMREAD_GRAYSCALE)
                mask = cv2.resize(mask, (side_px, side_px))
                pic = jitter_hsv(pic,
                                               hue_shift_limit=(-50, 50),
                                               sat_shift_limit=(-5, 5),
                                               val_shift_limit=(-15, 15))
                pic, mask = jitter_affine(pic, mask,
                                                   shift_limit=(-0.0625, 0.0625),
                                                   scale_limit=(-0.1, 0.1),
                                                   rotate_limit=(-0, 0))
                pic, mask = maybe_mirror(pic, mask)
                mask = np.expand_dims(mask, axis=2)
                pics.append(pic)
                masks.append(mask)
            pics = np.array(pics, np.float32) / 255
            masks = np.array(masks, np.float32) / 255
            yield pics, masks


def holdout_batches():
    while True:
        for start in range(0, len(holdout_ids), bs):
            pics = []
            masks = []
            end = min(start + bs, len(holdout_ids))
            chunk_ids = holdout_ids[start:end]
            for key in chunk_ids.values:
                pic = cv2.imread('carvana/train/{}.jpg'.format(key))
                pic = cv2.resize(pic, (side_px, side_px))
                mask = cv2.imread('carvana/train_masks/{}_mask.png'.format(key), cv2.IMREAD_GRAYSCALE)
                mask = cv2.resize(mask, (side_px, side_px))
                mask = np.expand_dims(mask, axis=2)
                pics.append(pic)
                masks.append(mask)
            pics = np.array(pics, np.float32) / 255
            masks = np.array(masks, np.float32) / 255
            yield pics, masks


callbacks = [EarlyStopping(monitor='val_loss',
                           patience=8,
                           verbose=1,
                           min_delta=1e-4),
             ReduceLROnPlateau(monitor='val_loss',
                               factor=0.1,
                               patience=4,
                               verbose=1,
                               epsilon=1e-4),
             ModelCheckpoint(monitor='val_loss',
                             filepath='checkpoints/unet_best.hdf5',
                             save_best_only=True,
                             save_weights_only=True),
             TensorBoard(log_dir="tb_runs")]

model.fit_generator(generator=fit_batches(),
                    steps_per_epoch=np.ceil(float(len(fit_ids)) / float(bs)),
                    epochs=n_epochs,
                    verbose=2,
                    callbacks=callbacks,
                    validation_data=holdout_batches(),
                    validation_steps=np.ceil(float(len(holdout_ids)) / float(bs)))
