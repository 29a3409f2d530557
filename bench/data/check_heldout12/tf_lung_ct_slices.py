# -*- coding: utf-8 -*-
"""Lung CT slices: watershed lung segmentation, then a small Keras CNN

for the cancer / no-cancer label (Colab notebook export).
"""

import numpy as np
import pandas as pd
import pydicom as dicom
import os
import matplotlib.pyplot as plt
from skimage import measure, segmentation
import scipy.ndimage as ndimage

from google.colab import drive
drive.mount('/content/drive')

# where the scans live
SCAN_FOLDER = '/content/drive/My Drive/lungcancer/stage1_train'
patient_dirs = os.listdir(SCAN_FOLDER)
patient_dirs.sort()
print(len(patient_dirs))

# read every DICOM file of one patient folder, sorted by instance number
def read_dicom_dir(scan_path):
    names_kept = []
    for item in os.listdir(scan_path):
        if( item != '.DS_Store'):
            names_kept.append(item)
    dcm_slices = [dicom.read_file((scan_path + '/' + item),force = True) for item in names_kept]
    dcm_slices.sort(key = lambda d: int(d.InstanceNumber))
    try:
        z_gap = np.abs(dcm_slices[0].ImagePositionPatient[2] - dcm_slices[1].ImagePositionPatient[2])
    except:
        z_gap = np.abs(dcm_slices[0].SliceLocation - dcm_slices[1].SliceLocation)

    for item in dcm_slices:
        item.SliceThickness = z_gap

    return dcm_slices

def to_hounsfield(dcm_list):
    image_arr = np.stack([item.pixel_array for item in dcm_list])
    # cast to int16; the raw values
    # fit comfortably in that range
    image_arr = image_arr.astype(np.int16)

    # pixels outside the scanner field are stored as -2000;
    # zero them (roughly air after the offset is added)
    image_arr[image_arr == -2000] = 0

    # apply rescale slope and intercept to get HU
    hu_offset = dcm_list[0].RescaleIntercept
    hu_scale = dcm_list[0].RescaleSlope

    if hu_scale != 1:
        image_arr = hu_scale * image_arr.astype(np.float64)
        image_arr = image_arr.astype(np.int16)

    image_arr += np.int16(hu_offset)

    return np.array(image_arr, dtype=np.int16)

def build_markers(image_arr):
    #inner marker: thresholded lung region, border-cleared, two largest blobs
    inner_mask = image_arr < -400
    inner_mask = segmentation.clear_border(inner_mask)
    inner_regions = measure.label(inner_mask)
    region_areas = [rp.area for rp in measure.regionprops(inner_regions)]
    region_areas.sort()
    if len(region_areas) > 2:
        for reg in measure.regionprops(inner_regions):
            if reg.area < region_areas[-2]:
                for rc in reg.coords:
                       inner_regions[rc[0], rc[1]] = 0
    inner_mask = inner_regions > 0
    #outer marker: ring between two dilations
    dil_small = ndimage.binary_dilation(inner_mask, iterations=10)
    dil_large = ndimage.binary_dilation(inner_mask, iterations=55)
    outer_mask = dil_large ^ dil_small
    #combined marker image for the watershed
    ws_markers = np.zeros((512, 512), dtype=np.int)
    ws_markers += inner_mask * 255
    ws_markers += outer_mask * 128

    return inner_mask, outer_mask, ws_markers

def split_lung_mask(image_arr):
    #markers from the helper above
    inner_mask, outer_mask, ws_markers = build_markers(image_arr)

    grad_x = ndimage.sobel(image_arr, 1)
    grad_y = ndimage.sobel(image_arr, 0)
    grad_mag = np.hypot(grad_x, grad_y)
    grad_mag *= 255.0 / np.max(grad_mag)

    ws_map = segmentation.watershed(grad_mag, ws_markers)

    #edge of the watershed regions
    edge_map = ndimage.morphological_gradient(ws_map, size=(3,3))
    edge_map = edge_map.astype(bool)

    #black top-hat to add back structures near the edge
    #with an enlarged round kernel
    disk_kernel = [[0, 0, 1, 1, 1, 0, 0],
                       [0, 1, 1, 1, 1, 1, 0],
                       [1, 1, 1, 1, 1, 1, 1],
                       [1, 1, 1, 1, 1, 1, 1],
                       [1, 1, 1, 1, 1, 1, 1],
                       [0, 1, 1, 1, 1, 1, 0],
                       [0, 0, 1, 1, 1, 0, 0]]

    disk_kernel = ndimage.iterate_structure(disk_kernel, 8)
    edge_map += ndimage.black_tophat(edge_map, structure=disk_kernel)

    #union of inner marker and edge gives the lung mask
    lung_mask = np.bitwise_or(inner_mask, edge_map)
    #close small gaps in the mask
    #(no hole filling, which could pull the heart in)
    lung_mask = ndimage.morphology.binary_closing(lung_mask, structure=np.ones((7,7)), iterations=3)

    #keep lung pixels, set the rest to -2000 HU
    lung_only = np.where(lung_mask == 1, image_arr, -2000*np.ones((512, 512)))

    #### nodule candidates
    nodule_or = np.bitwise_or(inner_mask, image_arr)
    nodule_map = np.where(lung_mask == 1, nodule_or, np.zeros((512, 512)))

    return lung_only, nodule_map, lung_mask, edge_map, ws_map, grad_mag, inner_mask, outer_mask, ws_markers

