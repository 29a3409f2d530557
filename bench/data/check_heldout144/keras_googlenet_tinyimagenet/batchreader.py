from keras.utils import np_utils
import numpy as np
import h5py


class H5BatchStream:
    def __init__(self, h5Path, chunk, steps=None,
                 augmenter=None, oneHot=True, numClasses=2):
        # remember the chunk size, the per-image steps,
        # the optional augmenter, whether labels become
        # one-hot vectors and how many classes exist
        self.chunk = chunk
        self.steps = steps
        self.augmenter = augmenter
        self.oneHot = oneHot
        self.numClasses = numClasses

        # open the packed file and count how many
        # pictures it holds
        self.h5 = h5py.File(h5Path)
        self.count = self.h5['labels'].shape[0]

    def stream(self, rounds=np.inf):
        # rounds completed so far
        done = 0

        # run until the requested number of rounds; Keras
        # stops pulling once its epochs are over
        while done < rounds:
            # walk through the file one chunk at a time
            for start in np.arange(0, self.count, self.chunk):
                # read just this chunk of pictures and labels
                pics = self.h5['images'][start:start + self.chunk]
                ys = self.h5['labels'][start:start + self.chunk]

                # optionally turn labels into one-hot rows
                if self.oneHot:
                    ys = np_utils.to_categorical(ys, self.numClasses)

                    # run the per-image steps when present
                    if self.steps is not None:
                        # pictures after the steps
                        done_pics = []

                        # go over each picture of the chunk
                        for pic in pics:
                            # apply every step in order
                            # to this picture
                            for s in self.steps:
                                pic = s.preprocess(pic)

                            # keep the processed picture
                            done_pics.append(pic)

                        # the chunk becomes the processed
                        # pictures
                        pics = np.array(done_pics)

                        # random augmentation if requested
                        if self.augmenter is not None:
                            (pics, ys) = next(self.augmenter.flow(pics,
                                                                  ys,
                                                                  batch_size=self.chunk))

                        # hand the chunk to Keras
                        yield (pics, ys)

                    # one more round finished
                    done += 1

    def close(self):
        # release the file
        self.h5.close()
