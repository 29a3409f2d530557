import tensorflow as tf
import pandas as pd
import matplotlib.pyplot as plt
import numpy as np
import cv2
import os
from sklearn.preprocessing import LabelEncoder
from tensorflow.keras import layers
enc=LabelEncoder()
from glob import glob
import matplotlib.image as mpimg
from tensorflow.keras.preprocessing import image_dataset_from_directory
from tensorflow.keras.preprocessing.image import ImageDataGenerator,img_to_array,array_to_img,load_img

from tensorflow.compat.v1 import ConfigProto
from tensorflow.compat.v1 import InteractiveSession

sess_cfg = ConfigProto()
sess_cfg.gpu_options.allow_growth = True
sess = InteractiveSession(config=sess_cfg)

root='C:/data/plant-seedlings-classification/train'
one_img=root+'/Black-grass/f0a7c51a2.png'

os.listdir(os.path.join(root,os.listdir(root)[0]))

def leaf_only(bgr):
    hsv=cv2.cvtColor(bgr,cv2.COLOR_BGR2HSV)
    #hsv=cv2.cvtColor(bgr,cv2.COLOR_RGB2HSV)
    keep=cv2.inRange(hsv,(25,15,15),(75,255,255))
    leaf=cv2.bitwise_and(hsv,hsv,mask=keep)
    return leaf

species=os.listdir(root)

def read_all():
    pairs=[]
    for sp in species:
        for f in (glob(root+'/'+sp+'/*')):
            pic=cv2.imread(f)
            pic=cv2.resize(pic,(256,256))
            #leaf=leaf_only(pic)
            pairs.append([pic,sp])
    return pairs

samples=read_all()

plt.imshow(samples[3800][0])

import random
random.shuffle(samples)
imgs,names=zip(*samples)

names=enc.fit_transform(names)
from tensorflow.keras.utils import to_categorical
names=to_categorical(names)

imgs=np.reshape(imgs,(-1,256,256,3))

plt.imshow(imgs[-1])

x_fit=imgs[:3800]
x_hold=imgs[3800:]
y_fit=names[:3800]
y_hold=names[3800:]

net=tf.keras.Sequential()
net.add(layers.experimental.preprocessing.Rescaling(1./255,input_shape=(256,256,3)))
net.add(layers.Conv2D(128,(3,3),activation='relu',strides=4))
net.add(layers.MaxPool2D((2,2),strides=2))
net.add(layers.Conv2D(384,(3,3),padding='same',activation='relu'))
net.add(layers.Dropout(0.5))
net.add(layers.Conv2D(384,(3,3),padding='same',activation='relu'))
net.add(layers.Dropout(0.5))
net.add(layers.Conv2D(256,(3,3),padding='same',activation='relu'))
net.add(layers.MaxPool2D((3,3),strides=3))
net.add(layers.Dropout(0.5))
net.add(layers.Flatten())
net.add(layers.Dense(4096,activation='relu'))
net.add(layers.Dropout(0.5))
net.add(layers.Dense(4096,activation='relu'))
net.add(layers.Dropout(0.5))
net.add(layers.Dense(12,activation='softmax'))

from tensorflow.keras.optimizers import Adam
opt=Adam(lr=1e-5)

net.compile(optimizer=opt,loss='categorical_crossentropy',metrics='accuracy')

net.summary()

log=net.fit(x_fit,y_fit,validation_data=(x_hold,y_hold),epochs=50,batch_size=16)

plt.plot(log.history['accuracy'],label='accuracy')
plt.plot(log.history['val_accuracy'],label='val_accuracy')

plt.xlabel('epochs',color='white')
plt.ylabel('accuracy',color='white')
plt.title('adam, 50 epochs, lr 1e-5',color='white',fontsize=20)
plt.tick_params(colors='white')
plt.legend()

plt.plot(log.history['loss'],label='loss')
plt.plot(log.history['val_loss'],label='val_loss')
plt.xlabel('epochs',color='white')
plt.ylabel('loss',color='white')
plt.title('adam, 50 epochs, lr 1e-5',color='white',fontsize=20)
plt.tick_params(colors='white')
plt.legend()
