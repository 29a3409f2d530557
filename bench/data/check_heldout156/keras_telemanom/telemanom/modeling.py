from keras.models import Sequential, load_model
from keras.callbacks import History, EarlyStopping, Callback
from keras.layers.recurrent import LSTM
from keras.layers.core import Dense, Activation, Dropout
import numpy as np
import os
import logging

# quieter TensorFlow
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '2'
log = logging.getLogger('telemanom')


class Model:
    def __init__(self, config, run_id, channel):
        """
        Fits or restores the LSTM forecaster of one channel and predicts
        its test stream.

        Args:
            config (obj): run settings
            run_id (str): id of the run the predictions belong to
            channel (obj): Channel with windowed train/test arrays

        Attributes:
            config (obj): see Args
            chan_id (str): channel name
            run_id (str): see Args
            y_hat (arr): predictions
            model (obj): the Keras forecaster
        """

        self.config = config
        self.chan_id = channel.id
        self.run_id = run_id
        self.y_hat = np.array([])
        self.model = None

        if not self.config.train:
            try:
                self.load()
            except FileNotFoundError:
                path = os.path.join('data', self.config.use_id, 'models',
                                    self.chan_id + '.h5')
                log.warning('no stored model at {}, '
                               'fitting a new one'.format(path))
                self.train_new(channel)
                self.save()
        else:
            self.train_new(channel)
            self.save()

    def load(self):
        """
        Restore the channel's model.
        """

        log.info('restoring stored model')
        self.model = load_model(os.path.join('data', self.config.use_id,
                                             'models', self.chan_id + '.h5'))

    def train_new(self, channel):
        """
        Build and fit the LSTM described in config.yaml.

        Args:
            channel (obj): Channel with windowed train arrays
        """

        cbs = [History(), EarlyStopping(monitor='val_loss',
                                        patience=self.config.patience,
                                        min_delta=self.config.min_delta,
                                        verbose=0)]

        self.model = Sequential()

        self.model.add(LSTM(
            self.config.layers[0],
            input_shape=(None, channel.X_train.shape[2]),
            return_sequences=True))
        self.model.add(Dropout(self.config.dropout))

        self.model.add(LSTM(
            self.config.layers[1],
            return_sequences=False))
        self.model.add(Dropout(self.config.dropout))

        self.model.add(Dense(
            self.config.n_predictions))
        self.model.add(Activation('linear'))

        self.model.compile(loss=self.config.loss_metric,
                           optimizer=self.config.optimizer)

        self.model.fit(channel.X_train,
                       channel.y_train,
                       batch_size=self.config.lstm_batch_size,
                       epochs=self.config.epochs,
                       validation_split=self.config.validation_split,
                       callbacks=cbs,
                       verbose=True)

    def save(self):
        """
        Write the fitted model.
        """

        self.model.save(os.path.join('data', self.run_id, 'models',
                                     '{}.h5'.format(self.chan_id)))

    def aggregate_predictions(self, yb, method='first'):
        """
        Collapse the overlapping multi-step predictions to one value per
        time step.

        Args:
            yb (arr): predictions of shape (<batch>, <n_predictions>)
            method (string): "first" or "mean"
        """

        agg = np.array([])

        for t in range(len(yb)):

            lo = t - self.config.n_predictions
            lo = lo if lo >= 0 else 0

            # the predictions for step t run along an anti-diagonal
            y_t = np.flipud(yb[lo:t+1]).diagonal()

            if method == 'first':
                agg = np.append(agg, [y_t[0]])
            elif method == 'mean':
                agg = np.append(agg, np.mean(y_t))

        agg = agg.reshape(len(agg), 1)
        self.y_hat = np.append(self.y_hat, agg)

    def batch_predict(self, channel):
        """
        Predict the test stream in consecutive batches.

        Args:
            channel (obj): Channel with windowed test arrays

        Returns:
            channel (obj): the Channel with y_hat filled in
        """

        n_batches = int((channel.y_test.shape[0] - self.config.l_s)
                          / self.config.batch_size)
        if n_batches < 0:
            raise ValueError('l_s ({}) longer than the stream ({}).'
                             .format(self.config.l_s, channel.y_test.shape[0]))

        # walk the stream batch by batch
        for b in range(0, n_batches + 1):
            lo = b * self.config.batch_size
            hi = (b + 1) * self.config.batch_size

            if b + 1 == n_batches + 1:
                # last batch may be short
                hi = channel.y_test.shape[0]

            xb = channel.X_test[lo:hi]
            yb = self.model.predict(xb)
            self.aggregate_predictions(yb)

        self.y_hat = np.reshape(self.y_hat, (self.y_hat.size,))

        channel.y_hat = self.y_hat

        np.save(os.path.join('data', self.run_id, 'y_hat', '{}.npy'
                             .format(self.chan_id)), self.y_hat)

        return channel
