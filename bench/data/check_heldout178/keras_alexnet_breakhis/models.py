from keras.models import Sequential
from keras.layers import Dense, Activation, Dropout, Flatten, Conv2D, MaxPooling2D
from keras.layers.normalization import BatchNormalization


class Models:

    @staticmethod
    def alexnet(image_height, image_width, channels):
        model = Sequential()
        # conv block 1
        model.add(Conv2D(filters=96, input_shape=(image_height, image_width, channels), kernel_size=(11, 11), strides=(4, 4), padding='same'))
        model.add(BatchNormalization())
        model.add(Activation('relu'))
        model.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), padding='same'))

        # conv block 2
        model.add(Conv2D(filters=256, kernel_size=(5, 5), strides=(1, 1), padding='same'))
        model.add(BatchNormalization())
        model.add(Activation('relu'))
        model.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), padding='same'))

        # conv block 3
        model.add(Conv2D(filters=384, kernel_size=(3, 3), strides=(1, 1), padding='same'))
        model.add(BatchNormalization())
        model.add(Activation('relu'))

        # conv block 4
        model.add(Conv2D(filters=384, kernel_size=(3, 3), strides=(1, 1), padding='same'))
        model.add(BatchNormalization())
        model.add(Activation('relu'))

        # conv block 5
        model.add(Conv2D(filters=256, kernel_size=(3, 3), strides=(1, 1), padding='same'))
        model.add(BatchNormalization())
        model.add(Activation('relu'))
        model.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), padding='same'))

        # flatten the feature map for the dense head
        model.add(Flatten())
        # dense layer 1
        model.add(Dense(4096, input_shape=(32, 32, 3,)))
        model.add(BatchNormalization())
        model.add(Activation('relu'))
        # dropout for regularisation
        model.add(Dropout(0.4))

        # dense layer 2
        model.add(Dense(4096))
        model.add(BatchNormalization())
        model.add(Activation('relu'))
        # dropout
        model.add(Dropout(0.4))

        # dense layer 3
        model.add(Dense(1000))
        model.add(BatchNormalization())
        model.add(Activation('relu'))
        # dropout
        model.add(Dropout(0.4))

        # single output unit
        model.add(Dense(1))
        model.add(BatchNormalization())
        model.add(Activation('softmax'))

        return model
