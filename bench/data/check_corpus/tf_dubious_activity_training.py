# source: https://github.com/AnjaliAnna/DubiousActivityDetection/blob/1c34f96fc7ecda2d1b5916116b6a934e1a7b6577/training.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import cv2
import math
import matplotlib.pyplot as plt
import pandas as pd
import tensorflow as tf
from keras.preprocessing import image
import numpy as np
from keras.utils import np_utils
from skimage.transform import resize

listing = pd.read_csv('frame_index.csv')
print(listing.head(5))
clips = []
for image_name in listing.image_name:
    img_frame = plt.imread('frames/' + image_name + '.jpg', 0)
    clips.append(img_frame)

clips = np.array(clips)
print(clips.shape)
labels = listing.label
labels_onehot = np_utils.to_categorical(labels)
imgs = []
for k in range(0, clips.shape[0]):
    small = resize(clips[k], output_shape=(224, 224), preserve_range=True).astype(int)
    imgs.append(small)
clips = np.array(imgs)

# split

from sklearn.model_selection import train_test_split
train_clips, valid_clips = train_test_split(clips, labels_onehot, random_state=42, test_size=0.3)
