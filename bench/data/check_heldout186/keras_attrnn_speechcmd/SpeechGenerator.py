# Copied for the oomdoctor check set; original comments were dropped or reworded (origin: labels.json).
"""Script copied for a memory benchmark; see labels.json for its origin."""

import numpy as np
import tensorflow.keras


class SpeechGen(tensorflow.keras.utils.Sequence):
    """SpeechGen (summary rewritten)."""
    def __init__(self, list_IDs, labels, batch_size=32,
                 dim=16000, shuffle=True):
        """init (summary rewritten)."""
        self.dim = dim
        self.batch_size = batch_size
        self.labels = labels
        self.list_IDs = list_IDs
        self.shuffle = shuffle
        self.on_epoch_end()

    def __len__(self):
        """len (summary rewritten)."""
        return int(np.floor(len(self.list_IDs) / self.batch_size))

    def __getitem__(self, index):
        """getitem (summary rewritten)."""
        indexes = self.indexes[index*self.batch_size:(index+1)*self.batch_size]

        list_IDs_temp = [self.list_IDs[k] for k in indexes]

        X, y = self.__data_generation(list_IDs_temp)

        return X, y

    def on_epoch_end(self):
        """on epoch end (summary rewritten)."""
        self.indexes = np.arange(len(self.list_IDs))
        if self.shuffle:
            np.random.shuffle(self.indexes)

    def __data_generation(self, list_IDs_temp):
        """data generation (summary rewritten)."""
        X = np.empty((self.batch_size, self.dim))
        y = np.empty((self.batch_size), dtype=int)

        for i, ID in enumerate(list_IDs_temp):

            curX = np.load(ID)[:, 0]


            if curX.shape[0] == self.dim:
                X[i] = curX
            elif curX.shape[0] > self.dim:
                randPos = np.random.randint(curX.shape[0]-self.dim)
                X[i] = curX[randPos:randPos+self.dim]
            else:
                randPos = np.random.randint(self.dim-curX.shape[0])
                X[i, randPos:randPos + curX.shape[0]] = curX

            y[i] = self.labels[ID]

        return X, y
