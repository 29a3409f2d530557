"""
Facial-expression classifier (7 emotions) trained on FER-2013 with a small
Xception-style network and on-the-fly Keras augmentation.

Dataset loader, input scaling and the model definition are included below.
"""
import numpy as np
import pandas as pd
import cv2

from keras.callbacks import CSVLogger, ModelCheckpoint, EarlyStopping
from keras.callbacks import ReduceLROnPlateau
from keras.preprocessing.image import ImageDataGenerator
from keras.layers import Activation, Conv2D
from keras.layers import BatchNormalization
from keras.layers import GlobalAveragePooling2D
from keras.models import Model
from keras.layers import Input
from keras.layers import MaxPooling2D
from keras.layers import SeparableConv2D
from keras import layers
from keras.regularizers import l2


# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------
def mini_XCEPTION(input_shape, num_classes, l2_regularization=0.01):
    reg = l2(l2_regularization)

    # stem
    inp = Input(input_shape)
    x = Conv2D(8, (3, 3), strides=(1, 1), kernel_regularizer=reg, use_bias=False)(inp)
    x = BatchNormalization()(x)
    x = Activation('relu')(x)
    x = Conv2D(8, (3, 3), strides=(1, 1), kernel_regularizer=reg, use_bias=False)(x)
    x = BatchNormalization()(x)
    x = Activation('relu')(x)

    # four residual separable-conv blocks: 16, 32, 64, 128 channels
    for width in (16, 32, 64, 128):
        shortcut = Conv2D(width, (1, 1), strides=(2, 2), padding='same', use_bias=False)(x)
        shortcut = BatchNormalization()(shortcut)

        x = SeparableConv2D(width, (3, 3), padding='same', kernel_regularizer=reg, use_bias=False)(x)
        x = BatchNormalization()(x)
        x = Activation('relu')(x)
        x = SeparableConv2D(width, (3, 3), padding='same', kernel_regularizer=reg, use_bias=False)(x)
        x = BatchNormalization()(x)

        x = MaxPooling2D((3, 3), strides=(2, 2), padding='same')(x)
        x = layers.add([x, shortcut])

    x = Conv2D(num_classes, (3, 3), padding='same')(x)
    x = GlobalAveragePooling2D()(x)
    out = Activation('softmax', name='predictions')(x)

    model = Model(inp, out)
    return model


# ---------------------------------------------------------------------------
# data
# ---------------------------------------------------------------------------
class DataManager(object):
    """Loads the FER-2013 csv (one row per face, pixels as a space-separated string)."""

    def __init__(self, dataset_name='fer2013', dataset_path=None, image_size=(48, 48)):
        self.dataset_name = dataset_name
        self.dataset_path = dataset_path
        self.image_size = image_size
        if self.dataset_path is not None:
            self.dataset_path = dataset_path
        elif self.dataset_name == 'fer2013':
            self.dataset_path = '../datasets/fer2013/fer2013.csv'
        else:
            raise Exception('Incorrect dataset name, please input fer2013')

    def get_data(self):
        if self.dataset_name == 'fer2013':
            ground_truth_data = self._load_fer2013()
        return ground_truth_data

    def _load_fer2013(self):
        table = pd.read_csv(self.dataset_path)
        pixel_strings = table['pixels'].tolist()
        side_w, side_h = 48, 48
        decoded = []
        for s in pixel_strings:
            values = [int(v) for v in s.split(' ')]
            img = np.asarray(values).reshape(side_w, side_h)
            img = cv2.resize(img.astype('uint8'), self.image_size)
            decoded.append(img.astype('float32'))
        decoded = np.asarray(decoded)
        decoded = np.expand_dims(decoded, -1)
        targets = pd.get_dummies(table['emotion']).as_matrix()
        return decoded, targets


def split_data(x, y, validation_split=.2):
    n = len(x)
    n_train = int((1 - validation_split) * n)
    train_x = x[:n_train]
    train_y = y[:n_train]
    val_x = x[n_train:]
    val_y = y[n_train:]
    return (train_x, train_y), (val_x, val_y)


def preprocess_input(x, v2=True):
    """Scale pixels to [0, 1], or to [-1, 1] when v2 is set."""
    x = x.astype('float32')
    x = x / 255.0
    if v2:
        x = x - 0.5
        x = x * 2.0
    return x


# ---------------------------------------------------------------------------
# training configuration
# ---------------------------------------------------------------------------
batch_size = 32
num_epochs = 10000
input_shape = (64, 64, 1)
validation_split = .2
verbose = 1
num_classes = 7
patience = 50
base_path = '../trained_models/emotion_models/'

# random geometric augmentation applied per batch
augmenter = ImageDataGenerator(
    featurewise_center=False,
    featurewise_std_normalization=False,
    rotation_range=10,
    width_shift_range=0.1,
    height_shift_range=0.1,
    zoom_range=.1,
    horizontal_flip=True)

model = mini_XCEPTION(input_shape, num_classes)
model.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])
model.summary()


for dataset_name in ['fer2013']:
    print('Training dataset:', dataset_name)

    # callbacks
    log_path = base_path + dataset_name + '_emotion_training.log'
    logger = CSVLogger(log_path, append=False)
    stopper = EarlyStopping('val_loss', patience=patience)
    lr_cut = ReduceLROnPlateau('val_loss', factor=0.1, patience=int(patience / 4), verbose=1)
    prefix = base_path + dataset_name + '_mini_XCEPTION'
    ckpt_names = prefix + '.{epoch:02d}-{val_acc:.2f}.hdf5'
    ckpt = ModelCheckpoint(ckpt_names, 'val_loss', verbose=1, save_best_only=True)
    cbs = [ckpt, logger, stopper, lr_cut]

    # load and scale the faces
    loader = DataManager(dataset_name, image_size=input_shape[:2])
    faces, emotions = loader.get_data()
    faces = preprocess_input(faces)
    num_samples, num_classes = emotions.shape
    train_part, val_part = split_data(faces, emotions, validation_split)
    train_faces, train_emotions = train_part
    model.fit_generator(augmenter.flow(train_faces, train_emotions, batch_size),
                        steps_per_epoch=len(train_faces) / batch_size,
                        epochs=num_epochs, verbose=1, callbacks=cbs,
                        validation_data=val_part)
