"""
LGG brain MRI masks: U-Net trained from generators over a file table

(re-expressed)
"""
import os
import random
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
plt.style.use("ggplot")

import cv2
from tqdm import tqdm_notebook, tnrange
from glob import glob
from itertools import chain
from skimage.io import imread, imshow, concatenate_images
from skimage.transform import resize
from skimage.morphology import label
from sklearn.model_selection import train_test_split

import tensorflow as tf
from skimage.color import rgb2gray
from tensorflow.keras import Input
from tensorflow.keras.models import Model, load_model, save_model
from tensorflow.keras.layers import Input, Activation, BatchNormalization, Dropout, Lambda, Conv2D, Conv2DTranspose, MaxPooling2D, concatenate
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint

from tensorflow.keras import backend as K
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint

# sizes
side_w = 256
side_h = 256

scan_files = []
label_files = glob('../input/lgg-mri-segmentation/kaggle_3m/*/*_mask*')

for i in label_files:
    scan_files.append(i.replace('_mask',''))

print(scan_files[:10])
print(label_files[:10])
n_rows,n_cols=3,3
canvas=plt.figure(figsize=(10,10))
for i in range(1, min(n_rows * n_cols + 1, len(scan_files))):
    canvas.add_subplot(n_rows,n_cols,i)
    scan_path=scan_files[i]
    label_path=label_files[i]
    scan=cv2.imread(scan_path)
    scan=cv2.cvtColor(scan,cv2.COLOR_BGR2RGB)
    label=cv2.imread(label_path)
    plt.imshow(scan)
    plt.imshow(label,alpha=0.4)
plt.show()
table = pd.DataFrame(data={"filename": scan_files, 'mask' : label_files})
fit_rows, test_rows = train_test_split(table,test_size = 0.1)
fit_rows, val_rows = train_test_split(fit_rows,test_size = 0.2)
print(fit_rows.values.shape)
print(val_rows.values.shape)
print(test_rows.values.shape)

def paired_flow(frame, batch_size, aug_args,
        image_color_mode="rgb",
        mask_color_mode="grayscale",
        image_save_prefix="image",
        mask_save_prefix="mask",
        save_to_dir=None,
        target_size=(256,256),
        seed=1):
    scan_flow = image_datagen.flow_from_dataframe(
        frame,
        x_col = "filename",
        class_mode = None,
        color_mode = image_color_mode,
        target_size = target_size,
        batch_size = batch_size,
        save_to_dir = save_to_dir,
        save_prefix  = image_save_prefix,
        seed = seed)

    label_flow = mask_datagen.flow_from_dataframe(
        frame,
        x_col = "mask",
        class_mode = None,
        color_mode = mask_color_mode,
        target_size = target_size,
        batch_size = batch_size,
        save_to_dir = save_to_dir,
        save_prefix  = mask_save_prefix,
        seed = seed)

    fit_flow = zip(scan_flow, label_flow)
    
    for (scan, target) in fit_flow:
        scan, target = rescale_pair(scan, target)
        yield (scan,target)

def rescale_pair(scan,target):
    scan = scan / 255
    target = target / 255
    target[target > 0.5] = 1
    target[target <= 0.5] = 0
    
    return (scan, target)
SMOOTH=100

def dice_metric(y_true, y_pred):
    truth_flat=K.flatten(y_true)
    pred_flat=K.flatten(y_pred)
    overlap=K.sum(truth_flat* pred_flat)
    return((2* overlap + SMOOTH) / (K.sum(truth_flat) + K.sum(pred_flat) + SMOOTH))

def dice_objective(y_true, y_pred):
    return -dice_metric(y_true, y_pred)

def iou(y_true, y_pred):
    common = K.sum(y_true * y_pred)
    total = K.sum(y_true + y_pred)
    jaccard = (common + SMOOTH) / (total - common + SMOOTH)
    return jaccard

def jaccard_distance(y_true, y_pred):
    truth_flat=K.flatten(y_true)
    pred_flat=K.flatten(y_pred)

    return - iou(y_true, y_pred)

