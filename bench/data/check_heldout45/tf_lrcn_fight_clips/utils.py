from config import *
import numpy as np
from os import listdir
from os.path import join, isdir
from tqdm import tqdm
import cv2
from tensorflow.keras.utils import to_categorical
import random


def create_dataset(root: str, augment: bool):
    """
    Parameters
    ----------
    root
        folder with one sub-folder of videos per class
    augment
        also cut clips at several temporal strides

    Returns
    -------
    numpy array
        clips, one-hot labels, class names
    """
    ys = []
    xs = []
    names = []

    cls = 0
    # one sub-folder per class
    for sub in sorted(listdir(root)):
        sub_path = join(root, sub)
        if isdir(sub_path):
            for fn in tqdm(listdir(sub_path), desc="Reading clips of " + sub):
                if fn.endswith(VIDEO_EXTENSION[0]) or fn.endswith(VIDEO_EXTENSION[1]):
                    vpath = join(sub_path, fn)
                    if ONE_CLIPXVIDEO:
                        clip = extract_frames_single_clip(vpath, BATCH_INPUT_LENGTH)
                        xs.append(clip)
                        ys.append(cls)
                    else:
                        strides = [s for s in range(2, 4)] if augment else [TEMPORAL_STRIDE]
                        for s in strides:
                            many = extract_frames_by_stride(vpath, s)
                            xs.extend(many)
                            ys.extend([cls for _ in range(len(many))])
            cls += 1
            names.append(sub)

    xs, ys = suffle_two_lists(xs, ys)
    return np.asarray(xs), to_categorical(np.asarray(ys)), names


def extract_frames_single_clip(vpath: str, n_frames: int) -> np.ndarray:
    """
    Parameters
    ----------
    vpath
        video file
    n_frames
        frames in the clip
    Returns
    -------
    list
        one clip, (BATCH_INPUT_LENGTH x IMAGE_SIZE x IMAGE_SIZE x C)
    """

    ch = 1 if USE_GRAY else 3
    clip = np.zeros(shape=(n_frames, IMAGE_SIZE, IMAGE_SIZE, ch))

    # open the video
    cap = cv2.VideoCapture(vpath)

    n_total = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    step = max(int(n_total / n_frames), 1)
    print('stride: ' + str(step))

    for k in range(n_frames):

        # jump to the k-th sampled frame
        cap.set(cv2.CAP_PROP_POS_FRAMES, k * step)

        # read it
        ok, frame = cap.read()
        if not ok: break

        clip[k, :, :, :] = preprocess_frame(frame)

    return clip


def preprocess_frame(frame):
    """
    Parameters
    ----------
    frame
        BGR frame from cv2

    Returns
    -------
    frame
        resized and scaled frame
    """
    conv = cv2.COLOR_BGR2GRAY if USE_GRAY else cv2.COLOR_BGR2RGB
    ch = 1 if USE_GRAY else 3
    # colour, size and scale
    out = cv2.cvtColor(frame, conv)
    out = cv2.resize(out, (IMAGE_SIZE, IMAGE_SIZE)) / 256.0
    out = np.reshape(out, (IMAGE_SIZE, IMAGE_SIZE, ch))

    return out


def suffle_two_lists(a: list, b: list):
    pairs = list(zip(a, b))
    random.shuffle(pairs)
    a, b = zip(*pairs)
    return a, b


def extract_frames_by_stride(vpath: str, step: int) -> list:
    """
    Parameters
    ----------
    vpath
        video file
    step
        temporal stride
    Returns
    -------
    list
        clips, each (BATCH_INPUT_LENGTH x IMAGE_SIZE x IMAGE_SIZE x C)
    """

    ch = 1 if USE_GRAY else 3
    clip = np.zeros(shape=(BATCH_INPUT_LENGTH, IMAGE_SIZE, IMAGE_SIZE, ch))

    # open the video
    cap = cv2.VideoCapture(vpath)
    n_total = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    # n_clips = int((n_total / step) / BATCH_INPUT_LENGTH)

    out = []
    filled = 0
    # walk every frame
    for i in range(n_total):

        # next frame
        ok, frame = cap.read()
        if not ok: break

        # keep one frame every step
        if i % step == 0:
            clip[filled, :, :, :] = preprocess_frame(frame)
            filled += 1
            if filled == BATCH_INPUT_LENGTH:
                out.append(np.copy(clip))
                filled = 0

    return out


def plot_clip(clip: np.ndarray):
    """
    Parameters
    ----------
    clip
        array (BATCH_INPUT_LENGTH x IMAGE_SIZE x IMAGE_SIZE x C)
    """
    cv2.imshow(' ', np.hstack(clip))
    cv2.waitKey(0)


def get_classes(root) -> list:
    """
    root holds exactly one sub-folder per class
    """
    names = []
    # one sub-folder per class
    for sub in sorted(listdir(root)):
        sub_path = join(root, sub)
        if isdir(sub_path):
            names.append(sub)
    return names
