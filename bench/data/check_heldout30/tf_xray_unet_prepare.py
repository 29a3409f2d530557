# -*- coding: utf-8 -*-
"""
Build the training arrays for the lowered U-Net.

Reads every chest X-ray and its lung mask from the
train/ folders (and the unlabeled test/ images), keeps one channel
and writes them out as .npy files.


"""
import numpy as np
import cv2

IMG_H = 512
IMG_W = 512

train_images = np.zeros((500,IMG_H,IMG_W,1))
train_masks = np.zeros((500,IMG_H,IMG_W,1))
test_images = np.zeros((65,IMG_H,IMG_W,1))

for i in range(500):
  file_name = os.listdir('train/images/')[i]
  gray_img = cv2.imread('train/images/'+file_name)
  gray_img = cv2.cvtColor(gray_img , cv2.COLOR_BGR2RGB)
  gray_img = cv2.resize(gray_img, (IMG_H,IMG_W))
  train_images[i] = gray_img[:,:,0].reshape(512,512,1)
  gray_img = cv2.imread('train/masks/'+file_name)
  gray_img = cv2.cvtColor(gray_img , cv2.COLOR_BGR2RGB)
  gray_img = cv2.resize(gray_img, (IMG_H,IMG_W))
  train_masks[i] = gray_img[:,:,0].reshape(512,512,1)


for i in range(65):
  file_name = os.listdir('test/')[i]
  gray_img = cv2.imread('test/'+file_name)
  gray_img = cv2.cvtColor(gray_img , cv2.COLOR_BGR2RGB)
  gray_img = cv2.resize(gray_img, (IMG_H,IMG_W))
  test_images[i] = gray_img[:,:,0].reshape(512,512,1)
  
  
train_images /= 255.0
test_images /= 255.0
train_masks /= 255.0


np.save('train_image_array.npy',train_images)
np.save('train_mask_array.npy',train_masks)
np.save('test_image_array.npy',test_images)
