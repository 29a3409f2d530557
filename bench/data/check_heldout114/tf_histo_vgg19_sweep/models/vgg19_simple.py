import os
import logging
from keras.models import Model
from models.base_cnn import NetBase
from keras.applications import VGG19
from utils.save_model import save_model
from keras.layers import Input, Flatten, Dropout, Dense
from keras.preprocessing.image import ImageDataGenerator


# quiet the TF logs
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'

logging.basicConfig(level=logging.INFO)
log = logging.getLogger(__name__)


class VGG19Head(NetBase):

    def __init__(self,
                 run_name='vgg19_head',
                 data_name='break_his',
                 split_sizes=(1463, 309, 309),
                 class_names=['ADE', 'DUC', 'FIB', 'LOB', 'MUC', 'PAP', 'PHY', 'TUB'],
                 image_size=None,
                 augment=False,
                 batch_size=16,
                 weights='imagenet',
                 include_top=False,
                 loss='categorical_crossentropy',
                 learning_rate=1e-4,
                 optimizer='rmsprop',
                 metrics=['acc'],
                 epochs=100,
                 fine_tune=False,
                 first_trainable_block=5,
                 fine_tune_learning_rate=1e-5,
                 fine_tune_epochs=100,
                 skip_filters=True):

        '''
        Frozen ImageNet VGG19 base with a dense head for BreakHis; the constructor
        fits the head, then optionally unfreezes the last blocks and fits again.
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

        log.info('VGG19Head...')

        self.make_generators()

        self.weights = weights
        self.include_top = include_top
        self.build()

        self.compile(self.learning_rate)
        self.train(self.epochs)
        self.predict()
        save_model(self)

        self.fine_tune = fine_tune
        if self.fine_tune is True:
            if first_trainable_block >= 1 and first_trainable_block <= 5:
                self.first_trainable_block = first_trainable_block
            else:
                self.first_trainable_block = 5
            self.fine_tune_learning_rate = fine_tune_learning_rate
            self.fine_tune_epochs = fine_tune_epochs
        else:
            self.first_trainable_block = None
            self.fine_tune_learning_rate = None
            self.fine_tune_epochs = None

        if self.fine_tune is True:
            self.unfreeze_top()
            self.compile(self.fine_tune_learning_rate)
            self.train(self.fine_tune_epochs)
            self.predict()
            save_model(self)

    def make_generators(self):
        log.info('Making image generators...')
        aug = ImageDataGenerator(rescale=1./255,
                                 rotation_range=60,
                                 width_shift_range=0.2,
                                 height_shift_range=0.2,
                                 shear_range=0.2,
                                 zoom_range=0.2,
                                 fill_mode='nearest',
                                 horizontal_flip=True,
                                 vertical_flip=True)
        super().make_generators(aug)

    def build(self):
        log.info('Building...')
        shape = list(self.image_size)
        shape.insert(2, 3)
        shape = tuple(shape)

        inp = Input(list(shape))
        self.backbone = VGG19(weights=self.weights,
                              include_top=self.include_top,
                              input_tensor=inp)
        for lyr in self.backbone.layers:
            lyr.trainable = False

        if self.include_top is False:
            h = Flatten(name='flatten')(self.backbone.output)
            h = Dense(512, activation='relu', name='dense_1')(h)
            h = Dropout(0.5, name='dropout_1')(h)
            h = Dense(1024, activation='relu', name='dense_2')(h)
            h = Dropout(0.5, name='dropout_2')(h)
            h = Dense(len(self.class_names), activation='softmax', name='predictions')(h)

            net = Model(inp, h)
            self.model = net
        else:
            net = Model(inp, self.backbone)

    def unfreeze_top(self):
        log.info('Unfreezing for fine tuning...')
        for lyr in self.backbone.layers:
            if lyr.name[0:5] == 'block':
                if int(lyr.name[5]) < self.first_trainable_block:
                    lyr.trainable = False
                else:
                    lyr.trainable = True
            elif lyr.name[0:5] == 'input':
                lyr.trainable = False
            else:
                lyr.trainable = True
