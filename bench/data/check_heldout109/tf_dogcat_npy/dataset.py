# pet photo arrays

import numpy as np
from os import listdir
from skimage import io
from scipy.misc import imresize
from keras.preprocessing.image import array_to_img, img_to_array, load_img

def read_picture(file_path):
    # decode one picture and shrink it
    side = 64
    pic = io.imread(file_path)
    pic = imresize(pic, (side, side, 3))
    return pic

def load_arrays(root_dir='Data/Train_Data'):
    # build (or reuse) the full array of pictures
    try:
        feats = np.load('Data/npy_train_data/X.npy')
        targets = np.load('Data/npy_train_data/Y.npy')
    except:
        classes = listdir(root_dir) # one folder per class
        print('Classes found:\n', classes)
        total = 0
        for cls in classes:
            total += len(listdir(root_dir+'/'+cls))
        feats = np.zeros((total, 64, 64, 3), dtype='float64')
        targets = np.zeros(total)
        pos = 0
        current = [-1,''] # running class index and name
        for cls in classes:
            cls_dir = root_dir+'/'+cls
            for fname in listdir(cls_dir):
                pic = read_picture(cls_dir+'/'+fname)
                feats[pos] = pic
                # advance the class index on a new folder:
                if cls != current[1]:
                    current[0] += 1
                    current[1] = cls
                targets[pos] = current[0]
                pos += 1
        # cache the arrays:
        import keras
        targets = keras.utils.to_categorical(targets)
        import os
        if not os.path.exists('Data/npy_train_data/'):
            os.makedirs('Data/npy_train_data/')
        np.save('Data/npy_train_data/X.npy', feats)
        np.save('Data/npy_train_data/Y.npy', targets)
    feats /= 255.
    from sklearn.model_selection import train_test_split
    feats, feats_hold, targets, targets_hold = train_test_split(feats, targets, test_size=0.1, random_state=42)
    return feats, feats_hold, targets, targets_hold
