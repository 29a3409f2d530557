"""
Clip list, class names and loaders for the UCF101 sequences.
"""
import csv
import numpy as np
import random
import glob
import os.path
import sys
import operator
import threading
from processor import load_frame_array
from keras.utils import to_categorical

class LockedIterator:
    def __init__(self, inner_iter):
        self.inner_iter = inner_iter
        self.mutex = threading.Lock()

    def __iter__(self):
        return self

    def __next__(self):
        with self.mutex:
            return next(self.inner_iter)

def locked_generator(gen_fn):
    """Wraps a generator function so its iterator can be shared across threads."""
    def wrapped(*args, **kwargs):
        return LockedIterator(gen_fn(*args, **kwargs))
    return wrapped

class ClipDataset():

    def __init__(self, frames_per_clip=40, max_classes=None, image_dims=(224, 224, 3)):
        """Set up the clip table.
        frames_per_clip: how many frames (or feature steps) each sample uses
        max_classes: keep only the first this-many classes;
            None keeps all of them.
        """
        self.frames_per_clip = frames_per_clip
        self.max_classes = max_classes
        self.npy_seq_path = os.path.join('data', 'sequences')
        self.frame_cap = 300  # clips longer than this are skipped

        # read the CSV index
        self.data_rows = self.read_data_csv()

        # list the class names
        self.class_names = self.collect_class_names()

        # drop clips that are too short / too long or of an excluded class
        self.data_rows = self.filter_data_rows()

        self.image_dims = image_dims

    @staticmethod
    def read_data_csv():
        """Read the CSV index of clips."""
        with open(os.path.join('data', 'data_file.csv'), 'r') as csv_fh:
            row_reader = csv.reader(csv_fh)
            data_rows = list(row_reader)

        return data_rows

    def filter_data_rows(self):
        """Keep clips with at least frames_per_clip frames and at most
        frame_cap, whose class is among the kept classes."""
        kept_rows = []
        for row_item in self.data_rows:
            if int(row_item[3]) >= self.frames_per_clip and int(row_item[3]) <= self.frame_cap \
                    and row_item[1] in self.class_names:
                kept_rows.append(row_item)

        return kept_rows

    def collect_class_names(self):
        """Sorted unique class names from the table, truncated to
        max_classes when that is set."""
        class_list = []
        for row_item in self.data_rows:
            if row_item[1] not in class_list:
                class_list.append(row_item[1])

        # alphabetical order
        class_list = sorted(class_list)

        # apply the limit
        if self.max_classes is not None:
            return class_list[:self.max_classes]
        else:
            return class_list

    def class_to_onehot(self, class_name):
        """Map a class name to its index and then to a one-hot vector
        of length len(class_names)."""
        # index of the class
        label_idx = self.class_names.index(class_name)

        # and its one-hot form
        label_onehot = to_categorical(label_idx, len(self.class_names))

        assert len(label_onehot) == len(self.class_names)

        return label_onehot

    def train_test_rows(self):
        """Partition the rows by their split column."""
        train_rows = []
        test_rows = []
        for row_item in self.data_rows:
            if row_item[0] == 'train':
                train_rows.append(row_item)
            else:
                test_rows.append(row_item)
        return train_rows, test_rows

    def load_all_sequences_to_memory(self, split_name, data_kind):
        """
        Same samples as the batch generator, but everything is read at once
        and returned as two arrays.
        """
        # rows of the requested split
        train_rows, test_rows = self.train_test_rows()
        data_rows = train_rows if split_name == 'train' else test_rows

        print("Reading %d clips at once for the %s split." % (len(data_rows), split_name))

        seq_X, seq_y = [], []
        for row_item in data_rows:

            if data_kind == 'images':
                frame_files = self.frame_files_for_row(row_item)
                frame_files = self.subsample_list(frame_files, self.frames_per_clip)

                # stack the decoded frames
                seq_arr = self.stack_frame_images(frame_files)

            else:
                seq_arr = self.load_feature_sequence(data_kind, row_item)

                if seq_arr is None:
                    print("No stored sequence for this clip; run the extraction first.")
                    raise

            seq_X.append(seq_arr)
            seq_y.append(self.class_to_onehot(row_item[1]))

        return np.array(seq_X), np.array(seq_y)

    @locked_generator
    def frame_batch_generator(self, per_batch, split_name, data_kind):
        """Yield (X, y) batches forever from the requested split; the
        samples are either decoded frames or saved feature arrays.

        data_kind: 'features' or 'images'
        """
        # rows of the requested split
        train_rows, test_rows = self.train_test_rows()
        data_rows = train_rows if split_name == 'train' else test_rows

        print("%s batches drawn from %d clips." % (split_name, len(data_rows)))

        while 1:
            seq_X, seq_y = [], []

            # draw per_batch random clips
            for _ in range(per_batch):
                # clear the previous one
                seq_arr = None

                # pick a clip
                sample_row = random.choice(data_rows)

                # frames are decoded here, features come from .npy files
                if data_kind is "images":
                    # list and subsample the frame files
                    frame_files = self.frame_files_for_row(sample_row)
                    frame_files = self.subsample_list(frame_files, self.frames_per_clip)

                    # stack the decoded frames
                    seq_arr = self.stack_frame_images(frame_files)
                else:
                    # feature array stored on disk
                    seq_arr = self.load_feature_sequence(data_kind, sample_row)

                    if seq_arr is None:
                        raise ValueError("No stored sequence for this clip; run the extraction first.")

                seq_X.append(seq_arr)
                seq_y.append(self.class_to_onehot(sample_row[1]))

            yield np.array(seq_X), np.array(seq_y)

    def stack_frame_images(self, frame_files):
        """Decode each frame file of the list into an array."""
        return [load_frame_array(frame_path, self.image_dims) for frame_path in frame_files]

    def load_feature_sequence(self, data_kind, sample_row):
        """np.load the stored feature sequence of one clip, or None."""
        clip_stem = sample_row[2]
        target_path = os.path.join(self.npy_seq_path, clip_stem + '-' + str(self.frames_per_clip) + \
            '-' + data_kind + '.npy')
        if os.path.isfile(target_path):
            return np.load(target_path)
        else:
            return None

    def frames_for_file(self, clip_stem, data_kind):
        """Find the row of a clip by its file stem and return its
        frames or features, ready for prediction."""
        # locate the row first
        sample_row = None
        for row_item in self.data_rows:
            if row_item[2] == clip_stem:
                sample_row = row_item
                break
        if sample_row is None:
            raise ValueError("no clip named %s" % clip_stem)

        if data_kind == "images":
            # list and subsample the frame files
            frame_files = self.frame_files_for_row(sample_row)
            frame_files = self.subsample_list(frame_files, self.frames_per_clip)
            # stack the decoded frames
            seq_arr = self.stack_frame_images(frame_files)
        else:
            # feature array stored on disk
            seq_arr = self.load_feature_sequence(data_kind, sample_row)

            if seq_arr is None:
                raise ValueError("No stored sequence for this clip; run the extraction first.")

        return seq_arr

    @staticmethod
    def frame_files_for_row(sample_row):
        """Sorted frame image paths of one clip row of the
        table."""
        target_path = os.path.join('data', sample_row[0], sample_row[1])
        clip_stem = sample_row[2]
        frame_images = sorted(glob.glob(os.path.join(target_path, clip_stem + '*jpg')))
        return frame_images

    @staticmethod
    def stem_from_image_path(clip_stem):
        path_parts = clip_stem.split(os.path.sep)
        return path_parts[-1].replace('.jpg', '')

    @staticmethod
    def subsample_list(items_in, want):
        """Take every k-th element so that about `want` remain,
        e.g. 25 items and want=5 keeps items 0, 5, 10, 15, 20: a
        shorter, evenly spaced list, cut to length `want`."""
        assert len(items_in) >= want

        # step between kept items
        stride = len(items_in) // want

        # evenly spaced picks
        picked = [items_in[i] for i in range(0, len(items_in), stride)]

        # trim any extra
        return picked[:want]

    def show_top_classes(self, class_probs, top_k=5):
        """Print the most likely classes of one prediction."""
        # probability per class name
        prob_by_label = {}
        for i, label_name in enumerate(self.class_names):
            prob_by_label[label_name] = class_probs[i]

        # highest first
        ranked = sorted(
            prob_by_label.items(),
            key=operator.itemgetter(1),
            reverse=True
        )

        # print up to top_k non-zero entries
        for i, ranked_pair in enumerate(ranked):
            if i > top_k - 1 or ranked_pair[1] == 0.0:
                break
            print("%s: %.2f" % (ranked_pair[0], ranked_pair[1]))
