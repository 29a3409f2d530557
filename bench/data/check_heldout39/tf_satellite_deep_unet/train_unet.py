from unet_model import *
from gen_patches import *

import os.path
import numpy as np
import tifffile as tiff
from keras.callbacks import CSVLogger
from keras.callbacks import TensorBoard
from keras.callbacks import ModelCheckpoint, EarlyStopping, ReduceLROnPlateau


def scale_to_pm1(band_img):
    lo = band_img.min()
    hi = band_img.max()
    scaled = 2.0 * (band_img - lo) / (hi - lo) - 1.0
    return scaled



BAND_COUNT = 8
CLASS_COUNT = 5  # building, road, tree, crop, water
CLASS_W = [0.2, 0.3, 0.1, 0.1, 0.3]
EPOCHS = 150
USE_UPCONV = True
PATCH_SIDE = 160   # multiple of 16 for the U-Net
FIT_BATCH_SIZE = 150
TRAIN_PATCHES = 4000  # patches for training
VAL_PATCHES = 1000    # patches for validation


def build_model():
    return unet_model(CLASS_COUNT, PATCH_SIDE, n_channels=BAND_COUNT, upconv=USE_UPCONV, class_weights=CLASS_W)


weights_file = 'weights'
if not os.path.exists(weights_file):
    os.makedirs(weights_file)
weights_file += '/unet_weights.hdf5'

train_ids = [str(k).zfill(2) for k in range(1, 25)]  # scene ids 01..24


if __name__ == '__main__':
    X_TRAIN_SCENES = dict()
    Y_TRAIN_SCENES = dict()
    X_VAL_SCENES = dict()
    Y_VAL_SCENES = dict()

    print('loading scenes')
    for scene_id in train_ids:
        img_scaled = scale_to_pm1(tiff.imread('./data/mband/{}.tif'.format(scene_id)).transpose([1, 2, 0]))
        mask_scaled = tiff.imread('./data/gt_mband/{}.tif'.format(scene_id)).transpose([1, 2, 0]) / 255
        train_rows = int(3/4 * img_scaled.shape[0])  # top 3/4 rows train, rest validation
        X_TRAIN_SCENES[scene_id] = img_scaled[:train_rows, :, :]
        Y_TRAIN_SCENES[scene_id] = mask_scaled[:train_rows, :, :]
        X_VAL_SCENES[scene_id] = img_scaled[train_rows:, :, :]
        Y_VAL_SCENES[scene_id] = mask_scaled[train_rows:, :, :]
        print(scene_id + ' loaded')
    print('all scenes loaded')

    def train_unet():
        print("cutting patches and fitting")
        train_x, train_y = sample_patches(X_TRAIN_SCENES, Y_TRAIN_SCENES, n_patches_wanted=TRAIN_PATCHES, patch_side=PATCH_SIDE)
        val_x, val_y = sample_patches(X_VAL_SCENES, Y_VAL_SCENES, n_patches_wanted=VAL_PATCHES, patch_side=PATCH_SIDE)
        unet = build_model()
        if os.path.isfile(weights_file):
            unet.load_weights(weights_file)
        # (weights-only checkpointing was tried)
        # (early stopping was tried)
        # (plateau LR decay was tried)
        ckpt_cb = ModelCheckpoint(weights_file, monitor='val_loss', save_best_only=True)
        csv_cb = CSVLogger('log_unet.csv', append=True, separator=';')
        tb_cb = TensorBoard(log_dir='./tensorboard_unet/', write_graph=True, write_images=True)
        unet.fit(train_x, train_y, batch_size=FIT_BATCH_SIZE, epochs=EPOCHS,
                  verbose=2, shuffle=True,
                  callbacks=[ckpt_cb, csv_cb, tb_cb],
                  validation_data=(val_x, val_y))
        return unet

    train_unet()
