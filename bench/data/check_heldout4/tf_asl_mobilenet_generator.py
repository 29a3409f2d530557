# source: https://github.com/We-Gold/ASL-Translator/blob/00c5b4b7231f1b5d0422f865d2f31bc67301254b/transfer_train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import pandas as pd
import numpy as np
import os
import keras
import matplotlib.pyplot as plt
from keras.layers import Dense,GlobalAveragePooling2D
from keras.applications import MobileNet
from keras.preprocessing import image
from keras.applications.mobilenet import preprocess_input
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Model
from keras.optimizers import Adam
from keras.callbacks import ModelCheckpoint

# pretrained backbone without its classifier
backbone = MobileNet(weights = 'imagenet',include_top = False)

h = backbone.output
h = GlobalAveragePooling2D()(h)
h = Dense(512,activation = 'relu')(h)
h = Dense(256,activation = 'relu')(h)
probs = Dense(29,activation = 'softmax')(h)

# stitch backbone and new head together
classifier = Model(inputs = backbone.input,outputs = probs)

for layer in classifier.layers[:20]:
    layer.trainable = False
for layer in classifier.layers[20:]:
    layer.trainable = True

# augmenting generator that reads the folders batch by batch
augmenter = ImageDataGenerator(rescale = 1./255, rotation_range = 15, width_shift_range = 0.25, height_shift_range = 0.25)

batches = augmenter.flow_from_directory('signs/train',
                                                 target_size = (200,200),
                                                 color_mode = 'rgb',
                                                 batch_size = 32,
                                                 class_mode = 'categorical',
                                                 shuffle = True)

classifier.compile(optimizer = 'Adam',loss = 'categorical_crossentropy',metrics = ['accuracy'])

snapshot = ModelCheckpoint("snapshots/epoch_{epoch:02d}.h5",
                                          save_weights_only = False,
                                          verbose = 1)

steps = batches.n//batches.batch_size

# fit and store
classifier.fit_generator(generator = batches,
                   steps_per_epoch = steps,
                   epochs = 5,
                   callbacks = [snapshot])

classifier.save("sign_classifier.h5")
