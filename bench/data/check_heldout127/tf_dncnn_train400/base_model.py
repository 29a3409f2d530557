import json

import numpy as np
from keras import callbacks
from keras.engine import Input
from keras.models import load_model

from storage import unpack_data

with open('../config.json') as cfg_file:
    cfg = json.load(cfg_file)

store_dir = cfg['data_storage']


class BaseSuperResolutionModel(object):
    def __init__(self, model_name):
        self.model_name = model_name
        self.model = None
        self.x_data = None
        self.y_data = None
        self.raw_data = None
        self.height = None
        self.width = None
        self.channels = None
        self.model_path = store_dir + '\\' + model_name + '.h5'

    def create_model(self, height=32, width=32, channels=3, batch_size=128):
        shape = (width, height, channels)
        self.height = height
        self.width = width
        self.channels = channels

        inp = Input(shape=shape)

        return inp

    def fit(self, batch_size=128, nb_epochs=100):
        if self.model is None:
            self.model = self.create_model(batch_size=batch_size)

        cbs = [callbacks.ModelCheckpoint(self.model_path, monitor='val_loss', save_best_only=True,
                                                   mode='max', save_weights_only=False)]

        print("Fitting : %s" % self.__class__.__name__)
        self.model.fit(self.x_data, self.y_data, batch_size=batch_size, epochs=nb_epochs, validation_split=0.2,
                       callbacks=cbs)

    def load_data(self, filename):
        self.raw_data = unpack_data(store_dir, filename)

    def prepare_data(self, chunks, normalize_flag=True):
        chunks = np.asarray(chunks)

        if normalize_flag:
            chunks = chunks.astype('float32') / 255

        chunks = np.reshape(chunks, (len(chunks), self.height, self.width, self.channels))
        return chunks

    @staticmethod
    def extend_data(chunks):
        chunks = chunks.astype('float32')
        out = []
        for k in range(0, chunks.shape[0]):
            out.append(chunks[k, :, :, 0] * 255)

        out = np.asarray(out)
        return out

    def save_data(self, x_name, y_name):
        records = self.raw_data

        inputs = []
        targets = []

        for rec in records:
            inputs.append(rec[x_name])
            targets.append(rec[y_name])

        self.x_data = self.prepare_data(inputs)
        self.y_data = self.prepare_data(targets)

    def save_model(self, filename):
        self.model.save(store_dir + '\\' + filename)

    def load_model(self, filename):
        self.model = load_model(store_dir + '\\' + filename)

    def predict(self, image, stride=32):
        shape = image.shape
        result = np.copy(image)
        for r in range(0, shape[0], stride):
            if r + self.height <= shape[0]:
                for c in range(0, shape[1], stride):
                    if c + self.width <= shape[1]:
                        tiles = [image[r:r + self.height, c:c + self.width]]
                        batch = self.prepare_data(tiles)
                        result[r:r + self.height, c:c + self.width] = \
                            self.extend_data(self.model.predict_on_batch(batch))[
                                0]

        return result