"""# Build the training arrays"""

labels_table = pd.read_csv('/content/drive/My Drive/lungcancer/stage1_labels.csv', index_col=0)

data_slices = []
slice_labels = []
print('*'*30)
print("converting scans to slices")
print('*'*30)
pj = 1
for patient_id in patient_dirs:
    test_scan_list = read_dicom_dir(SCAN_FOLDER +'/'+ patient_dirs[pj])
    test_volume_images = to_hounsfield(test_scan_list)
    scan_path = SCAN_FOLDER +'/'+ patient_id
    names_kept = []
    for item in os.listdir(scan_path):
        if( item != '.DS_Store'):
            names_kept.append(item)
    dcm_slices = [dicom.read_file((scan_path + '/' + item),force=True) for item in names_kept]
    print("patient #{}".format(pj))
    i = 0
    for item in dcm_slices:
        try:
          i += 1
          if i in range(0,50):
            continue
          #slices 50..149 of each patient are used
          elif i in range(50, 150):
            slice_img = test_volume_images[i]
            seg_image = split_lung_mask(slice_img)[0]
            chan_img = np.expand_dims(seg_image,axis = -1)
            cancer_label = labels_table.at[(str(item.PatientID), 'cancer')]
            data_slices.append(chan_img)
            slice_labels.append(cancer_label)

            print("slices so far: "+str(len(slice_labels)))
          else:
            break
        except IndexError:
          continue
    pj += 1

print("conversion finished")

data_arr = np.array(data_slices)
labels_arr = np.array(slice_labels)

from numpy import save
print("writing slice array")
save("/content/drive/My Drive/lungcancer/data_4.npy",data_arr)
print("writing label array")
save("/content/drive/My Drive/lungcancer/labels_4.npy",labels_arr)

from numpy import load
print("reading slice array back")
data_slices = load("/content/drive/My Drive/lungcancer/data_4.npy")
print("reading label array back")
slice_labels = load("/content/drive/My Drive/lungcancer/labels_4.npy")


data_view = data_slices[:, :, :, 0]
plt.imshow(data_view[100],cmap = 'gray')

"""# Fit the classifier"""

from sklearn.model_selection import train_test_split
(train_X, test_X, train_Y, test_Y) = train_test_split(data_slices, slice_labels,
                                                  test_size=0.1, stratify=slice_labels, random_state=42,shuffle = True)

from keras.preprocessing.image import ImageDataGenerator
train_aug_gen = ImageDataGenerator(rescale= 1.0/255.,
    rotation_range=20,
    zoom_range=0.15,
    width_shift_range=0.2,
    height_shift_range=0.2,
    shear_range=0.15,
    horizontal_flip=True,
    fill_mode="nearest")

test_aug_gen  = ImageDataGenerator(rescale= 1.0/255.)

from keras.models import Sequential
from keras.layers import Conv2D
from keras.layers import MaxPooling2D
from keras.layers import Flatten
from keras.layers import Dense
from keras.layers import Dropout

# small CNN
cnn_model = Sequential()
cnn_model.add(Conv2D(32, (3, 3), input_shape = (512, 512, 1), activation = 'relu'))
cnn_model.add(MaxPooling2D(pool_size = (2, 2)))
cnn_model.add(Conv2D(32, (3, 3), activation = 'relu'))
cnn_model.add(MaxPooling2D(pool_size = (2, 2)))
cnn_model.add(Conv2D(32, (3, 3), activation = 'relu'))
cnn_model.add(Dropout(0.5))
cnn_model.add(Conv2D(32, (3, 3), activation = 'relu'))
cnn_model.add(Flatten())
cnn_model.add(Dense(units = 128, activation = 'relu'))
cnn_model.add(Dropout(0.5))
cnn_model.add(Dense(units = 128, activation = 'relu'))
cnn_model.add(Dense(units = 1, activation = 'sigmoid'))

cnn_model.compile(optimizer = 'adam', loss = 'binary_crossentropy', metrics = ['accuracy'])
cnn_model.summary()

import keras as kr
import time
RUN_TAG = "test_1-{}".format(int(time.time()))

cb_list = [
    kr.callbacks.TensorBoard(log_dir='logs\{}'.format(RUN_TAG)),
    kr.callbacks.ModelCheckpoint('test_model_1.h5', save_best_only=True)]

fit_hist = cnn_model.fit(train_aug_gen.flow(train_X, train_Y, batch_size=32), steps_per_epoch=100, epochs = 50, verbose = 1,
                        validation_data = (test_X, test_Y), callbacks=cb_list)

train_aug_gen.fit(train_X)
