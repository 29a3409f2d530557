import unet

import os
import math
import numpy as np

from skimage.util import view_as_windows, pad

from keras.callbacks import ModelCheckpoint, LearningRateScheduler
from keras.preprocessing.image import ImageDataGenerator


def patch_batches(
    batch_size,
    root_dir,
    image_sub,
    mask_sub,
    color_mode='grayscale',
    original_image_size=(1500, 1500),
    patch_size=(256, 256),
    seed=1,
):
    """
    Endless generator of (tile, mask) batches for fit_generator, cut from whole aerial images
    
    Arguments:
        batch_size (int): how many whole images are read per step
        root_dir (str): folder that holds the image and mask sub-folders
        image_sub (str): sub-folder with the aerial images
        mask_sub (str): sub-folder with the road masks
        color_mode (str): 'rgb' or 'grayscale'
        original_image_size (tuple): size every image is resized to first
        patch_size (tuple): size of the square tiles cut from each image
        seed (int): shared seed so images and masks get the same random transforms
        
    Yields:
        (tiles, masks) : numpy arrays of all tiles of the batch and their masks
    """

    image_aug = dict(
        rotation_range=0.2,
        width_shift_range=0.05,
        height_shift_range=0.05,
        shear_range=0.05,
        zoom_range=0.05,
        horizontal_flip=True,
        fill_mode='constant',
        cval=255,
        rescale=1 / 255.
    )
    mask_aug = image_aug.copy()
    mask_aug['cval'] = 0

    image_gen = ImageDataGenerator(**image_aug)
    mask_gen = ImageDataGenerator(**mask_aug)

    image_flow = image_gen.flow_from_directory(
        root_dir,
        classes=[image_sub],
        class_mode=None,
        color_mode=color_mode,
        batch_size=batch_size,
        target_size=original_image_size,
        seed=seed
    )
    mask_flow = mask_gen.flow_from_directory(
        root_dir,
        classes=[mask_sub],
        class_mode=None,
        color_mode=color_mode,
        batch_size=batch_size,
        target_size=original_image_size,
        seed=seed
    )

    patch_batches = zip(image_flow, mask_flow)

    pad_x = original_image_size[0] % patch_size[0]
    pad_y = original_image_size[1] % patch_size[1]
    padding = ((0, pad_x), (0, pad_y), (0, 0))
    image_fill = ((1., 1.), (1., 1.), (1., 1.))
    mask_fill = ((0., 0.), (0., 0.), (0., 0.))
    if color_mode == 'grayscale':
        patch_size = patch_size + (1, )
    else:
        patch_size = patch_size + (3, )
    stride = patch_size

    per_row = math.ceil(original_image_size[0] / patch_size[0])
    per_col = math.ceil(original_image_size[1] / patch_size[1])
    per_image = per_row * per_col
    image_block = np.zeros(
        (batch_size * per_image, ) + patch_size
    )
    mask_block = np.zeros(
        (batch_size * per_image, ) + patch_size
    )

    for (images, masks) in patch_batches:
        slot = 0

        masks[masks > 0.5] = 1.
        masks[masks <= 0.5] = 0.

        for k in range(images.shape[0]):
            img = images[k]
            msk = masks[k]

            img = pad(
                img,
                pad_width=padding,
                mode='constant',
                constant_values=image_fill
            )

            msk = pad(
                msk,
                pad_width=padding,
                mode='constant',
                constant_values=mask_fill
            )

            img_tiles = view_as_windows(
                img, window_shape=patch_size, step=stride
            ).reshape((-1, ) + stride)

            msk_tiles = view_as_windows(
                msk, window_shape=patch_size, step=stride
            ).reshape((-1, ) + stride)

            for t in range(img_tiles.shape[0]):
                image_block[slot] = img_tiles[t]
                mask_block[slot] = msk_tiles[t]
                slot += 1
        yield (image_block, mask_block)


# fit the network
fit_stream = patch_batches(10, 'data/train', 'images', 'labels')
val_stream = patch_batches(10, 'data/val', 'images', 'labels')

net = unet.unet(input_size=(256, 256, 1))
keeper = ModelCheckpoint(
    'saved_model/unet_road_detection.hdf5',
    monitor='val_loss',
    save_best_only=True
)
net.fit_generator(
    fit_stream,
    steps_per_epoch=10000,
    validation_data=val_stream,
    validation_steps=2000,
    epochs=45,
    callbacks=[keeper]
)
