import tensorflow as tf
import numpy as np
import tensorflow.keras as keras
import pickle
from sklearn.utils import shuffle
from sklearn.model_selection import train_test_split


class LaneNet:
    def __init__(self, frame_shape, pooling):
        self.frame_shape = frame_shape
        self.pooling = pooling
        self.model = keras.models.Sequential()

    def createmodel(self):

        self.model.add(keras.layers.BatchNormalization(input_shape = self.frame_shape))
        self.model.add(keras.layers.Conv2D(filters = 8, kernel_size = (3, 3), strides = (1, 1), padding = "valid",
                                           activation = "relu", name = "Conv1"))
        self.model.add(keras.layers.Conv2D(filters = 16, kernel_size = (3, 3), strides = (1, 1), padding = "valid",
                                           activation = "relu", name = "Conv2"))
        self.model.add(keras.layers.MaxPool2D(pool_size = self.pooling))

        self.model.add(keras.layers.Conv2D(filters = 16, kernel_size = (3, 3), strides = (1, 1), padding = "valid",
                                           activation = "relu", name = "Conv3"))
        self.model.add(keras.layers.Dropout(0.2))
        self.model.add(keras.layers.Conv2D(filters = 32, kernel_size = (3, 3), strides = (1, 1), padding = "valid",
                                           activation = "relu", name = "Conv4"))
        self.model.add(keras.layers.Dropout(0.2))
        self.model.add(keras.layers.Conv2D(filters = 32, kernel_size = (3, 3), strides = (1, 1), padding = "valid",
                                           activation = "relu", name = "Conv5"))
        self.model.add(keras.layers.MaxPool2D(pool_size = self.pooling))

        self.model.add(keras.layers.Conv2D(filters = 64, kernel_size = (3, 3), strides = (1, 1), padding = "valid",
                                           activation = "relu", name = "Conv6"))
        self.model.add(keras.layers.Dropout(0.2))
        self.model.add(keras.layers.Conv2D(filters = 64, kernel_size = (3, 3), strides = (1, 1), padding = "valid",
                                           activation = "relu", name = "Conv7"))
        self.model.add(keras.layers.Dropout(0.2))
        self.model.add(keras.layers.MaxPool2D(pool_size = self.pooling))

        self.model.add(keras.layers.UpSampling2D(size = self.pooling))
        self.model.add(
                keras.layers.Conv2DTranspose(filters = 64, kernel_size = (3, 3), strides = (1, 1), padding = "valid",
                                             activation = "relu", name = "DeConv1"))
        self.model.add(keras.layers.Dropout(0.2))
        self.model.add(
                keras.layers.Conv2DTranspose(filters = 64, kernel_size = (3, 3), strides = (1, 1), padding = "valid",
                                             activation = "relu", name = "DeConv2"))
        self.model.add(keras.layers.Dropout(0.2))
        self.model.add(keras.layers.UpSampling2D(size = self.pooling))

        self.model.add(
                keras.layers.Conv2DTranspose(32, (3, 3), padding = 'valid', strides = (1, 1), activation = 'relu',
                                             name = 'DeConv3'))
        self.model.add(keras.layers.Dropout(0.2))

        self.model.add(
                keras.layers.Conv2DTranspose(32, (3, 3), padding = 'valid', strides = (1, 1), activation = 'relu',
                                             name = 'DeConv4'))
        self.model.add(keras.layers.Dropout(0.2))

        self.model.add(
                keras.layers.Conv2DTranspose(16, (3, 3), padding = 'valid', strides = (1, 1), activation = 'relu',
                                             name = 'DeConv5'))
        self.model.add(keras.layers.Dropout(0.2))

        self.model.add(keras.layers.UpSampling2D(size = self.pooling))

        self.model.add(
                keras.layers.Conv2DTranspose(16, (3, 3), padding = 'valid', strides = (1, 1), activation = 'relu',
                                             name = 'DeConv6'))

        self.model.add(keras.layers.Conv2DTranspose(1, (3, 3), padding = 'valid', strides = (1, 1), activation = 'relu',
                                                    name = 'Final'))

    def buildModel(self, frames_fit, masks_fit, frames_hold, masks_hold, batch_size = 128, epochs = 10, save = "", summary = False):
        # Feed batches from a generator rather than one big call
        # a small channel shift makes the net less sensitive to shade
        augmenter = keras.preprocessing.image.ImageDataGenerator(channel_shift_range = 0.2)
        augmenter.fit(frames_fit)
        # Set up the loss and run the training
        self.model.compile(optimizer = 'Adam', loss = 'mean_squared_error')
        # batches are produced by the augmenter one at a time
        self.model.fit_generator(
                augmenter.flow(frames_fit, masks_fit, batch_size = batch_size),
                steps_per_epoch = len(frames_fit) / batch_size,
                epochs = epochs, verbose = 1, validation_data = (frames_hold, masks_hold))
        # Lock the weights once the run is over
        if len(save) != 0:
            # weights frozen before the recompile
            self.model.trainable = False
            self.model.compile(optimizer = 'Adam', loss = 'mean_squared_error')
            # Write architecture and weights to disk
            self.model.save(save)
        if summary:
            self.model.summary()


if __name__ == '__main__':
    """
    quick self-check
    """
    # Read the road frames
    # frames come from a single pickle file
    road_frames = pickle.load(open("archive/full_CNN_train.p", "rb"))

    # Read the lane masks
    # masks come from a second pickle file
    lane_masks = pickle.load(open("archive/full_CNN_labels.p", "rb"))

    # Turn both lists into numpy arrays for keras
    road_frames = np.array(road_frames)
    lane_masks = np.array(lane_masks)

    # Scale masks to [0, 1]; frames are scaled by the first layer of the net
    lane_masks = lane_masks / 255

    # Mix frames and masks together, then hold out a validation part
    road_frames, lane_masks = shuffle(road_frames, lane_masks)
    # hold out one tenth
    frames_fit, frames_hold, masks_fit, masks_hold = train_test_split(road_frames, lane_masks, test_size = 0.1)

    # Tunable knobs for the run
    chunk = 128
    rounds = 10
    pooling = (2, 2)
    frame_shape = frames_fit.shape[1:]
    net = LaneNet(frame_shape, pooling)
    net.createmodel()
    net.buildModel(frames_fit, masks_fit, frames_hold, masks_hold)
