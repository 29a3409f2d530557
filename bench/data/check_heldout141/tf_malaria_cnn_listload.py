import cv2
import os
import tensorflow as tf
from tensorflow import keras
from PIL import Image
import numpy as np
from sklearn.model_selection import train_test_split
from keras.utils.np_utils import normalize
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D
from keras.layers import Activation, Dropout, Flatten, Dense
from keras.utils.np_utils import to_categorical

cells_root='cells/'

healthy_files=os.listdir(cells_root+ 'uninfected/')
parasite_files=os.listdir(cells_root+ 'infected/')
pixels=[]
targets=[]

SIDE=64

for k , fname in enumerate(healthy_files):
    if(fname.split('.')[1]=='png'):
        bgr=cv2.imread(cells_root+'uninfected/'+fname)
        bgr=Image.fromarray(bgr,'RGB')
        bgr=bgr.resize((SIDE,SIDE))
        pixels.append(np.array(bgr))
        targets.append(0)

for k , fname in enumerate(parasite_files):
    if(fname.split('.')[1]=='png'):
        bgr=cv2.imread(cells_root+'infected/'+fname)
        bgr=Image.fromarray(bgr, 'RGB')
        bgr=bgr.resize((SIDE,SIDE))
        pixels.append(np.array(bgr))
        targets.append(1)

pixels=np.array(pixels)
targets=np.array(targets)


xa, xb, ya, yb=train_test_split(pixels, targets, test_size=0.2, random_state=0)



xa=normalize(xa, axis=1)
xb=normalize(xb, axis=1)

ya=to_categorical(ya , num_classes=2)
yb=to_categorical(yb , num_classes=2)




net=Sequential()

net.add(Conv2D(32, (3,3), input_shape=(SIDE, SIDE, 3)))
net.add(Activation('relu'))
net.add(MaxPooling2D(pool_size=(2,2)))

net.add(Conv2D(32, (3,3), kernel_initializer='he_uniform'))
net.add(Activation('relu'))
net.add(MaxPooling2D(pool_size=(2,2)))


net.add(Conv2D(64, (3,3), kernel_initializer='he_uniform'))
net.add(Activation('relu'))
net.add(MaxPooling2D(pool_size=(2,2)))

net.add(Flatten())
net.add(Dense(64))
net.add(Activation('relu'))
net.add(Dropout(0.5))
net.add(Dense(2))
net.add(Activation('softmax'))


net.compile(loss='categorical_crossentropy',optimizer='adam', metrics=['accuracy'])


net.fit(xa, ya, 
batch_size=16, 
verbose=1, epochs=10, 
validation_data=(xb, yb),
shuffle=False)


net.save('cells_cnn.h5')
