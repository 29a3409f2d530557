"""
Turns one frame file into a float array for the networks.
"""
from keras.preprocessing.image import img_to_array, load_img
import numpy as np

def load_frame_array(frame_img, frame_shape):
    """Read a frame file at the given size and return it scaled to [0, 1]."""
    # decode at the target size
    frame_h, frame_w, _ = frame_shape
    frame_img = load_img(frame_img, target_size=(frame_h, frame_w))

    # to float32 in [0, 1]
    pixel_arr = img_to_array(frame_img)
    x = (pixel_arr / 255.).astype(np.float32)

    return x
