import os
import numpy as np
import matplotlib.pyplot as plt
import pandas as pd
import cv2

def read_xray_folder(root):
    pics = [] 
    targets = []
    for cls_name in CLASSES: 
        cls_dir = os.path.join(root, cls_name)
        cls_id = CLASSES.index(cls_name)
        for fname in os.listdir(cls_dir):
            try:
                gray = cv2.imread(os.path.join(cls_dir, fname), cv2.IMREAD_GRAYSCALE)
                small = cv2.resize(gray, (SIDE, SIDE))
                pics.append(small)
                targets.append(cls_id)
            except Exception as err:
                print(err)
    return np.array(pics), np.array(targets)

CLASSES = ['PNEUMONIA', 'NORMAL']
SIDE = 150

xs_train, ys_train = read_xray_folder(r'input\chest_xray\train')
xs_test, ys_test = read_xray_folder(r'input\chest_xray\test')
xs_val, ys_val = read_xray_folder(r'input\chest_xray\val')

def class_histogram(ys, caption):
    vals, counts = np.unique(ys, return_counts=True)
    palette = ['#ffb703', '#003f88']  # one colour per class
    plt.bar(vals, counts, tick_label=vals, color=palette)
    plt.title(caption)
    plt.xlabel('class')
    plt.ylabel('images')
    plt.show()

# class balance of the training folder
# 
class_histogram(ys_train, 'train split: images per class')

# first and last training image
# 
plt.figure(figsize=(5, 5))
plt.imshow(xs_train[0], cmap='gray')
plt.title(CLASSES[ys_train[0]])  # name of its class
# plt.show()

# 
plt.figure(figsize=(5, 5))
plt.imshow(xs_train[-1], cmap='gray')
plt.title(CLASSES[ys_train[-1]])  # name of its class
# plt.show()

xs_train = np.array(xs_train) / 255
xs_val = np.array(xs_val) / 255
xs_test = np.array(xs_test) / 255

print(xs_train.shape)

'''
# reshape for a conv net (unused)
xs_train = xs_train.reshape(-1, SIDE, SIDE, 1)
ys_train = np.array(ys_train)

xs_val = xs_val.reshape(-1, SIDE, SIDE, 1)
ys_val = np.array(ys_val)

xs_test = xs_test.reshape(-1, SIDE, SIDE, 1)
ys_test = np.array(ys_test)

print(xs_train.shape) 

'''