def build_unet(input_size=(256,256,3)):
    x_in = Input(input_size)
    
    c1 = Conv2D(64, (3, 3), padding='same')(x_in)
    a1 = Activation('relu')(c1)
    c1 = Conv2D(64, (3, 3), padding='same')(a1)
    a1 = BatchNormalization(axis=3)(c1)
    a1 = Activation('relu')(a1)
    p1 = MaxPooling2D(pool_size=(2, 2))(a1)

    c2 = Conv2D(128, (3, 3), padding='same')(p1)
    a2 = Activation('relu')(c2)
    c2 = Conv2D(128, (3, 3), padding='same')(a2)
    a2 = BatchNormalization(axis=3)(c2)
    a2 = Activation('relu')(a2)
    p2 = MaxPooling2D(pool_size=(2, 2))(a2)

    c3 = Conv2D(256, (3, 3), padding='same')(p2)
    a3 = Activation('relu')(c3)
    c3 = Conv2D(256, (3, 3), padding='same')(a3)
    a3 = BatchNormalization(axis=3)(c3)
    a3 = Activation('relu')(a3)
    p3 = MaxPooling2D(pool_size=(2, 2))(a3)

    c4 = Conv2D(512, (3, 3), padding='same')(p3)
    a4 = Activation('relu')(c4)
    c4 = Conv2D(512, (3, 3), padding='same')(a4)
    a4 = BatchNormalization(axis=3)(c4)
    a4 = Activation('relu')(a4)
    p4 = MaxPooling2D(pool_size=(2, 2))(a4)

    c5 = Conv2D(1024, (3, 3), padding='same')(p4)
    a5 = Activation('relu')(c5)
    c5 = Conv2D(1024, (3, 3), padding='same')(a5)
    a5 = BatchNormalization(axis=3)(c5)
    a5 = Activation('relu')(a5)

    u6 = concatenate([Conv2DTranspose(512, (2, 2), strides=(2, 2), padding='same')(a5), c4], axis=3)
    c6 = Conv2D(512, (3, 3), padding='same')(u6)
    a6 = Activation('relu')(c6)
    c6 = Conv2D(512, (3, 3), padding='same')(a6)
    a6 = BatchNormalization(axis=3)(c6)
    a6 = Activation('relu')(a6)

    u7 = concatenate([Conv2DTranspose(256, (2, 2), strides=(2, 2), padding='same')(a6), c3], axis=3)
    c7 = Conv2D(256, (3, 3), padding='same')(u7)
    a7 = Activation('relu')(c7)
    c7 = Conv2D(256, (3, 3), padding='same')(a7)
    a7 = BatchNormalization(axis=3)(c7)
    a7 = Activation('relu')(a7)

    u8 = concatenate([Conv2DTranspose(128, (2, 2), strides=(2, 2), padding='same')(a7), c2], axis=3)
    c8 = Conv2D(128, (3, 3), padding='same')(u8)
    a8 = Activation('relu')(c8)
    c8 = Conv2D(128, (3, 3), padding='same')(a8)
    a8 = BatchNormalization(axis=3)(c8)
    a8 = Activation('relu')(a8)

    u9 = concatenate([Conv2DTranspose(64, (2, 2), strides=(2, 2), padding='same')(a8), c1], axis=3)
    c9 = Conv2D(64, (3, 3), padding='same')(u9)
    a9 = Activation('relu')(c9)
    c9 = Conv2D(64, (3, 3), padding='same')(a9)
    a9 = BatchNormalization(axis=3)(c9)
    a9 = Activation('relu')(a9)

    c10 = Conv2D(1, (1, 1), activation='sigmoid')(a9)

    return Model(inputs=[x_in], outputs=[c10])

N_EPOCHS = 150
BATCH = 32
step_size = 1e-4
aug_settings = dict(rotation_range=0.2,
                            width_shift_range=0.05,
                            height_shift_range=0.05,
                            shear_range=0.05,
                            zoom_range=0.05,
                            horizontal_flip=True,
                            fill_mode='nearest')
fit_flow = paired_flow(fit_rows, BATCH,
                                aug_settings,
                                target_size=(side_h, side_w))
    
val_flow = paired_flow(val_rows, BATCH,
                                dict(),
                                target_size=(side_h, side_w))
    
net = build_unet(input_size=(side_h, side_w, 3))



decay = step_size / N_EPOCHS
optimizer = Adam(lr=step_size, beta_1=0.9, beta_2=0.999, epsilon=None, decay=decay, amsgrad=False)
net.compile(optimizer=optimizer, loss=dice_objective, metrics=["binary_accuracy", iou, dice_metric])

hooks = [ModelCheckpoint('lgg_unet.hdf5', verbose=1, save_best_only=True)]

record = net.fit(fit_flow,
                    steps_per_epoch=len(fit_rows) / BATCH, 
                    epochs=N_EPOCHS, 
                    callbacks=hooks,
                    validation_data = val_flow,
                    validation_steps=len(val_rows) / BATCH)
hist = record.history

fit_dice = hist['dice_coef']
val_dice = hist['val_dice_coef']

fit_iou = hist['iou']
val_iou = hist['val_iou']

fit_loss = hist['loss']
val_loss_curve = hist['val_loss']
plt.figure(1)
plt.plot(val_loss_curve, 'b-')
plt.plot(fit_loss,'r-')
plt.xlabel('iteration')
plt.ylabel('loss')
plt.title('loss per epoch', fontsize = 15)
plt.figure(2)
plt.plot(fit_dice, 'r-')
plt.plot(val_dice, 'b-')
plt.xlabel('iteration')
plt.ylabel('accuracy')
plt.title('dice per epoch', fontsize = 15)
plt.show()
net = load_model('lgg_unet.hdf5', custom_objects={'dice_coef_loss': dice_objective, 'iou': iou, 'dice_coef': dice_metric})
test_flow = paired_flow(test_rows, BATCH,
                                dict(),
                                target_size=(side_h, side_w))
scores = net.evaluate(test_flow, steps=len(test_rows) / BATCH)
print("test loss: ",scores[0])
print("test IoU: ",scores[1])
print("test Dice: ",scores[2])
for i in range(30):
    pick=np.random.randint(1,len(test_rows.index))
    scan = cv2.imread(test_rows['filename'].iloc[pick])
    scan = cv2.resize(scan ,(side_h, side_w))
    scan = scan / 255
    scan = scan[np.newaxis, :, :, :]
    guess=net.predict(scan)

    plt.figure(figsize=(12,12))
    plt.subplot(1,3,1)
    plt.imshow(np.squeeze(scan))
    plt.title('Scan')
    plt.subplot(1,3,2)
    plt.imshow(np.squeeze(cv2.imread(test_rows['mask'].iloc[pick])))
    plt.title('True mask')
    plt.subplot(1,3,3)
    plt.imshow(np.squeeze(guess) > .5)
    plt.title('Predicted mask')
    plt.show()
