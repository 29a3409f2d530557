from utils import *
from tensorflow.keras.preprocessing.image import ImageDataGenerator
import numpy as np

def CustomGenerator(which, per_batch, holdout_frac, num_classes, target_size=(128, 128), seed = 1):
    photo_aug = ImageDataGenerator(
        rescale=1. / 255,
        shear_range=0.2,
        zoom_range=0.2,
        horizontal_flip=True,
        validation_split=holdout_frac,
    )

    label_aug = ImageDataGenerator(
        validation_split=holdout_frac
    )

    photo_flow = photo_aug.flow_from_directory(
        'data/images', batch_size=per_batch, seed=seed, subset=which, target_size=target_size
    )

    label_flow = label_aug.flow_from_directory(
        'data/masks', batch_size=per_batch, seed=seed, subset=which, target_size=target_size, color_mode = 'grayscale'
    )
    while(True):
        photos = photo_flow.next()
        labels = label_flow.next()
        onehots = [image2onehot(labels[0][k, :, :, :], num_classes) for k in range(labels[0].shape[0])]
        photos = np.array([p for p in photos[0]])
        yield photos, np.asarray(onehots)

