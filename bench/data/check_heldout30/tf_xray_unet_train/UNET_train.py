# -*- coding: utf-8 -*-
"""
Fit the lowered U-Net on the saved X-ray arrays.


The last 75 training pairs are kept aside for validation.




"""


import UNET_lowered
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers 
from tensorflow.keras.layers import Input , Conv2D , MaxPooling2D , Dropout , concatenate , UpSampling2D
from tensorflow.keras import models
from tensorflow.keras import losses
from tensorflow.keras import optimizers
import numpy as np

unet_model = UNet((512,512,1))

train_X = np.load('train_image_array.npy')
train_y = np.load('train_mask_array.npy')



val_X = train_X[-75:]
val_y = train_y[-75:]

train_X = train_X[:-75]
train_y = train_y[:-75]



N_EPOCHS = 100 
VAL_PAIR = (val_X,val_y)
BATCH = 10
ckpt_callbacks=[keras.callbacks.ModelCheckpoint('Unet_XRAY_best.h5',save_best_only=True)]


unet_model.compile(optimizer = optimizers.Adam(1e-4) , 
              loss = losses.BinaryCrossentropy(from_logits = False),
              metrics = ['accuracy'])

fit_log = unet_model.fit(train_X,train_y , 
                    batch_size = BATCH,
                    epochs = N_EPOCHS , callbacks = ckpt_callbacks ,
                    validation_data = VAL_PAIR , verbose = 1)
