# -*- coding: utf-8 -*-
"""
Lab-space colourisation, second attempt.
(re-expressed; the first lines keep the original header's shape)
shared by the colourising team
"""

import os
import numpy as np
import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras.preprocessing.image import img_to_array,load_img,ImageDataGenerator
from skimage.color import *   
from tensorflow.keras.layers import *   
import tensorboard
photos=[]
for fname in os.listdir('Train/'):
    photos.append(img_to_array(load_img('Train/'+fname)))  
photos = np.array(photos, dtype=float)
cut = int(0.95*len(photos)) 
train_part= photos[:cut]
train_part= 1.0/255*train_part

net= tf.keras.Sequential()
net.add(InputLayer(input_shape=(256,256,1)))
net.add(Conv2D(64,(3,3),activation='relu',padding='same'))
net.add(Conv2D(64,(3,3),activation='relu',padding='same',strides=2))
net.add(Conv2D(128,(3,3),activation='relu',padding='same'))
net.add(Conv2D(128,(3,3),activation='relu',padding='same',strides=2))
net.add(Conv2D(256,(3,3),activation='relu',padding='same'))
net.add(Conv2D(256,(3,3),activation='relu',padding='same',strides=2))
net.add(Conv2D(512,(3,3),activation='relu',padding='same'))
net.add(Conv2D(256,(3, 3), activation='relu', padding='same'))
net.add(Conv2D(128,(3,3),activation='relu',padding='same'))
net.add(UpSampling2D((2,2)))
net.add(Conv2D(64,(3,3),activation='relu',padding='same'))
net.add(UpSampling2D((2,2)))
net.add(Conv2D(32,(3,3),activation='relu',padding='same'))
net.add(Conv2D(16, (3, 3), activation='relu', padding='same'))
net.add(UpSampling2D((2,2)))
net.add(Conv2D(2,(3,3),activation='tanh',padding='same'))


net.compile(loss='mse',optimizer='rmsprop')

augmenter=ImageDataGenerator(shear_range=0.2,horizontal_flip=True,zoom_range=0.2,rotation_range=20)

bs= 50
def lab_pairs(bs):
    for chunk in augmenter.flow(train_part,batch_size=bs):
        lab_chunk= rgb2lab(chunk)
        lightness = lab_chunk[:,:,:,0]
        chroma = lab_chunk[:,:,:,1:] / 128
        yield (lightness.reshape(lightness.shape+(1,)), chroma)
        
#tensorboard(log_dir='/logs')
net.fit_generator(lab_pairs(bs),epochs=50,steps_per_epoch=10)

held_l = rgb2lab(1.0/255*photos[cut:])[:,:,:,0]
held_l = held_l.reshape(held_l.shape+(1,))
held_ab = rgb2lab(1.0/255*photos[cut:])[:,:,:,1:]
held_ab=held_ab/128
print (net.evaluate(held_l, held_ab, batch_size=bs))
# inference on the unseen folder
to_paint = []
for fname in os.listdir('Test/'):
        to_paint.append(img_to_array(load_img('Test/'+fname)))
to_paint= np.array(to_paint,dtype= float)
to_paint=((1.0/255)* to_paint[:,:,:,0]) 
to_paint= to_paint.reshape(to_paint.shape+(1,))

painted= net.predict(to_paint)
painted= painted*128

for k in range(len(painted)):
        canvas = np.zeros((256, 256, 3))
        canvas[:,:,0] = to_paint[k][:,:,0]
        canvas[:,:,1:] = painted[k]
        imsave("painted_"+str(k)+".png", lab2rgb(canvas))  
