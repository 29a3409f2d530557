# Images read into a list inside a function, returned, then scaled: the whole data set, then a float64 copy.
import os

import cv2
import numpy as np


def load_images(folder):
    images = []
    for name in os.listdir(folder):
        image = cv2.imread(os.path.join(folder, name))
        images.append(cv2.resize(image, (128, 128)))
    return images


def load_one(path):
    return cv2.imread(path)  # one image, for a preview: not the data set


preview = load_one("data/cat.jpg")
x = np.array(load_images("data/train")) / 255.0
