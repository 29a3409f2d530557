from os import listdir
from os.path import join, isdir
import numpy as np
import keras
from PIL import Image


def list_clips(root, seq_len, step):
    clip_ids = []
    for sub in sorted(listdir(root)):
        folder = join(root, sub)
        if isdir(folder):
            frame_files = [
                f
                for f in sorted(listdir(folder))
                if f.endswith('tif')
            ]
            # uncomment to train on fewer frames
            # frame_files = frame_files[:100]
            for s in range(len(frame_files) - seq_len*step):
                clip_ids.append((
                    sub, 
                    [ frame_files[k] for k in range(s, s+seq_len*step, step) ]
                ))
    return clip_ids


class ClipSequence(keras.utils.Sequence):

    def __init__(self,
        root,
        seq_len,
        stride,
        dim, # (10, 256, 256)
        batch_size,
        n_channels, # 1
        shuffle
    ) -> None:
        self.root = root
        self.dim = dim 
        self.batch_size = batch_size 
        self.n_channels = n_channels
        self.shuffle = shuffle

        # list of (folder, [frame file names]) per clip
        # 
        self.clip_ids = []
        for s in range(stride):
            self.clip_ids.extend(list_clips(root, seq_len, s+1))
        
        self.on_epoch_end()


    def __len__(self):
        'batches in one epoch'
        n = np.floor( len(self.clip_ids) / self.batch_size )
        return int(n)


    def __getitem__(self, index):
        'one batch'
        # positions of this batch
        first = self.batch_size*index
        picks = self.order[first:first+self.batch_size]

        batch_ids = [self.clip_ids[k] for k in picks]

        X = self.__read_batch(batch_ids)
        return (X, X)


    def on_epoch_end(self):
        self.order = np.arange(len(self.clip_ids))
        if self.shuffle:
            np.random.shuffle(self.order)


    def __read_batch(self, batch_ids):
        'read the frames of one batch'

        # buffer
        X = np.zeros(shape=(self.batch_size, *self.dim, self.n_channels))

        # fill it
        for i, (sub, frame_files) in enumerate(batch_ids):
            clip = []
            for fname in frame_files:
                fpath = join(self.root, sub, fname)
                im = Image.open(fpath).resize((256, 256))
                im = np.array(im, dtype=np.float32) / 256.0
                clip.append(im)
            # store
            X[i,:,:,:,:]  = np.array(clip).reshape(*self.dim, 1)

        return X
