import os
import logging
from keras.models import Sequential
from models.base_cnn import NetBase
from utils.save_model import save_model
from keras.preprocessing.image import ImageDataGenerator
from keras.layers import Conv2D, MaxPooling2D, Flatten, Dropout, Dense


# quiet the TF logs
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'

logging.basicConfig(level=logging.INFO)
log = logging.getLogger(__name__)


class SmallCNN(NetBase):

    def __init__(self,
                 run_name='small_cnn',
                 data_name='nct_crc_he_100k',
                 split_sizes=(70010, 14995, 14995),
                 class_names=['ADI', 'BACK', 'CAS', 'CAE', 'DEB', 'LYM', 'MUC', 'NCM', 'SM'],
                 image_size=None,
                 augment=False,
                 batch_size=16,
                 loss='categorical_crossentropy',
                 learning_rate=1e-4,
                 optimizer='rmsprop',
                 metrics=['acc'],
                 epochs=100,
                 skip_filters=True):

        '''
        A four-block plain CNN for the colorectal tissue tiles; the constructor
        builds, fits, predicts and saves in one go.
        '''

        super().__init__(run_name,
                         data_name,
                         split_sizes,
                         class_names,
                         image_size,
                         augment,
                         batch_size,
                         loss,
                         learning_rate,
                         optimizer,
                         metrics,
                         epochs,
                         skip_filters)

        log.info('SmallCNN...')

        self.make_generators()
        self.build()
        self.compile(self.learning_rate)
        self.train(self.epochs)
        self.predict()
        save_model(self)

    def make_generators(self):
        log.info('Making image generators...')
        aug = ImageDataGenerator(rescale=1./255,
                                 rotation_range=45,
                                 width_shift_range=0.1,
                                 height_shift_range=0.1,
                                 shear_range=0.1,
                                 zoom_range=0.1,
                                 fill_mode='nearest',
                                 horizontal_flip=True,
                                 vertical_flip=True)
        super().make_generators(aug)

    def build(self):
        log.info('Building...')

        shape = list(self.image_size)
        shape.insert(2, 3)
        shape = tuple(shape)

        net = Sequential()
        # stage 1
        net.add(Conv2D(32, (3, 3), activation='relu', input_shape=shape, name='block1_conv1'))
        net.add(Conv2D(32, (3, 3), activation='relu', name='block1_conv2'))
        net.add(MaxPooling2D((2, 2), name='block1_pool'))
        # stage 2
        net.add(Conv2D(64, (3, 3), activation='relu', name='block2_conv1'))
        net.add(Conv2D(64, (3, 3), activation='relu', name='block2_conv2'))
        net.add(MaxPooling2D((2, 2), name='block2_pool'))
        # stage 3
        net.add(Conv2D(128, (3, 3), activation='relu', name='block3_conv1'))
        net.add(Conv2D(128, (3, 3), activation='relu', name='block3_conv2'))
        net.add(Conv2D(128, (3, 3), activation='relu', name='block3_conv3'))
        net.add(MaxPooling2D((2, 2), name='block3_pool'))
        # stage 4
        net.add(Conv2D(256, (3, 3), activation='relu', name='block4_conv1'))
        net.add(Conv2D(256, (3, 3), activation='relu', name='block4_conv2'))
        net.add(Conv2D(256, (3, 3), activation='relu', name='block4_conv3'))
        net.add(MaxPooling2D((2, 2), name='block4_pool'))
        # to vector
        net.add(Flatten(name='flatten'))
        # classifier head
        net.add(Dense(512, activation='relu', name='dense1'))
        net.add(Dropout(0.5, name='dropout1'))
        net.add(Dense(1024, activation='relu', name='dense2'))
        net.add(Dropout(0.5, name='dropout2'))
        net.add(Dense(len(self.class_names), activation='softmax', name='prediction'))

        self.model = net
