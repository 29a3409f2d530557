import numpy as np
import math


def tile_pictures(pics):
    n = pics.shape[0]
    cols = int(math.sqrt(n))
    rows = int(math.ceil(float(n) / cols))
    shape = pics.shape[1:]
    out = np.zeros((rows * shape[0], cols * shape[1], shape[2]),
                     dtype=pics.dtype)
    for idx, pic in enumerate(pics):
        r = int(idx / cols)
        c = idx % cols
        out[r * shape[0]:(r + 1) * shape[0], c * shape[1]:(c + 1) * shape[1], :] = pic
    return out
