from keras.models import Input
from keras.layers import Conv3D, MaxPool3D, Flatten, Dense
from keras.layers import Dropout, Input, BatchNormalization
from sklearn.metrics import confusion_matrix, accuracy_score
from keras.losses import categorical_crossentropy
from keras.optimizers import Adadelta
from matplotlib.pyplot import cm
from keras.models import Model
import numpy as np
import keras
import h5py


def build_video_cnn3d(class_count):
    ## clip input: frames x height x width x channels
    clip_in = Input((50, 50, 50, 3))

    ## first conv block
    c1 = Conv3D(filters=8, kernel_size=(3, 3, 3), activation='relu')(clip_in)
    c2 = Conv3D(filters=16, kernel_size=(3, 3, 3), activation='relu')(c1)

    ## halve every axis
    p1 = MaxPool3D(pool_size=(2, 2, 2))(c2)

    c3 = Conv3D(filters=32, kernel_size=(3, 3, 3), activation='relu')(p1)
    c4 = Conv3D(filters=64, kernel_size=(3, 3, 3), activation='relu')(c3)
    p2 = MaxPool3D(pool_size=(2, 2, 2))(c4)

    ## normalise the conv features before the dense head
    p2 = BatchNormalization()(p2)
    flat = Flatten()(p2)

    ## dense head 2048 -> 512 -> classes
    ## with dropout between the layers
    fc1 = Dense(units=2048, activation='relu')(flat)
    fc1 = Dropout(0.4)(fc1)
    fc2 = Dense(units=512, activation='relu')(fc1)
    fc2 = Dropout(0.4)(fc2)
    probs = Dense(units=class_count, activation='softmax')(fc2)

    ## wrap it up
    model = Model(inputs=clip_in, outputs=probs)
    return model