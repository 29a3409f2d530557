# -*- coding: utf-8 -*-
from UNET_model import *
from UNET_data import save_training_data
from tensorflow import keras
import numpy as np


save_training_data()

fit_pics = np.load('../model_files/train_images_array.npy')
fit_masks = np.load('../model_files/train_masks_array.npy')

def fit_unet(net, tag):
    N_EPOCHS = 5
    BS = 5
    cbs=[keras.callbacks.ModelCheckpoint('Unet_XRAY_best.h5.keras',save_best_only=True)]


    net.compile(optimizer = keras.optimizers.Adam(1e-4) ,
                loss = keras.losses.BinaryCrossentropy(from_logits = False),
                metrics = ['accuracy'])

    hist = net.fit(fit_pics, fit_masks,
                   batch_size = BS,
                   epochs = N_EPOCHS , callbacks = cbs ,
                   verbose = 1)

    net.save("../model_files/"+tag+".keras")

#fit_unet(UNet_lowered((512,512,1)), "Unet_low")
fit_unet(UNet((512,512,1)), "Unet")
