from load_data import load_car_data
import tensorflow as tf
from tensorflow import keras
import numpy as np
import matplotlib.pyplot as plt
from tensorflow.keras import models
from tensorflow.keras import layers
from tensorflow.keras.utils import to_categorical
import os
from tensorflow.python.keras import backend
from check_history import plot_iou_history
from metrics import BoxIoUMetric
from metrics import box_iou_loss
from tensorflow.keras.layers import Dropout  


def _scaled_arrays(): 
    (train_images, val_images, train_boxes, val_boxes) = load_car_data()
    train_images = train_images.astype('float32')/255
    val_images = val_images.astype('float32')/255
    train_boxes = train_boxes.astype('float32')
    val_boxes = val_boxes.astype('float32')
    return  (train_images, train_boxes), (val_images, val_boxes)


def _build_box_model(input_shape):
    model = keras.Sequential()
    model.add(layers.Conv2D(64, (6, 6), activation='relu', input_shape=input_shape))
    model.add(layers.Conv2D(64, (6, 6), activation='relu'))
    # model.add(layers.BatchNormalization())
    model.add(layers.MaxPooling2D((3, 3)))
    model.add(layers.Dropout(0.25))


    model.add(layers.Conv2D(16, (2, 2), activation='relu'))
    model.add(layers.Conv2D(16, (2, 2), activation='relu'))
    model.add(layers.MaxPooling2D((2, 2)))
    model.add(layers.BatchNormalization())
    model.add(layers.Dropout(0.5))
    model.add(layers.GlobalAveragePooling2D())
    
    model.add(layers.Dense(48, activation='elu'))
    model.add(layers.Dropout(0.2))
    model.add(layers.Dense(4, activation='linear'))
    model.compile(optimizer=keras.optimizers.Adam(), loss=box_iou_loss, metrics=[BoxIoUMetric()])
    model.summary()
    print('box regressor built')
    return model




def fit_box_model(train_X,train_y,val_X,val_y):
    box_net = _build_box_model(train_X[0].shape)
    history = box_net.fit(train_X,train_y,batch_size = 1, validation_data=(val_X,val_y), epochs=50)
    box_net.save('car_boxes_model')
    return history



if __name__ == "__main__":
    (train_images, train_boxes), (val_images, val_boxes) = _scaled_arrays()
    history = fit_box_model(train_images,train_boxes,val_images,val_boxes)
    plot_iou_history(history)

