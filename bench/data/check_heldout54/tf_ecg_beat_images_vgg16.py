import cv2
import numpy as np
import keras
import pickle
from sklearn.preprocessing import OneHotEncoder
from sklearn.model_selection import train_test_split
from keras.applications.vgg16 import VGG16
from keras.layers import Input, Flatten, Dense, Dropout
from keras.layers import BatchNormalization
from keras.models import Model
from keras.callbacks import ModelCheckpoint
import matplotlib.pyplot as plt
import random
import os
from keras.preprocessing.image import ImageDataGenerator
from sklearn.preprocessing import LabelBinarizer
from keras.models import  load_model
import time
import tensorflow as tf
from datetime import datetime

# Containers
train_imgs=[]
train_lbls=[]
test_imgs=[]
test_lbls=[]

# Settings tried
# 100 epochs, drop 0.5, batch 32: class 1 wrong
# 100 epochs, drop 0.3, batch 64: 96% test on class 1
# 100 epochs, drop 0.3, batch 32: 97% on class 1, weaker curves
# 100 epochs, drop 0.4, batch 32: 96% on class 1, nicer curves
# 100 epochs, drop 0.4, batch 64: 98% on class 1, low elsewhere
n_epochs = 100
drop_rate = 0.5
bs = 64

train_imgs = np.load("X_train_image.npy")
test_imgs = np.load("X_test_image.npy")
train_lbls = np.load("y_train_image.npy")
test_lbls = np.load("y_test_image.npy")

lb = LabelBinarizer()
train_lbls = lb.fit_transform(train_lbls)
test_lbls = lb.fit_transform(test_lbls)

for (k,name) in enumerate(lb.classes_):
    print("{}.{}".format(k+1,name))

backbone = VGG16(input_shape=(128,128,3), weights='imagenet', include_top=False)
    # freeze the convolutional part
for layer in backbone.layers:
        layer.trainable = False
    # new dense head with dropout
h = Flatten(name='flatten')(backbone.output)
h = Dense(4096, activation='relu', name='fc1')(h)
#h = BatchNormalization()(h) did not help
h = Dropout(drop_rate)(h)
h = Dense(4096, activation='relu', name='fc2')(h)
#h = BatchNormalization()(h)
h = Dropout(drop_rate)(h)
h = Dense(5, activation='softmax', name='predictions')(h)
    # compile
net = Model(backbone.input, h)

net.compile(loss='categorical_crossentropy', optimizer='Adam', metrics=['accuracy'])

print(net.summary())

# net = keras.utils.plot_model(net, "net.png")

ckpt_path="best_weight/w-{epoch:02d}-{val_accuracy:.2f}-100-0.5-64.hdf5"
ckpt = ModelCheckpoint(ckpt_path, monitor='val_accuracy', verbose=1, save_best_only=True, mode='max')
cb_list = [ckpt]
# cb_list = [EarlyStopping(monitor='val_loss', patience=8),
#              ModelCheckpoint(filepath='best.h5', monitor='val_loss', save_best_only=True)]
t0 = datetime.now().time()

hist = net.fit(
  train_imgs,train_lbls,
  validation_data=(test_imgs,test_lbls),
  epochs=n_epochs,verbose=2,
  batch_size=bs,
  callbacks=cb_list
)

net.save("models/vgg16_head-100-0.5-64.h5")
np.save("history(100-0.5-64).npy", hist.history)
# print("elapsed", datetime.now().time()-t0)

te_loss, te_acc = net.evaluate(test_imgs, test_lbls,batch_size=bs, verbose=2) 
print("Acc:",te_acc * 100)
print("Loss:",te_loss)
