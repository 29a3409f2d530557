#!/usr/bin/python
# ==============================================================================
# EuroSAT RGB land-cover classification by fine-tuning an ImageNet ResNet50.
# Tiles: Sentinel-2, 10 land-cover classes (dataset paper: arxiv.org/abs/1709.00029).
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
# utilities
################################################################################
def count_tiles(folder):
    """Number of files anywhere under folder, i.e. the number of tiles."""
    n_found = sum([len(fnames) for _, _, fnames in os.walk(folder)])
    return n_found


################################################################################
# tile folders and counts
################################################################################
train_dir = 'EuroSatRGB_training'
val_dir = 'EuroSatRGB_validation'
test_dir = 'EuroSatRGB_test'
n_train = count_tiles(train_dir)
n_val = count_tiles(val_dir)
n_test = count_tiles(test_dir)

# width and height the tiles are resized to
tile_w, tile_h = 64, 64

head_epochs = 10     # passes with the backbone frozen
full_epochs = 20     # passes with every layer trainable
batch_n = 64


################################################################################
# pretrained trunk with a fresh classifier on top
################################################################################
backbone = ResNet50(weights='imagenet', include_top=False)

h = backbone.output
h = GlobalAveragePooling2D()(h)
h = Dense(1024, activation='relu')(h)   # hidden layer of the head
h = Dropout(0.25)(h)
probs = Dense(10, activation='softmax')(h)  # one output per land-cover class

# freeze the pretrained trunk for the first stage
for lyr in backbone.layers:
    lyr.trainable = False

rgb_model = Model(inputs=backbone.input, outputs=probs)
rgb_model.summary()

# the trainable flags take effect only once the model is compiled
rgb_model.compile(optimizer=RMSprop(lr=0.001), loss='categorical_crossentropy', metrics=['accuracy'])


################################################################################
# folder readers that decode one batch at a time
################################################################################
train_aug = ImageDataGenerator()
eval_aug = ImageDataGenerator()

# no augmentation is configured (train_aug could add some)
train_flow = train_aug.flow_from_directory(
    train_dir,
    target_size=(tile_w, tile_h),
    batch_size=batch_n,
    shuffle=True,
    class_mode='categorical')

val_flow = eval_aug.flow_from_directory(
    val_dir,
    target_size=(tile_w, tile_h),
    shuffle=True,
    batch_size=batch_n,
    class_mode='categorical')

test_flow = eval_aug.flow_from_directory(
    test_dir,
    target_size=(tile_w, tile_h),
    batch_size=batch_n,
    class_mode='categorical')

lr_drop = ReduceLROnPlateau(monitor='val_loss', factor=0.2,
                            patience=5, min_lr=0.001)

tb = TensorBoard(log_dir='.', histogram_freq=1, embeddings_freq=1,)
head_log = CSVLogger('resnet50_rgb_pre_log.csv', append=True, separator=';')


################################################################################
# first stage: fit the head alone
################################################################################
hist_head = rgb_model.fit_generator(
    train_flow,
    steps_per_epoch=n_train // batch_n,
    epochs=head_epochs,
    verbose=1,
    callbacks=[head_log],
    validation_data=val_flow,
    validation_steps=(n_val // batch_n))

rgb_model.save('resnet50_rgb_first.hdf5')
# second stage follows: every ResNet layer becomes trainable


################################################################################
# second stage: fine-tune the whole network at a lower rate
################################################################################
for lyr in rgb_model.layers:
    lyr.trainable = True

rgb_model.compile(optimizer=RMSprop(lr=0.0001), loss='categorical_crossentropy', metrics=['accuracy'])
rgb_model.summary()

full_log = CSVLogger('resnet50_rgb_last_log.csv', append=True, separator=';')
best_ckpt = ModelCheckpoint(filepath='resnet50_rgb_weights.{epoch:02d}-{val_acc:.2f}.hdf5',
                            verbose=1, save_best_only=True)
hist_full = rgb_model.fit_generator(
    train_flow,
    steps_per_epoch=n_train // batch_n,
    epochs=full_epochs,
    verbose=1,
    callbacks=[full_log, best_ckpt],
    validation_data=val_flow,
    validation_steps=(n_val // batch_n))

rgb_model.save("resnet50_rgb_end.h5")


################################################################################
# save the result
################################################################################
rgb_model.save("resnet50_rgb_final.hdf5")
# to reuse: keras.models.load_model("resnet50_rgb_final.hdf5")

################################################################################
# remark
################################################################################
# The course demo trains on a reduced tile set; trained on all tiles this
# setup is reported to pass 95% accuracy.
