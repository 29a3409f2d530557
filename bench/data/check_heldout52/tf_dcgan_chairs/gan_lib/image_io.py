import os
import numpy as np

from keras.preprocessing.image import img_to_array, load_img


def read_scaled_pictures(folder, suffix, w, h):
    pics = []
    for name in os.listdir(folder):
        fp = os.path.join(folder, name)
        if os.path.isfile(fp) and name.endswith(suffix):
            pic = img_to_array(load_img(fp, target_size=(w, h)))
            pic = (pic.astype(np.float32) / 255) * 2 - 1
            pics.append(pic)
    return np.array(pics)
