import os
import numpy as np
import cv2

# roots of the three face collections
root_a = 'dataset1_fer-2013'
root_b = 'dataset2_raf-db'
root_c = 'dataset3_affectnet'
# class folders in order
moods = ['angry', 'disgust', 'fear', 'happy', 'sad', 'surprise']

def read_faces(split):
    pics = []
    tags = []
    roots = [root_a, root_b, root_c]

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

# usage
#pics, tags = read_faces('train')
#print(f"{len(pics)} faces of shape {pics.shape}, tags {tags.shape}")
