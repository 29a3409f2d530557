import numpy as np
import matplotlib.pyplot as plt
import tensorflow.keras
from keras.datasets import mnist
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense
from tensorflow.keras.optimizers import Adam
from keras.utils.np_utils import to_categorical
import random
import requests
from PIL import Image

from keras.layers.convolutional import Conv2D
from keras.layers.convolutional import MaxPooling2D
from keras.layers import Flatten
from keras.layers import Dropout
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Model
import pickle
import pandas as pd
import cv2
import os, os.path


def to_grey(frame):
    frame = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    return frame


def hist_equalize(frame):
    frame = cv2.equalizeHist(frame)
    return frame


def prepare(frame):
    frame = to_grey(frame)
    frame = hist_equalize(frame)
    frame = frame/255
    return frame

## first folder ##
folder='D:\\coursework\\drive_set\\bdd100k_images_100k\\images\\100k\\test'
names=os.listdir(folder)
type(names)
len(names)

first_frames=[]
for name in names:
    pixels=cv2.imread(os.path.join(folder, name))
    first_frames.append(pixels)

for k in range(len(first_frames)):
    plt.imshow(first_frames[k])
    #plt.imshow(frame, cmap=plt.get_cmap('gray'))
    #plt.show()

## second folder ##
#where the files are
folder='D:\\coursework\\drive_set\\bdd100k_images_100k\\images\\100k\\train'
names=os.listdir(folder)
type(names)
len(names)

second_frames=[]
for name in names:
    pixels=cv2.imread(os.path.join(folder,name))
    second_frames.append(pixels)

for k in range(len(second_frames)):
    plt.imshow(second_frames[k])
    #plt.imshow(frame, cmap=plt.get_cmap('gray'))
    #plt.show()

## held-out folder ##
folder='D:\\coursework\\drive_set\\bdd100k_images_100k\\images\\100k\\val'
names=os.listdir(folder)
type(names)
len(names)

heldout_frames=[]
for name in names:
    pixels=cv2.imread(os.path.join(folder,name))
    heldout_frames.append(pixels)

for k in range(len(heldout_frames)):
    plt.imshow(heldout_frames[k])
    frame = prepare(heldout_frames[k])
    plt.imshow(frame, cmap=plt.get_cmap('gray'))
    plt.axis("off")
    plt.show()

#meta = pd.read_json('D:\\coursework\\labels\\bdd100k\\labels\\bdd100k_labels_images_val.json')
#print(meta)
