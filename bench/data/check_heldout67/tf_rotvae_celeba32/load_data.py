import os
import numpy as np


def read_faces(folder):
    faces = np.load(os.path.join(folder, "data.npy"))
    faces = faces.astype(float)
    faces = faces / 255.0  # scale to unit range
    return faces


if __name__ == "__main__":
    faces = read_faces("../CelebA/")
    print(len(faces))
