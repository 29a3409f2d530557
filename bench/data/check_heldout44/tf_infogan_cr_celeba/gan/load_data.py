import os
import numpy as np


def read_faces(folder):
    faces = np.load(os.path.join(folder, "data.npy"))
    faces = faces.astype(float)
    faces = faces / 255.0 * 2.0 - 1.0  # into [-1, 1]
    return faces


if __name__ == "__main__":
    read_faces("../data/celeba")
