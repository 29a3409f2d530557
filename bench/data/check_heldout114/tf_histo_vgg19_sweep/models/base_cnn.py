import os
import logging
import numpy as np
from PIL import Image
from keras.optimizers import SGD, RMSprop, Adam
from keras.preprocessing.image import ImageDataGenerator


logging.basicConfig(level=logging.INFO)
log = logging.getLogger(__name__)


class NetBase():

    def __init__(self,
                 run_name,
                 data_name,
                 split_sizes,
                 class_names,
                 image_size=None,
                 augment=False,
                 batch_size=32,
                 loss='categorical_crossentropy',
                 learning_rate=1e-4,
                 optimizer='rmsprop',
                 metrics=['acc'],
                 epochs=100,
                 skip_filters=True):

        log.info('NetBase...')

        self.run_name = run_name
        self.data_name = data_name
        self.split_sizes = split_sizes
        self.class_names = class_names

        if image_size is None:
            try:
                data_root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', data_name)
                first_class = [d.path for d in os.scandir(os.path.join(data_root, data_name + '_train'))
                               if d.is_dir()][0]
                first_file = [p.path for p in os.scandir(first_class) if p.is_file()][0]
                probe = Image.open(first_file)
                self.image_size = probe.size
            except Exception as err:
                log.error('Could not read an image to get its size: ', err)
        else:
            self.image_size = image_size

        self.augment = augment
        self.batch_size = batch_size

        self.loss = loss
        self.learning_rate = learning_rate
        self.optimizer = optimizer
        self.metrics = metrics

        self.epochs = epochs

        self.skip_filters = skip_filters

    def make_generators(self, aug_generator):
        log.info('Making image generators...')
        if self.augment is True:
            train_gen = aug_generator
        else:
            train_gen = ImageDataGenerator(rescale=1./255)

        plain_gen = ImageDataGenerator(rescale=1./255)

        self.train_flow = train_gen.flow_from_directory(
                os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', self.data_name,
                             self.data_name + '_train'),
                target_size=self.image_size,
                batch_size=self.batch_size,
                class_mode='categorical')

        self.val_flow = plain_gen.flow_from_directory(
                os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', self.data_name,
                             self.data_name + '_validation'),
                target_size=self.image_size,
                batch_size=self.batch_size,
                class_mode='categorical')

        self.test_flow = plain_gen.flow_from_directory(
                os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', self.data_name,
                             self.data_name + '_test'),
                target_size=self.image_size,
                batch_size=self.batch_size,
                class_mode='categorical',
                shuffle=False)

    def build(self):
        pass

    def compile(self, learning_rate):
        log.info('Compiling...')
        optimizers = {'sgd': SGD(learning_rate=learning_rate),
                      'rmsprop': RMSprop(learning_rate=learning_rate),
                      'adam': Adam(learning_rate=learning_rate)}
        self.model.compile(loss=self.loss,
                           optimizer=optimizers[self.optimizer],
                           metrics=self.metrics)

    def train(self, epochs):
        log.info('Fitting...')
        self.history = self.model.fit_generator(self.train_flow,
                                                steps_per_epoch=int(self.split_sizes[0]/self.batch_size)
                                                if self.split_sizes is not None else 100,
                                                epochs=epochs,
                                                validation_data=self.val_flow,
                                                validation_steps=int(self.split_sizes[1]/self.batch_size)
                                                if self.split_sizes is not None else 20)

    def predict(self):
        log.info('Predicting the test split...')
        scores = self.model.predict_generator(self.test_flow)
        scores = np.argmax(scores, axis=1)
        self.predictions = scores
