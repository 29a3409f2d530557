import os
import math
import numpy as np
import datetime as dt
from numpy import newaxis
from core.utils import Timer
from keras.layers import Dense, Activation, Dropout, LSTM
from keras.models import Sequential, load_model
from keras.callbacks import EarlyStopping, ModelCheckpoint

class Model():
    """Wraps the Keras LSTM: build, fit, forecast"""

    def __init__(self):
        self.model = Sequential()

    def load_model(self, filepath):
        print('[Net] reading weights from %s' % filepath)
        self.model = load_model(filepath)

    def build_model(self, configs):
        clock = Timer()
        clock.start()

        for spec in configs['model']['layers']:
            units = spec['neurons'] if 'neurons' in spec else None
            rate = spec['rate'] if 'rate' in spec else None
            act = spec['activation'] if 'activation' in spec else None
            ret_seq = spec['return_seq'] if 'return_seq' in spec else None
            steps = spec['input_timesteps'] if 'input_timesteps' in spec else None
            dim = spec['input_dim'] if 'input_dim' in spec else None

            if spec['type'] == 'dense':
                self.model.add(Dense(units, activation=act))
            if spec['type'] == 'lstm':
                self.model.add(LSTM(units, input_shape=(steps, dim), return_sequences=ret_seq))
            if spec['type'] == 'dropout':
                self.model.add(Dropout(rate))

        self.model.compile(loss=configs['model']['loss'], optimizer=configs['model']['optimizer'])

        print('[Net] compiled')
        clock.stop()

    def train(self, x, y, epochs, batch_size, save_dir):
        clock = Timer()
        clock.start()
        print('[Net] fitting')
        print('[Net] %s epochs, batches of %s' % (epochs, batch_size))

        out_path = os.path.join(save_dir, '%s-e%s.h5' % (dt.datetime.now().strftime('%d%m%Y-%H%M%S'), str(epochs)))
        cbs = [
            EarlyStopping(monitor='val_loss', patience=2),
            ModelCheckpoint(filepath=out_path, monitor='val_loss', save_best_only=True)
        ]
        self.model.fit(
            x,
            y,
            epochs=epochs,
            batch_size=batch_size,
            callbacks=cbs
        )
        self.model.save(out_path)

        print('[Net] done, written to %s' % out_path)
        clock.stop()

    def train_generator(self, data_gen, epochs, batch_size, steps_per_epoch, save_dir):
        clock = Timer()
        clock.start()
        print('[Net] fitting')
        print('[Net] %s epochs, batches of %s, %s batches each' % (epochs, batch_size, steps_per_epoch))

        out_path = os.path.join(save_dir, '%s-e%s.h5' % (dt.datetime.now().strftime('%d%m%Y-%H%M%S'), str(epochs)))
        cbs = [
            ModelCheckpoint(filepath=out_path, monitor='loss', save_best_only=True)
        ]
        self.model.fit_generator(
            data_gen,
            steps_per_epoch=steps_per_epoch,
            epochs=epochs,
            callbacks=cbs,
            workers=1
        )

        print('[Net] done, written to %s' % out_path)
        clock.stop()

    def predict_point_by_point(self, data):
        # one step ahead from each true window
        print('[Net] one-step forecasts...')
        out = self.model.predict(data)
        out = np.reshape(out, (out.size,))
        return out

    def predict_sequences_multiple(self, data, window_size, prediction_len):
        # forecast prediction_len steps, then jump ahead prediction_len steps
        print('[Net] multi-run forecasts...')
        runs = []
        for r in range(int(len(data)/prediction_len)):
            frame = data[r*prediction_len]
            vals = []
            for _ in range(prediction_len):
                vals.append(self.model.predict(frame[newaxis,:,:])[0,0])
                frame = frame[1:]
                frame = np.insert(frame, [window_size-2], vals[-1], axis=0)
            runs.append(vals)
        return runs

    def predict_sequence_full(self, data, window_size):
        # roll the window forward over its own forecasts
        print('[Net] full rolling forecast...')
        frame = data[0]
        vals = []
        for _ in range(len(data)):
            vals.append(self.model.predict(frame[newaxis,:,:])[0,0])
            frame = frame[1:]
            frame = np.insert(frame, [window_size-2], vals[-1], axis=0)
        return vals
