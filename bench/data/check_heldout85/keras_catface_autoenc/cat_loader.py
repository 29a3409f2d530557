import os
from PIL import Image
import numpy as np

face_pixels = []

counter = 0
for folder, subdirs, names in os.walk("cats", topdown=False):
    for fname in names:
        fpath = os.path.join(folder, fname)
        try:
            # grayscale variant kept for reference:
            # pic = pic.reshape(64,64)
            pic = np.array(Image.open(fpath))
            # scaling now happens once after the loop
            # channels could be split here if needed
            face_pixels.append(pic)

        except Exception as err:
            print(err)
            print(fpath)

        # debug limit:
        #    stop early
        # counter += 1

face_pixels = np.array(face_pixels).astype('float32') / 255

biggest = face_pixels[0].shape
