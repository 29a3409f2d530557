"""
Builds a grayscale cat/dog array from the PetImages folders
and writes it out with pickle for the training script.
(one folder per animal kind)

"""

from tqdm import tqdm
import numpy as np
import pickle
import random
import cv2
import os

DATA_DIR = "PetImages"  # folder holding one sub-folder per class
animal_kinds = []  # class names found on disk
train_data = []
IMG_SIDE = 100

# collect the sub-folder names; each is one class
for path, dir, files in os.walk(DATA_DIR):
    for folder in dir:
        animal_kinds.append(folder)


def build_train_data():
    for kind in animal_kinds:
        path = os.path.join(DATA_DIR, kind)
        label_idx = animal_kinds.index(kind)

        for img in tqdm(os.listdir(path)):
            try:
                img_gray = cv2.imread(os.path.join(path, img), cv2.IMREAD_GRAYSCALE)
                img_small = cv2.resize(img_gray, (IMG_SIDE, IMG_SIDE))
                train_data.append([img_small, label_idx])

            except Exception as err:
                pass


build_train_data()

print(len(train_data))

random.shuffle(train_data)

X = []
y = []

for features, label in train_data:
    X.append(features)
    y.append(label)

X = np.array(X).reshape(-1, IMG_SIDE, IMG_SIDE, 1)

x_out_file = open("X.pickle", "wb")
pickle.dump(X, x_out_file)
x_out_file.close()

y_out_file = open("y.pickle", "wb")
pickle.dump(y, y_out_file)
y_out_file.close()
