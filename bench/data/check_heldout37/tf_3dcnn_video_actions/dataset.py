import numpy as np
import keras
import cv2
import os
from scipy import misc

class ClipBatchSequence(keras.utils.Sequence):
    'Keras sequence that reads clip folders batch by batch'
    def __init__(self, clip_dirs, label_map, batch_size=32, dim=(32,32,23), n_channels=1,
                 n_classes=10, shuffle=True):
        'Keep the settings'
        self.dim = dim
        self.batch_size = batch_size
        self.label_map = label_map
        self.clip_dirs = clip_dirs
        self.n_channels = n_channels
        self.n_classes = n_classes
        self.shuffle = shuffle
        self.on_epoch_end()
        self.n = len(clip_dirs) 

    def __len__(self):
        'How many full batches one epoch has'
        return int(np.floor(len(self.clip_dirs) / self.batch_size))

    def __getitem__(self, index):
        'Return batch number index'
        # positions of this batch
        batch_idx = self.order[index*self.batch_size:(index+1)*self.batch_size]
        # the folders they point to
        batch_dirs = [self.clip_dirs[k] for k in batch_idx]
        # read them
        X, y = self._read_batch(batch_dirs)
        return X, y

    def on_epoch_end(self):
        'Reshuffle the order after an epoch'
        self.order = np.arange(len(self.clip_dirs))
        if self.shuffle == True:
            np.random.shuffle(self.order)

    def _read_batch(self, batch_dirs):
        'Decode one batch of clips' # X has shape (batch, *dim, channels)
        # buffers
        X = np.empty((self.batch_size, *self.dim, self.n_channels))
        y = np.empty((self.batch_size), dtype=int)
        # fill them
        for i, clip_dir in enumerate(batch_dirs):
            frames=[]
            # every frame image of the clip
            for frame_file in os.listdir(clip_dir):
                frame=misc.imread(os.path.join(clip_dir,frame_file),mode='RGB')
                frame=misc.imresize(frame,(self.dim[1],self.dim[2]))
                frames.append(frame)
            frames=np.array(frames)[0:self.dim[0]]
            # scale to [0, 1]
            frames = frames.astype('float32')
            frames = frames / 255.0
            X[i,] = frames 

            # its class
            y[i] = self.label_map[clip_dir]
        return X, keras.utils.to_categorical(y, num_classes=self.n_classes)