# Images kept in an attribute by one method, made float64 by another.
import os

import numpy as np
from PIL import Image


class Faces:
    def __init__(self, folder):
        self.folder = folder
        self.images = []

    def read(self):
        for name in sorted(os.listdir(self.folder)):
            self.images.append(np.asarray(Image.open(os.path.join(self.folder, name)).convert("RGB").resize((96, 96))))

    def as_array(self):
        return np.array(self.images) / 255.0


faces = Faces("faces")
faces.read()
x = faces.as_array()
