""" A fully convolutional lane segmenter (no dense layers at all).
Road frames arrive as 80 x 160 x 3 RGB arrays; each target is an
80 x 160 x 1 mask holding only the green channel where the lane was
painted. To display a prediction, stack it with empty red and blue
channels and blend it back over the road frame.
"""

import numpy as np
import pickle
from sklearn.utils import shuffle
from sklearn.model_selection import train_test_split

# Keras building blocks
from keras.models import Sequential
from keras.layers import Activation, Dropout, UpSampling2D
from keras.layers import Conv2DTranspose, Conv2D, MaxPooling2D
from keras.layers.normalization import BatchNormalization
from keras.preprocessing.image import ImageDataGenerator
from keras import regularizers


def build_lane_net(in_shape, pool_dims):
    # Assemble the encoder/decoder stack
    net = Sequential()
    # Scale the raw inputs; the first layer carries the input shape
    net.add(BatchNormalization(input_shape=in_shape))

    # Layer names are only given to make the summary easier to follow
    # Encoder conv a
    net.add(Conv2D(8, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Conv1'))

    # Encoder conv b
    net.add(Conv2D(16, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Conv2'))

    # First downsampling
    net.add(MaxPooling2D(pool_size=pool_dims))

    # Encoder conv c
    net.add(Conv2D(16, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Conv3'))
    net.add(Dropout(0.2))

    # Encoder conv d
    net.add(Conv2D(32, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Conv4'))
    net.add(Dropout(0.2))

    # Encoder conv e
    net.add(Conv2D(32, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Conv5'))
    net.add(Dropout(0.2))

    # Second downsampling
    net.add(MaxPooling2D(pool_size=pool_dims))

    # Encoder conv f
    net.add(Conv2D(64, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Conv6'))
    net.add(Dropout(0.2))

    # Encoder conv g
    net.add(Conv2D(64, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Conv7'))
    net.add(Dropout(0.2))

    # Third downsampling
    net.add(MaxPooling2D(pool_size=pool_dims))

    # First upsampling
    net.add(UpSampling2D(size=pool_dims))

    # Decoder transpose a
    net.add(Conv2DTranspose(64, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Deconv1'))
    net.add(Dropout(0.2))

    # Decoder transpose b
    net.add(Conv2DTranspose(64, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Deconv2'))
    net.add(Dropout(0.2))

    # Second upsampling
    net.add(UpSampling2D(size=pool_dims))

    # Decoder transpose c
    net.add(Conv2DTranspose(32, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Deconv3'))
    net.add(Dropout(0.2))

    # Decoder transpose d
    net.add(Conv2DTranspose(32, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Deconv4'))
    net.add(Dropout(0.2))

    # Decoder transpose e
    net.add(Conv2DTranspose(16, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Deconv5'))
    net.add(Dropout(0.2))

    # Third upsampling
    net.add(UpSampling2D(size=pool_dims))

    # Decoder transpose f
    net.add(Conv2DTranspose(16, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Deconv6'))

    # Output: a single mask channel, so one filter
    net.add(Conv2DTranspose(1, (3, 3), padding='valid', strides=(1,1), activation = 'relu', name = 'Final'))

    return net


def run():
    # Road frames from disk
    frames = pickle.load(open("full_CNN_train.p", "rb" ))

    # Matching lane masks
    masks = pickle.load(open("full_CNN_labels.p", "rb" ))

    # Turn the pickled lists into numpy arrays
    frames = np.array(frames)
    masks = np.array(masks)

    # Scale the masks to 0..1; frames are scaled inside the net
    masks = masks / 255

    # Mix the samples, then hold out part of them for validation
    frames, masks = shuffle(frames, masks)
    # Hold-out share of 10 percent
    tr_frames, va_frames, tr_masks, va_masks = train_test_split(frames, masks, test_size=0.1)

    # Knobs worth tuning
    bs = 128
    n_epochs = 10
    pool_dims = (2, 2)
    in_shape = tr_frames.shape[1:]

    # Build the network
    net = build_lane_net(in_shape, pool_dims)

    # Feed batches through an augmenting generator
    # Small colour shifts make the model robust to shade
    augmenter = ImageDataGenerator(channel_shift_range=0.2)
    augmenter.fit(tr_frames)

    # Compile and train
    net.compile(optimizer='Adam', loss='mean_squared_error')
    net.fit_generator(augmenter.flow(tr_frames, tr_masks, batch_size=bs), steps_per_epoch=len(tr_frames)/bs,
    epochs=n_epochs, verbose=1, validation_data=(va_frames, va_masks))

    # Training over: lock the weights
    net.trainable = False
    net.compile(optimizer='Adam', loss='mean_squared_error')

    # Write architecture plus weights
    net.save('full_CNN_model.h5')

    # Print the layer table
    net.summary()

if __name__ == '__main__':
    run()
