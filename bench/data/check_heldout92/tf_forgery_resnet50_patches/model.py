import numpy as np
import tensorflow as tf
from keras.applications.resnet50 import ResNet50
from keras.applications import VGG16
from keras.models import Model,Sequential
from keras.layers import Conv2D,concatenate,Lambda,Input,multiply,add,ZeroPadding2D,Activation,Layer,MaxPool2D,Dropout,BatchNormalization,Flatten,Dense,Dropout
from keras import regularizers
from keras.optimizers import Adam
from keras.callbacks import LearningRateScheduler, TensorBoard, ModelCheckpoint, Callback

base_lr = 0.0001

def build_resnet50_head():
    backbone = ResNet50(input_shape = [64,64,3],weight='imagenet',include_top=False,pooling=None)
    net = Sequential()
    net.add(backbone)
    net.add(Flatten())
    net.add(Dense(64,activation='relu'))
    net.add(Dropout(0.5))
    net.add(Dense(1,activation='sigmoid'))

    for lyr in model_aug.layers[0].layers[:171]:
        lyr.trainable=False
        
    opt = Adam(base_lr)

    net.compile(optimizer=opt,
                      loss='binary_crossentropy',
                      metrics=['accuracy'])

    return net

def build_vgg16_head():
    backbone = VGG16(input_shape=[64,64,3],include_top=False,weights='imagenet',pooling=None,)
    net = Sequential()
    net.add(backbone)
    net.add(Flatten())
    net.add(Dense(64,activation='relu'))
    net.add(Dropout(0.5))
    net.add(Dense(1,activation='sigmoid'))

    for lyr in model_aug.layers[0].layers[:17]:
        lyr.trainable=False

    opt = Adam(base_lr)

    net.compile(optimizer=opt,
                      loss='binary_crosentropy',
                      metrics=['accuracy'])
    
    return net
