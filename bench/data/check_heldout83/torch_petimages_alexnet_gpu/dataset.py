import torch
from torch.utils import data
import numpy as np
import glob
import cv2
from tqdm import tqdm

class PetTensors(data.Dataset):
    def __init__(self, cat_imgs, dog_imgs, device=None):
        self.images = cat_imgs + dog_imgs
        self.labels = [0.] * len(cat_imgs) + [1.0] * len(dog_imgs)
        self.n = len(self.labels)

        # to arrays
        self.images = np.asarray(self.images)
        self.labels = np.asarray(self.labels)

        # to float tensors
        self.images = torch.from_numpy(self.images).float()
        self.labels = torch.from_numpy(self.labels).float()

        # NHWC to NCHW for the conv layers
        # (batch, channels, height, width)
        self.images = self.images.permute(0, 3, 1, 2)

        # whole split onto the device if one is given
        if device:
            self.images = self.images.to(device)
            self.labels = self.labels.to(device)

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        x = self.images[i]
        y = self.labels[i]
        return x, y

class PetSplits():
    def __init__(self, folder, p_train, p_val, p_test, input_shape):
        print("reading pictures...")
        cats = glob.glob(folder + "/Cat/*.jpg")[:]
        dogs = glob.glob(folder + "/Dog/*.jpg")[:]

        # drop unreadable files
        print("\tdropping broken files... ")
        cats = self.readable_only(cats, input_shape)
        dogs = self.readable_only(dogs, input_shape)

        # fractions
        whole = p_train + p_val + p_test
        p_train = p_train/whole
        p_val = p_val/whole
        p_test = p_test/whole

        # counts per split
        n_train = round(p_train * len(cats))
        n_val = round(p_val * len(cats))

        # slices
        print("\tsplitting...")
        self.train_cats = cats[:n_train]
        self.train_dogs = dogs[:n_train]
        self.val_cats = cats[n_train:n_train + n_val]
        self.val_dogs = dogs[n_train:n_train + n_val]
        self.test_cats = cats[n_train + n_val:]
        self.test_dogs = dogs[n_train + n_val:]

    def build(self, device=None):
        fit_set = PetTensors(self.train_cats, self.train_dogs, device)
        val_set = PetTensors(self.val_cats, self.val_dogs, device)
        test_set = PetTensors(self.test_cats, self.test_dogs, device)
        return fit_set, val_set, test_set

    def readable_only(self, paths, input_shape):
        ok = []
        for p in tqdm(paths):
            try:
                pic = self.load_resized(p, input_shape)
                ok.append(pic)
            except:
                pass
        return ok

    def load_resized(self, path, input_shape):
        pic = cv2.imread(path)
        pic = cv2.resize(pic, input_shape)
        return pic
