#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
ISIC 2017 lesion segmentation, U-Net training run

(research script)
"""
import glob
import matplotlib.pyplot as plt
import cv2
import pandas as pd

import numpy as np
from sklearn.metrics import roc_curve, auc

import models
from keras.callbacks import ReduceLROnPlateau, ModelCheckpoint

val_img_dir = '/data/isic2017/ISIC-2017_Validation_Data/'
val_gt_dir = '/data/isic2017/ISIC-2017_Validation_Part1_GroundTruth/'
train_img_dir = '/data/isic2017/ISIC-2017_Training_Data/'
train_gt_dir = '/data/isic2017/ISIC-2017_Training_Part1_GroundTruth/'
aug_dir = '/data/isic2017/ISIC-2017_Training_Data/output/'
cut = len('/data/isic2017/ISIC-2017_Training_Data/output/')
tag = 'unet'
hist_name = tag + '_history'
bs = 16
n_ep = 100

print('reading training images (with augmented copies)...')
# training set: augmented copies first
tr_img_paths = []
tr_gt_paths = []

for fp in glob.glob(aug_dir + '*.png'):
  if(fp[cut]=='_'):
    tr_gt_paths.append(fp)
  else:
    tr_img_paths.append(fp)

tr_img_paths.sort()
tr_gt_paths.sort()

aug_imgs = np.zeros((len(tr_img_paths), 192, 256, 3))
for k, ip in enumerate(tr_img_paths):
    aug_imgs[k] = plt.imread(ip)

aug_gts = np.zeros((len(tr_gt_paths), 192, 256, 1))
for k, gp in enumerate(tr_gt_paths):
    gt_raw = cv2.imread(gp)
    thr_val, gt_bin = cv2.threshold(gt_raw, 127, 255, cv2.THRESH_BINARY)
    aug_gts[k,:,:,0] = gt_bin[:,:,0]

tr_img_paths = []
tr_gt_paths = []

for fp in glob.glob(train_img_dir + '*.png'):
    tr_img_paths.append(fp)

for fp in glob.glob(train_gt_dir + '*.png'):
    tr_gt_paths.append(fp)
    
tr_img_paths.sort()
tr_gt_paths.sort()

orig_imgs = np.zeros((len(tr_img_paths), 192, 256, 3))
for k, ip in enumerate(tr_img_paths):
    orig_imgs[k] = plt.imread(ip)

orig_gts = np.zeros((len(tr_gt_paths), 192, 256, 1))
for k, gp in enumerate(tr_gt_paths):
    gt_raw = cv2.imread(gp)
    thr_val, gt_bin = cv2.threshold(gt_raw, 127, 255, cv2.THRESH_BINARY)
    orig_gts[k,:,:,0] = gt_bin[:,:,0]

all_imgs = np.zeros((5000, 192, 256, 3))
all_gts = np.zeros((5000, 192, 256, 1))

all_imgs[0:3000,:,:,:] = aug_imgs[:,:,:,:]
all_imgs[3000:5000,:,:,:] = orig_imgs[:,:,:,:]

all_gts[0:3000,:,:,:] = aug_gts[:,:,:,:]
all_gts[3000:5000,:,:,:] = orig_gts[:,:,:,:]

all_gts /= 255.

print('reading validation images...')
# validation images and their masks
va_img_paths = []
for fp in glob.glob(val_img_dir + '*.png'):
    va_img_paths.append(fp)

va_gt_paths = []
for fp in glob.glob(val_gt_dir + '*.png'):
    va_gt_paths.append(fp)

va_img_paths.sort()
va_gt_paths.sort()

va_imgs = np.zeros((len(va_img_paths), 192, 256, 3))
for k, ip in enumerate(va_img_paths):
    va_imgs[k] = plt.imread(ip)

va_gts = np.zeros((len(va_gt_paths), 192, 256, 1))
for k, gp in enumerate(va_gt_paths):
    gt_raw = cv2.imread(gp)
    thr_val, gt_bin = cv2.threshold(gt_raw, 127, 255, cv2.THRESH_BINARY)
    va_gts[k,:,:,0] = gt_bin[:,:,0]

va_gts /= 255.

print('fitting..')
net = models.unet(input_size = (192,256,3))
#net = models.unet1()
#net = models.attn_unet()
#net = models.wU_Net(192,256,3)
#net = models.Nest_Net(192,256,3)

cbs = [
    ReduceLROnPlateau(monitor='val_loss', factor=0.5, patience=5, min_lr=1e-9, epsilon=0.00001, verbose=1, mode='min'),
    ModelCheckpoint(tag + '_best_weight.h5', monitor='val_loss', save_best_only=True, verbose=1),
]

run = net.fit(all_imgs, all_gts, validation_data=(va_imgs, va_gts), 
              shuffle=True, epochs=n_ep, batch_size=bs, 
              verbose=True, callbacks=cbs)

# history to csv
hist_csv = hist_name + '.csv'
hist_frame = pd.DataFrame(run.history)
with open(hist_csv, mode='w') as fh:
    hist_frame.to_csv(fh)

# curves
plt.plot(run.history['dsc'])
plt.plot(run.history['val_dsc'])
plt.title('Dice per epoch')
plt.ylabel('Dice')
plt.xlabel('epoch')
plt.grid()
plt.legend(['train', 'val'], loc='best')
plt.show()
plt.savefig(tag + '_dsc.png')

plt.plot(run.history['jacard_coef'])
plt.plot(run.history['val_jacard_coef'])
plt.title('Jaccard per epoch')
plt.ylabel('Jaccard')
plt.xlabel('epoch')
plt.grid()
plt.legend(['train', 'val'], loc='best')
plt.show()
plt.savefig(tag + '_jac.png')

plt.plot(run.history['loss'])
plt.plot(run.history['val_loss'])
plt.title('loss per epoch')
plt.ylabel('Loss')
plt.xlabel('epoch')
plt.grid()
plt.legend(['train', 'val'], loc='best')
plt.show()
plt.savefig(tag + '_lr.png')

# ROC on the validation pixels
scores = net.predict(va_imgs)
scores = scores.ravel()
truth = va_gts.ravel()
fp_rate, tp_rate, cuts = roc_curve(truth, scores)
area = auc(fp_rate, tp_rate)

plt.plot([0, 1], [0, 1], 'k--')
plt.plot(fp_rate, tp_rate, label= 'U-Net (area = {:.3f})'.format(area))
plt.xlabel('False positive rate')
plt.ylabel('True positive rate')
plt.title('ROC')
plt.grid()
plt.legend(loc='best')
plt.show()
plt.savefig(tag + '_auc.png')

plt.xlim(0, 0.2)
plt.ylim(0.8, 1)
plt.plot([0, 1], [0, 1], 'k--')
plt.plot(fp_rate, tp_rate, label='U-Net (area = {:.3f})'.format(area))
plt.xlabel('False positive rate')
plt.ylabel('True positive rate')
plt.title('ROC, top-left corner')
plt.grid()
plt.legend(loc='best')
plt.show()
plt.savefig(tag + '_auc_zoomed.png')
