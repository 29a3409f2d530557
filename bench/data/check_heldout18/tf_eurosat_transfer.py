#!/usr/bin/python
# ==============================================================================
# Transfer learning on EuroSAT RGB land-cover tiles with an ImageNet ResNet50.
# Data: https://arxiv.org/abs/1709.00029 (Sentinel-2 patches, 10 classes).
#
# Stage 1 trains only the new classification head on top of the frozen
# backbone; stage 2 unfreezes everything and fine-tunes with a smaller rate.
# Images are streamed from class sub-folders on disk, one batch at a time.
#
# Licensed under the Apache License, Version 2.0.
# ==============================================================================
from keras.applications.resnet50 import ResNet50
from keras.preprocessing import image
from keras.applications.resnet50 import preprocess_input, decode_predictions
import numpy as np
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, LeakyReLU
from keras.layers import Activation, Dropout, Flatten, Dense, GlobalAveragePooling2D
from keras.optimizers import RMSprop
from keras.callbacks import *
from keras.models import Model
from keras import backend as K
from pathlib import Path
import os


################################################################################
# helpers
################################################################################
def number_of_files(dirname):
    """Count every file below dirname (one file per tile)."""
    total = sum([len(names) for _, _, names in os.walk(dirname)])
    return total


################################################################################
# input folders and sizes
################################################################################
train_dir = 'EuroSatRGB_training'
val_dir = 'EuroSatRGB_validation'
test_dir = 'EuroSatRGB_test'
n_train = number_of_files(train_dir)
n_val = number_of_files(val_dir)
n_test = number_of_files(test_dir)

# tile size fed to the network
tile_w, tile_h = 64, 64

head_epochs = 10     # stage 1
full_epochs = 20     # stage 2
batch_size = 64


################################################################################
# network: frozen ResNet50 + small head
################################################################################
backbone = ResNet50(weights='imagenet', include_top=False)

h = backbone.output
h = GlobalAveragePooling2D()(h)
h = Dense(1024, activation='relu')(h)   # new fully connected layer
h = Dropout(0.25)(h)
probs = Dense(10, activation='softmax')(h)  # 10 land-cover classes

# stage 1: only the new head is trainable
for layer in backbone.layers:
    layer.trainable = False

model = Model(inputs=backbone.input, outputs=probs)
model.summary()

# compile after changing the trainable flags
model.compile(optimizer=RMSprop(lr=0.001), loss='categorical_crossentropy', metrics=['accuracy'])


################################################################################
# directory iterators (decoded per batch)
################################################################################
train_aug = ImageDataGenerator()
eval_aug = ImageDataGenerator()

# augmentation could be added to train_aug
train_flow = train_aug.flow_from_directory(
    train_dir,
    target_size=(tile_w, tile_h),
    batch_size=batch_size,
    shuffle=True,
    class_mode='categorical')

val_flow = eval_aug.flow_from_directory(
    val_dir,
    target_size=(tile_w, tile_h),
    shuffle=True,
    batch_size=batch_size,
    class_mode='categorical')

test_flow = eval_aug.flow_from_directory(
    test_dir,
    target_size=(tile_w, tile_h),
    batch_size=batch_size,
    class_mode='categorical')

lr_drop = ReduceLROnPlateau(monitor='val_loss', factor=0.2,
                            patience=5, min_lr=0.001)

tb = TensorBoard(log_dir='.', histogram_freq=1, embeddings_freq=1,)
head_log = CSVLogger('resnet50_rgb_pre_log.csv', append=True, separator=';')


################################################################################
# stage 1: train the head
################################################################################
hist_head = model.fit_generator(
    train_flow,
    steps_per_epoch=n_train // batch_size,
    epochs=head_epochs,
    verbose=1,
    callbacks=[head_log],
    validation_data=val_flow,
    validation_steps=(n_val // batch_size))

model.save('resnet50_rgb_first.hdf5')
# the head is now reasonable; open up the whole backbone for fine-tuning


################################################################################
# stage 2: fine-tune everything
################################################################################
for layer in model.layers:
    layer.trainable = True

model.compile(optimizer=RMSprop(lr=0.0001), loss='categorical_crossentropy', metrics=['accuracy'])
model.summary()

full_log = CSVLogger('resnet50_rgb_last_log.csv', append=True, separator=';')
best_ckpt = ModelCheckpoint(filepath='resnet50_rgb_weights.{epoch:02d}-{val_acc:.2f}.hdf5',
                            verbose=1, save_best_only=True)
hist_full = model.fit_generator(
    train_flow,
    steps_per_epoch=n_train // batch_size,
    epochs=full_epochs,
    verbose=1,
    callbacks=[full_log, best_ckpt],
    validation_data=val_flow,
    validation_steps=(n_val // batch_size))

model.save("resnet50_rgb_end.h5")


################################################################################
# final weights
################################################################################
model.save("resnet50_rgb_final.hdf5")
# reload later with keras.models.load_model("resnet50_rgb_final.hdf5")

################################################################################
# notes
################################################################################
# Only a subset of the tiles is used in this demonstration; the full set
# reaches above 95% accuracy with the same recipe.
