import matplotlib.pyplot as plt
import sys
from keras.preprocessing.image import array_to_img, img_to_array, load_img
import numpy as np
import os

train_x = []
train_y = []

test_x = []
test_y = []

names = os.listdir("dataset\\predicted_auto2\\")
count = 0
for fname in names:
    fpath = ("dataset\\predicted_auto2\\"+fname)
    pic = load_img(fpath)
    pic_arr = img_to_array(pic)
    print(pic_arr.shape)
    train_x.append(pic_arr)
    count = count+1

np.savez("gan.npz", x_train=train_x,
         y_train=train_y, x_test=test_x, y_test=test_y)
