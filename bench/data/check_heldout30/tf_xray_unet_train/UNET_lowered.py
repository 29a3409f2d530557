# -*- coding: utf-8 -*-
"""
Reduced U-Net:

    Same layout as the paper's U-Net with a quarter of the filters per level.

"""

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers 
from tensorflow.keras.layers import Input , Conv2D , MaxPooling2D , Dropout , concatenate , UpSampling2D
from tensorflow.keras import models
from tensorflow.keras import losses
from tensorflow.keras import optimizers
import numpy as np


def UNet(input_shape):
  keras.backend.clear_session()
  net_in = Input(input_shape)
  enc1 = Conv2D(16, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(net_in)
  enc1 = Conv2D(16, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(enc1)
  down1 = MaxPooling2D(pool_size=(2, 2))(enc1)

  enc2 = Conv2D(32, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(down1)
  enc2 = Conv2D(32, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(enc2)
  down2 = MaxPooling2D(pool_size=(2, 2))(enc2)

  enc3 = Conv2D(64, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(down2)
  enc3 = Conv2D(64, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(enc3)
  down3 = MaxPooling2D(pool_size=(2, 2))(enc3)
  
  enc4 = Conv2D(128, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(down3)
  enc4 = Conv2D(128, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(enc4)
  skip4 = Dropout(0.5)(enc4)
  down4 = MaxPooling2D(pool_size=(2, 2))(skip4)

  bottom = Conv2D(256, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(down4)
  bottom = Conv2D(256, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(bottom)
  bottom_drop = Dropout(0.5)(bottom)

  rise6 = Conv2D(128, 2, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(UpSampling2D(size = (2,2))(bottom_drop))
  join6 = concatenate([skip4,rise6], axis = 3)
  dec6 = Conv2D(128, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(join6)
  dec6 = Conv2D(128, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(dec6)

  rise7 = Conv2D(64, 2, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(UpSampling2D(size = (2,2))(dec6))
  join7 = concatenate([enc3,rise7], axis = 3)
  dec7 = Conv2D(64, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(join7)
  dec7 = Conv2D(64, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(dec7)

  rise8 = Conv2D(32, 2, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(UpSampling2D(size = (2,2))(dec7))
  join8 = concatenate([enc2,rise8], axis = 3)
  dec8 = Conv2D(32, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(join8)
  dec8 = Conv2D(32, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(dec8)

  rise9 = Conv2D(16, 2, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(UpSampling2D(size = (2,2))(dec8))
  join9 = concatenate([enc1,rise9], axis = 3)
  dec9 = Conv2D(16, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(join9)
  dec9 = Conv2D(16, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(dec9)
  dec9 = Conv2D(2, 3, activation = 'relu', padding = 'same', kernel_initializer = 'he_normal')(dec9)

  net_out = layers.Conv2D(1, 1, activation = 'sigmoid')(dec9)

  model = keras.Model(inputs = net_in , outputs = net_out,name = 'UNet')

  return model
