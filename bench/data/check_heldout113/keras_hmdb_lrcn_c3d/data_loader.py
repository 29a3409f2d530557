import os
from keras.utils import to_categorical
import numpy as np
from keras.preprocessing.image import img_to_array, load_img
from tqdm import tqdm
import pandas as pd
import random

class ClipReader:

    def __init__(self, root_dir, kind, holdout=0.3, split_mode=1, frame_shape=(80, 80, 3)):

        print("clip reader ready")
        self.root_dir = root_dir
        self.num_labels = 0
        self.kind = kind
        self.frame_shape = frame_shape
        self.label_names = []
        self.read_label_names()
        self.holdout = holdout
        self.split_mode = split_mode
        random.seed(23)


    def ratio_split(self, items):
        cut = int(len(items) * (1 - self.holdout))
        fit_part = items[: cut]
        eval_part = items[cut:]
        return fit_part, eval_part

    def list_split(self, label_name, items):
        table = pd.read_csv("hmdb_splits/{}_test_split1.txt".format(label_name), sep=" ", header=None)
        clip_names = [it[2] for it in items]
        fit_part = []
        eval_part = []
        pos = 0
        for clip_name in clip_names:
            avi_name = "{}.avi".format(clip_name)
            row = table[table[0] == avi_name]
            if len(row) > 0:
                row_idx = row.index[0]
                if table[1][row_idx] == 2:
                    eval_part.append(items[pos])
                elif table[1][row_idx] == 1:
                    fit_part.append(items[pos])
            else:
                fit_part.append(items[pos])

            pos += 1

        return fit_part, eval_part

    def read_all(self):

        fit_set = []
        eval_set = []
        print("reading every clip into RAM ...")
        bar = tqdm(total=self.num_labels)
        if self.kind == "frames":
            label_dirs = os.listdir("{}{}/".format(self.root_dir, "frames"))
            for label_name in label_dirs:
                clip_dirs = os.listdir("{}{}/{}/".format(self.root_dir, "frames", label_name))
                items = []
                for clip_name in clip_dirs:
                    image_names = os.listdir("{}{}/{}/{}".format(self.root_dir, "frames", label_name, clip_name))
                    paths = []
                    for image_name in image_names:
                        image_path = "{}{}/{}/{}/{}".format(self.root_dir, "frames", label_name, clip_name, image_name)
                        paths.append(image_path)
                    clip = self.read_clip(paths)
                    target = self.one_hot_of(label_name)
                    items.append((clip, target, clip_name))

                if self.split_mode == 1:
                    p, q = self.ratio_split(items)
                    [fit_set.append(it) for it in p]
                    [eval_set.append(it) for it in q]

                if self.split_mode == 2:
                    p, q = self.list_split(label_name, items)
                    [fit_set.append(it) for it in p]
                    [eval_set.append(it) for it in q]

                bar.update(1)

        elif self.kind == "features":
            label_dirs = os.listdir("{}{}/".format(self.root_dir, "features"))
            for label_name in label_dirs:
                clip_files = os.listdir("{}{}/{}/".format(self.root_dir, "features", label_name))
                items = []
                for clip_name in clip_files:
                    npy_path = "{}{}/{}/{}".format(self.root_dir, "features", label_name, clip_name)
                    clip = np.load(npy_path)
                    target = self.one_hot_of(label_name)
                    items.append((clip, target, clip_name[:-4]))

                if self.split_mode == 1:
                    p, q = self.ratio_split(items)
                    [fit_set.append(it) for it in p]
                    [eval_set.append(it) for it in q]

                if self.split_mode == 2:
                    p, q = self.list_split(label_name, items)
                    [fit_set.append(it) for it in p]
                    [eval_set.append(it) for it in q]

                bar.update(1)

        bar.close()

        random.shuffle(fit_set)
        random.shuffle(eval_set)

        xs = [it[0] for it in fit_set]
        ys = [it[1] for it in fit_set]
        xs_eval = [it[0] for it in eval_set]
        ys_eval = [it[1] for it in eval_set]
        return np.array(xs), np.array(ys), np.array(xs_eval), np.array(ys_eval), self.num_labels

    def read_label_names(self):
        label_dirs = os.listdir("{}{}/".format(self.root_dir,"frames"))
        names = []
        count = 0
        for name in label_dirs:
            names.append(name)
            count += 1

        self.num_labels = count
        self.label_names = names

    def one_hot_of(self, label_name):
        # one-hot target vector
        idx = self.label_names.index(label_name)
        vec = to_categorical(idx, self.num_labels)
        assert len(vec) == self.num_labels
        return vec

    # decode every image path of one clip
    def read_clip(self, paths):
        return [self.decode_frame(p, self.frame_shape) for p in paths]

    # one image file to a scaled array
    @staticmethod
    def decode_frame(path, shape):
        # open and resize
        hh, ww, _ = shape
        picture = load_img(path, target_size=(hh, ww))

        # array in [0, 1]
        arr = img_to_array(picture)
        scaled = (arr / 255.).astype(np.float32)
        return scaled

