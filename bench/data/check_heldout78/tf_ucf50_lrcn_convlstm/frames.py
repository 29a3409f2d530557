# frame sampling and dataset assembly for the UCF50 subset
# (evenly spaced frames per clip, resized and scaled to [0, 1])
import cv2
import os
import numpy as np
from settings import *
import matplotlib.pyplot as plt
import pandas as pd

def sample_clip(path):
    # read CLIP_LEN evenly spaced frames of one video
    picked = []
    cap = cv2.VideoCapture(path)
    n_frames = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    stride = max(int(n_frames / CLIP_LEN), 1) # every frame would be too slow on a laptop

    for k in range(CLIP_LEN):
        cap.set(cv2.CAP_PROP_POS_FRAMES, k * stride)
        ok, img = cap.read()
        if not ok:
            break
        small = cv2.resize(img, (FRAME_H, FRAME_W))
        # pixel values to [0, 1]
        scaled = small / 255
        picked.append(scaled)

    cap.release()
    return picked

print("assembling clips")
def assemble(): # one sample per video of every chosen action
    clips = []
    targets = []
    sources = []

    for cls_id, action in enumerate(ACTIONS):
        print(f"sampling {action}")
        names = os.listdir(os.path.join(VIDEO_ROOT, action))

        for name in names:
            path = os.path.join(VIDEO_ROOT, action, name)
            picked = sample_clip(path)

            if len(picked) == CLIP_LEN:
                clips.append(picked)
                targets.append(cls_id)
                sources.append(path)
    
    # lists to arrays
    clips = np.asarray(clips)
    targets = np.array(targets)
    
    return clips, targets, sources

def to_categorical(y, num_classes=None, dtype="float32"):
    # same behaviour as the keras utility of that name
    y = np.array(y, dtype="int")
    shape_in = y.shape
    if shape_in and shape_in[-1] == 1 and len(shape_in) > 1:
        shape_in = tuple(shape_in[:-1])
    y = y.ravel()
    if not num_classes:
        num_classes = np.max(y) + 1
    n = y.shape[0]
    onehot = np.zeros((n, num_classes), dtype=dtype)
    onehot[np.arange(n), y] = 1
    shape_out = shape_in + (num_classes,)
    onehot = np.reshape(onehot, shape_out)
    return onehot


def plot_history(title, hist): 
    pd.DataFrame(hist.history).plot(figsize=(8, 5))
    plt.title(title)
    plt.xlabel("epoch")
    plt.ylabel("value")
    plt.savefig(title + ".png")
    

