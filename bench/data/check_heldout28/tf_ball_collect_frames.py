import cv2
import pandas as pd
import os
import glob
import numpy as np
img_dir = "C:/Users/lenovo/Desktop/rover//DatasetTennisCNN-CVPR18/" # image root (the glob below is used instead)
ball_files = glob.glob("/media/ameya/Windows/Users/lenovo/Desktop/rover/DatasetTennisCNN-CVPR18/ball/*.png")
no_ball_files = glob.glob("/media/ameya/Windows/Users/lenovo/Desktop/rover/DatasetTennisCNN-CVPR18/no_ball/*.png")
#ball_files = glob.glob("/some/other/folder/single_picture.JPG")
images = []
labels = []
for path_ball in ball_files:
    img = cv2.imread(path_ball)
    labels.append([1])
    # print(labels)
    images.append(img)
 
for path_none in no_ball_files:
    img = cv2.imread(path_none)
    labels.append([0])
    #img = cv2.resize(img,(50,50))
    images.append(img)
images_arr = np.array(images)
labels_arr = np.array(labels)
#from tempfile import TemporaryFile
#np.savetxt('a.txt', images_arr, fmt='')
np.save("outputfinal.npy", images_arr)
np.save("outputfinalans.npy", labels_arr)
#check=np.load("output.npy")
#print(check.shape())
#tmp_labels = TemporaryFile()
#np.save(tmp_labels, labels_arr)
#tmp.seek(0)
#back = np.loadtxt('a.txt', dtype=double)
#print(back)
#tmp_labels.seek(0)
#labels_back = np.load(tmp_labels)
#print(labels_back)
import keras
