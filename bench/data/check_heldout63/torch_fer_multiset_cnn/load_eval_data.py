import os
import cv2
import numpy as np

import csv
import os

# roots of the held-out face collections
held_a = 'eval_affectnet'
held_b = 'eval_ck'

moods = ['angry', 'disgust', 'fear', 'happy', 'sad', 'surprise']

def read_held(split):
    pics = []
    tags = []
    files = []
    roots = [held_a, held_b]

    # walk every collection and class folder
    for root in roots:
        for mood_idx, mood in enumerate(moods):
            folder = os.path.join(root, split, mood)
            if not os.path.exists(folder):
                continue
            for fname in os.listdir(folder):
                fpath = os.path.join(folder, fname)

                # grey decode of one file
                pic = cv2.imread(fpath, cv2.IMREAD_GRAYSCALE)
                if pic is None:
                    print(f"Skipping unreadable file {fpath}")
                    continue
                pic = cv2.resize(pic, (64, 64))

                pics.append(pic)
                tags.append(mood_idx)
                files.append(fpath)

    # lists to arrays
    pics = np.asarray(pics)
    tags = np.asarray(tags)

    # scale to [0, 1]
    pics = pics / 255.0

    # one-hot class vectors
    n_moods = len(moods)
    tags_1h = np.zeros((len(tags), n_moods))
    tags_1h[np.arange(len(tags)), tags] = 1

    # add a channel axis
    pics = pics.reshape(pics.shape[0], 64, 64, 1)

    return pics, tags_1h
