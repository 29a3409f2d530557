from random import randint

import numpy as np
from scipy import ndimage
from skimage import img_as_float
from skimage.filters import threshold_otsu
from skimage.io import imread
from skimage.transform import resize
from scipy.ndimage.morphology import binary_erosion

from utils.DarkChannelRecover import getRecoverScene

N_CHAN = 3


def load_label(mask_paths, border_erosion=False, w=10, q=5):

    parts = [img_as_float(imread(p)) for p in mask_paths]
    if border_erosion:
        eroded = [binary_erosion(m, border_value=1).astype(np.float32) for m in parts]

    parts = np.stack(parts)


    if border_erosion:
        union = np.amax(np.stack(eroded), axis=0)
    else:
        union = np.amax(parts, axis=0)


    dist_maps = np.array([ndimage.distance_transform_edt(m == 0) for m in parts])
    dist_sorted = np.sort(dist_maps, axis=0)
    near1 = dist_sorted[0]
    near2 = dist_sorted[1] if dist_sorted.shape[0] > 1 else np.zeros(near1.shape)
    wmap = w * np.exp(-(near1 + near2) ** 2 / (2 * q ** 2))
    wmap = 1 + (union == 0) * wmap

    return np.stack([union, wmap], axis=2)


def load_photo(img_path, dehaze=False):
    photo = imread(img_path)

    if (len(photo.shape) < 3):
        print('%s has no channel axis, repeating it three times' % (img_path))
        photo = img_as_float(photo)
        photo = np.stack([photo, photo, photo], axis=2)

    photo = photo[:, :, 0:N_CHAN]


    is_gray = np.logical_and.reduce((photo[:, :, 0] == photo[:, :, 1]).flatten()) \
                     and np.logical_and.reduce((photo[:, :, 0] == photo[:, :, 2]).flatten())


    if (is_gray and dehaze):
        photo = getRecoverScene(photo, refine=True)

    return img_as_float(photo)



def crop_pair(photo, union, fixed_image_size):

    both = np.dstack((photo, union))

    h, w_px, n_c = photo.shape

    top = randint(0, h - fixed_image_size)
    left = randint(0, w_px - fixed_image_size)

    piece = both[top:top + fixed_image_size,
              left:left + fixed_image_size, :]

    return piece[:, :, 0:n_c], piece[:, :, n_c:]


def rescale(photo, shape):
    return resize(photo, shape, mode='constant', preserve_range=False)


def to_rle(prob_map):
    cut = threshold_otsu(prob_map)
    rl = _runs(prob_map > cut)
    return ' '.join(str(y) for y in rl)


def _runs(x):
    on_px = np.where(x.T.flatten() == 1)[0]
    runs = []
    last = -2
    for b in on_px:
        if (b>last+1): runs.extend((b + 1, 0))
        runs[-1] += 1
        last = b
    return runs





