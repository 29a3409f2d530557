import numpy as np
import os
import logging

log = logging.getLogger('telemanom')


class Channel:
    def __init__(self, config, chan_id):
        """
        Holds one telemetry channel: raw streams and the windowed
        inputs/targets built from them.

        Args:
            config (obj): run settings
            chan_id (str): channel name

        Attributes:
            id (str): channel name
            config (obj): see Args
            X_train (arr): windows (n, l_s, features) for fitting
            X_test (arr): windows (n, l_s, features) for scoring
            y_train (arr): targets (n, n_predictions) for fitting
            y_test (arr): targets (n, n_predictions) for scoring
            train (arr): raw stream read from the train .npy
            test (arr): raw stream read from the test .npy
        """

        self.id = chan_id
        self.config = config
        self.X_train = None
        self.y_train = None
        self.X_test = None
        self.y_test = None
        self.y_hat = None
        self.train = None
        self.test = None

    def shape_data(self, stream, train=True):
        """Cut a raw stream into overlapping windows of config.l_s past
        steps plus config.n_predictions future steps.

        Args:
            stream (np array): raw values with shape [steps, features]
            train (bool): shuffle and store as training windows when True
        """

        wins = []
        for t in range(len(stream) - self.config.l_s - self.config.n_predictions):
            wins.append(stream[t:t + self.config.l_s + self.config.n_predictions])
        wins = np.array(wins)

        assert len(wins.shape) == 3

        if train:
            np.random.shuffle(wins)
            self.X_train = wins[:, :-self.config.n_predictions, :]
            self.y_train = wins[:, -self.config.n_predictions:, 0]  # the telemetry value is feature 0
        else:
            self.X_test = wins[:, :-self.config.n_predictions, :]
            self.y_test = wins[:, -self.config.n_predictions:, 0]  # the telemetry value is feature 0

    def load_data(self):
        """
        Read the channel's train and test streams.
        """
        try:
            self.train = np.load(os.path.join("data", "train", "{}.npy".format(self.id)))
            self.test = np.load(os.path.join("data", "test", "{}.npy".format(self.id)))

        except FileNotFoundError as e:
            log.critical(e)
            log.critical("Channel data missing; place the .npy files under data/")

        self.shape_data(self.train)
        self.shape_data(self.test, train=False)
