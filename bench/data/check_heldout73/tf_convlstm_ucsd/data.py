from os import listdir
from os.path import join, isdir
import numpy as np
from PIL import Image

from config import *


def clips_with_step(step, frames, seq_len):
    """ Augmentation by skipping frames.
    Parameters
    ----------
    step : int
        gap between two frames of a clip
    frames : list
        sorted frames of 256 x 256
    seq_len: int
        frames per clip
    Returns
    -------
    list
        clips of ten frames
    """
    out = []
    n = len(frames)
    buf = np.zeros(shape=(seq_len, 256, 256, 1))
    filled = 0
    for first in range(step):
        for k in range(first, n, step):
            buf[filled, :, :, 0] = frames[k]
            filled += 1
            if filled == seq_len:
                out.append(np.copy(buf))
                filled = 0
    
    return out


def load_train_clips():
    """
    Returns
    -------
    list
            training clips of shape (N_CLIPS, SEQ_LEN, WIDTH, HEIGHT, 1)
    """
    out = []
    # one folder per training video (Train000, Train001, ...)
    for sub in sorted(listdir(TRAIN_ROOT)):
        folder = join(TRAIN_ROOT, sub)
        if isdir(folder):
            frames = []
            # every frame of the video (0.tif ... 199.tif)
            for fname in sorted(listdir(folder)):
                fpath = join(folder, fname)
                if fpath.endswith('tif'):
                    im = Image.open(fpath).resize((256, 256))
                    im = np.array(im, dtype=np.float32) / 256.0
                    frames.append(im)
            # cut the frame list into ten-frame clips (with augmentation)
            for step in range(1,2):
                out.extend(clips_with_step(
                    step=step,
                    frames=frames,
                    seq_len=10
                ))
    
    return out

def read_test_video(video_idx=None):
    n = 200
    frames = np.zeros(shape=(n, 256, 256, 1))
    k = 0
    folder = ONE_TEST_DIR.format(video_idx or DEFAULT_TEST)
    for fname in sorted(listdir(folder)):
        if fname.endswith('tif'):
            im = Image.open(join(folder, fname)).resize((256, 256))
            im = np.array(im, dtype=np.float32) / 256.0
            frames[k, :, :, 0] = im
            k += 1

    return frames
