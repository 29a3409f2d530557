# np.load of an image array, whole; the same with mmap_mode, and a labels file, are fine.
import numpy as np

images = np.load("train_images.npy")
labels = np.load("train_labels.npy")
lazy = np.load("val_images.npy", mmap_mode="r")
x = images.reshape(-1, 128, 128, 3)
v = lazy.reshape(-1, 128, 128, 3)
