"""
Batching reader, modelled on the DCGAN and TF MNIST readers
"""
import numpy as np
import scipy.misc as misc


class BatchDatset:
    records = []
    images = []
    annotations = []
    opts = {}
    batch_offset = 0
    epochs_completed = 0

    def __init__(self, records_list, image_options={}):
        """
        Reader that loads every listed file and serves batches
        :param records_list: list of dicts, one per sample, e.g.
        {'image': path, 'annotation': mask_path, 'filename': stem}
        :param image_options: how to alter each picture
        Keys understood:
        resize = True/ False
        resize_size = side length of the square output (bilinear)
        color=True/False
        """
        print("Building the batch reader...")
        print(image_options)
        self.records = records_list
        self.opts = image_options
        self._load_all()

    def _load_all(self):
        self.__rgb = True
        self.images = np.array([self._prepare(rec['image']) for rec in self.records])
        self.__rgb = False
        self.annotations = np.array(
            [np.expand_dims(self._prepare(rec['annotation']), axis=3) for rec in self.records])
        print (self.images.shape)
        print (self.annotations.shape)

    def _prepare(self, path):
        pic = misc.imread(path)
        if self.__rgb and len(pic.shape) < 3:  # grey pictures get three channels
            pic = np.array([pic for _ in range(3)])

        if self.opts.get("resize", False) and self.opts["resize"]:
            side = int(self.opts["resize_size"])
            out = misc.imresize(pic,
                                         [side, side], interp='nearest')
        else:
            out = pic

        return np.array(out)

    def get_records(self):
        return self.images, self.annotations

    def reset_batch_offset(self, offset=0):
        self.batch_offset = offset

    def next_batch(self, batch_size):
        lo = self.batch_offset
        self.batch_offset += batch_size
        if self.batch_offset > self.images.shape[0]:
            # one pass over the data is done
            self.epochs_completed += 1
            print("------------------ passes done: " + str(self.epochs_completed) + "------------------")
            # reorder the samples
            order = np.arange(self.images.shape[0])
            np.random.shuffle(order)
            self.images = self.images[order]
            self.annotations = self.annotations[order]
            # begin the next pass
            lo = 0
            self.batch_offset = batch_size

        hi = self.batch_offset
        return self.images[lo:hi], self.annotations[lo:hi]

    def get_random_batch(self, batch_size):
        picks = np.random.randint(0, self.images.shape[0], size=[batch_size]).tolist()
        return self.images[picks], self.annotations[picks]
