"""
Seven-way facial expression recognition on FER-2013 using a compact
Xception-like CNN, with random Keras image augmentation during fitting.

The csv reader, the pixel scaling and the network builder are inlined here.
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
# network
# ---------------------------------------------------------------------------
def small_xception_net(in_shape, n_emotions, l2_weight=0.01):
    wreg = l2(l2_weight)

    # two plain 3x3 convolutions first
    face_in = Input(in_shape)
    x = Conv2D(8, (3, 3), strides=(1, 1), kernel_regularizer=wreg, use_bias=False)(face_in)
    x = BatchNormalization()(x)
    x = Activation('relu')(x)
    x = Conv2D(8, (3, 3), strides=(1, 1), kernel_regularizer=wreg, use_bias=False)(x)
    x = BatchNormalization()(x)
    x = Activation('relu')(x)

    # then 4 residual blocks of depthwise-separable convs (16 -> 128 channels)
    for n_ch in (16, 32, 64, 128):
        proj = Conv2D(n_ch, (1, 1), strides=(2, 2), padding='same', use_bias=False)(x)
        proj = BatchNormalization()(proj)

        x = SeparableConv2D(n_ch, (3, 3), padding='same', kernel_regularizer=wreg, use_bias=False)(x)
        x = BatchNormalization()(x)
        x = Activation('relu')(x)
        x = SeparableConv2D(n_ch, (3, 3), padding='same', kernel_regularizer=wreg, use_bias=False)(x)
        x = BatchNormalization()(x)

        x = MaxPooling2D((3, 3), strides=(2, 2), padding='same')(x)
        x = layers.add([x, proj])

    x = Conv2D(n_emotions, (3, 3), padding='same')(x)
    x = GlobalAveragePooling2D()(x)
    softmax_out = Activation('softmax', name='predictions')(x)

    net_model = Model(face_in, softmax_out)
    return net_model


# ---------------------------------------------------------------------------
# reading the csv
# ---------------------------------------------------------------------------
class Fer2013Reader(object):
    """Reads fer2013.csv: one face per row, its 48x48 pixels in one string."""

    def __init__(self, dataset_id='fer2013', csv_dataset_path=None, img_hw=(48, 48)):
        self.dataset_id = dataset_id
        self.csv_dataset_path = csv_dataset_path
        self.img_hw = img_hw
        if self.csv_dataset_path is not None:
            self.csv_dataset_path = csv_dataset_path
        elif self.dataset_id == 'fer2013':
            self.csv_dataset_path = '../datasets/fer2013/fer2013.csv'
        else:
            raise Exception('only the fer2013 dataset is supported')

    def read_all_data(self):
        if self.dataset_id == 'fer2013':
            faces_and_labels = self._parse_fer_csv()
        return faces_and_labels

    def _parse_fer_csv(self):
        frame = pd.read_csv(self.csv_dataset_path)
        pixel_rows = frame['pixels'].tolist()
        raw_w, raw_h = 48, 48
        face_imgs = []
        for row_str in pixel_rows:
            px = [int(v) for v in row_str.split(' ')]
            face_img = np.asarray(px).reshape(raw_w, raw_h)
            face_img = cv2.resize(face_img.astype('uint8'), self.img_hw)
            face_imgs.append(face_img.astype('float32'))
        face_imgs = np.asarray(face_imgs)
        face_imgs = np.expand_dims(face_imgs, -1)
        onehot_targets = pd.get_dummies(frame['emotion']).as_matrix()
        return face_imgs, onehot_targets


def split_train_val(x, y, val_fraction=.2):
    n_total = len(x)
    train_count = int((1 - val_fraction) * n_total)
    train_x_part = x[:train_count]
    train_y_part = y[:train_count]
    val_x_part = x[train_count:]
    val_y_part = y[train_count:]
    return (train_x_part, train_y_part), (val_x_part, val_y_part)


def scale_faces(x, signed=True):
    """Map pixels into 0..1, or into -1..1 if signed is true."""
    x = x.astype('float32')
    x = x / 255.0
    if signed:
        x = x - 0.5
        x = x * 2.0
    return x


# ---------------------------------------------------------------------------
# run settings
# ---------------------------------------------------------------------------
batch_n = 32
epoch_limit = 10000
in_shape = (64, 64, 1)
val_fraction = .2
verbosity = 1
n_emotions = 7
wait_epochs = 50
models_dir = '../trained_models/emotion_models/'

# random rotations, shifts, zooms and flips for each batch
aug_gen = ImageDataGenerator(
    featurewise_center=False,
    featurewise_std_normalization=False,
    rotation_range=10,
    width_shift_range=0.1,
    height_shift_range=0.1,
    zoom_range=.1,
    horizontal_flip=True)

emotion_model = small_xception_net(in_shape, n_emotions)
emotion_model.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])
emotion_model.summary()


for dataset_id in ['fer2013']:
    print('fitting on', dataset_id)

    # logging, early stopping, LR reduction and checkpoints
    csv_log_path = models_dir + dataset_id + '_emotion_training.log'
    csv_logger = CSVLogger(csv_log_path, append=False)
    early_stop = EarlyStopping('val_loss', patience=wait_epochs)
    lr_reducer = ReduceLROnPlateau('val_loss', factor=0.1, patience=int(wait_epochs / 4), verbose=1)
    ckpt_prefix = models_dir + dataset_id + '_mini_XCEPTION'
    ckpt_pattern = ckpt_prefix + '.{epoch:02d}-{val_acc:.2f}.hdf5'
    ckpt_cb = ModelCheckpoint(ckpt_pattern, 'val_loss', verbose=1, save_best_only=True)
    callback_list = [ckpt_cb, csv_logger, early_stop, lr_reducer]

    # read all faces and scale them
    fer_reader = Fer2013Reader(dataset_id, img_hw=in_shape[:2])
    face_data, emotion_labels = fer_reader.read_all_data()
    face_data = scale_faces(face_data)
    n_faces, n_emotions = emotion_labels.shape
    train_pair, val_pair = split_train_val(face_data, emotion_labels, val_fraction)
    train_images, train_labels = train_pair
    emotion_model.fit_generator(aug_gen.flow(train_images, train_labels, batch_n),
                        steps_per_epoch=len(train_images) / batch_n,
                        epochs=epoch_limit, verbose=1, callbacks=callback_list,
                        validation_data=val_pair)
