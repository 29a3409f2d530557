import numpy as np
import keras
import sys

# ids: integer indices of the scans in this split
# dx: dict from scan index to its diagnosis

class ScanBatches(keras.utils.Sequence):
    'Keras batch source reading one .npy per scan'
    def __init__(self, ids, dx, batch_size=32, dim=(32,32,32), n_channels=1,
                 n_classes=10, shuffle=True):
        'set up'
        self.dim = dim
        self.batch_size = batch_size
        self.dx = dx
        self.ids = ids
        self.n_channels = n_channels
        self.n_classes = n_classes
        self.shuffle = shuffle
        self.on_epoch_end()

    def __len__(self):
        'batches per epoch'
        return int(np.floor(len(self.ids) / self.batch_size))

    def __getitem__(self, b):
        'one batch'
        # positions of this batch
        pos = self.order[b*self.batch_size:(b+1)*self.batch_size]

        # scan ids of this batch
        batch_ids = [self.ids[p] for p in pos]

        # read them
        X, y = self._read(batch_ids)

        return X, y

    def on_epoch_end(self):
        'reshuffle between epochs'
        self.order = np.arange(len(self.ids))
        if self.shuffle == True:
            np.random.shuffle(self.order)

    def _read(self, batch_ids):
        'read batch_size scans' # X : (n, *dim, n_channels)
        # buffers
        X = np.empty((self.batch_size, *self.dim, self.n_channels))
        y = np.empty((self.batch_size), dtype=int)

        # fill
        for j, sid in enumerate(batch_ids):
            # the scan
            vol = np.load('data/scans_npy/' + str(sid) + '.npy')
            vol = np.reshape(vol, (*self.dim, self.n_channels))
            X[j] = vol

            # its diagnosis
            y[j] = self.dx[sid]

        return X, keras.utils.to_categorical(y, num_classes=self.n_classes)
