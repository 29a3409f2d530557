import numpy as np
import tensorflow as tf
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.models import Model
from tensorflow.keras.applications import VGG16
from tensorflow.keras.layers import Dense, Flatten, Dropout
from tensorflow.keras.optimizers import Adam
import os

# folders
FIT_DIR = 'D:/mri_project/brain-mri/Training'
CHECK_DIR = 'D:/mri_project/brain-mri/Testing'

# input geometry
EDGE = 182  # smaller than the usual 224

BS = 16  # small batches to keep memory low

# augmentation for the training stream
aug_gen = ImageDataGenerator(rescale=1./255, rotation_range=20, zoom_range=0.2,
                                   width_shift_range=0.2, height_shift_range=0.2,
                                   shear_range=0.2, horizontal_flip=True, fill_mode='nearest')

plain_gen = ImageDataGenerator(rescale=1./255)

fit_stream = aug_gen.flow_from_directory(FIT_DIR, target_size=(EDGE, EDGE),
                                                    batch_size=BS, class_mode='categorical')

check_stream = plain_gen.flow_from_directory(CHECK_DIR, target_size=(EDGE, EDGE),
                                                batch_size=BS, class_mode='categorical')

# convolutional trunk without the classifier
trunk = VGG16(weights='imagenet', include_top=False, input_shape=(EDGE, EDGE, 3))

# keep the pretrained trunk fixed
for lyr in trunk.layers:
    lyr.trainable = False

# new head
h = Flatten()(trunk.output)
h = Dense(256, activation='relu')(h)
h = Dropout(0.5)(h)
probs = Dense(fit_stream.num_classes, activation='softmax')(h)

# full network
net = Model(inputs=trunk.input, outputs=probs)

# optimiser and loss
net.compile(optimizer=Adam(learning_rate=0.0001), loss='categorical_crossentropy', metrics=['accuracy'])

# fit from the directory streams
net.fit(fit_stream, validation_data=check_stream, epochs=5, verbose=1)

# write the weights
if not os.path.exists('models'):
    os.makedirs('models')
net.save('models/vgg16_mri.h5')
print("network written")
