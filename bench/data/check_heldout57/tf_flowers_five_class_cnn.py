# -*- coding: utf-8 -*-
"""flower_cnn.ipynb

Exported from a Colab notebook.

Notebook source:
    (Colab drive link omitted)
"""

#Libraries

# IPython magics were turned into comments on export.
# silence warnings
import warnings
warnings.filterwarnings('always')
warnings.filterwarnings('ignore')

# arrays, tables and plots
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from matplotlib import style
import seaborn as sns
 
#plot settings
# inline figures in the notebook
# %matplotlib inline  
style.use('fivethirtyeight')
sns.set(style='whitegrid',color_codes=True)

#splitting and metrics
from sklearn.model_selection import train_test_split
from sklearn.model_selection import KFold
from sklearn.metrics import accuracy_score,precision_score,recall_score,confusion_matrix,roc_curve,roc_auc_score
from sklearn.model_selection import GridSearchCV
from sklearn.preprocessing import LabelEncoder

#augmentation
from keras.preprocessing.image import ImageDataGenerator

#keras pieces
from keras import backend as K
from keras.models import Sequential
from keras.layers import Dense
from tensorflow.keras.optimizers import Adam,SGD,Adagrad,Adadelta,RMSprop
from tensorflow.keras.utils import to_categorical

# convolution layers
from tensorflow.keras.layers import Dropout, Flatten,Activation
from tensorflow.keras.layers import Conv2D, MaxPooling2D, BatchNormalization
 
import tensorflow as tf
import random as rn

import cv2                  
import numpy as np  
from tqdm import tqdm
import os                   
from random import shuffle  
from PIL import Image

#Reading the photos

pics=[]
names=[]
SIDE=150
DIR_DAISY='flowers/daisy'
DIR_SUNFLOWER='flowers/sunflower'
DIR_TULIP='flowers/tulip'
DIR_DANDELION='flowers/dandelion'
DIR_ROSE='flowers/rose'

def label_for(img,kind):
    return kind

def read_folder(kind,DIR):
    for img in tqdm(os.listdir(DIR)):
        tag=label_for(img,kind)
        path = os.path.join(DIR,img)
        img = cv2.imread(path,cv2.IMREAD_COLOR)
        img = cv2.resize(img, (SIDE,SIDE))
        
        pics.append(np.array(img))
        names.append(str(tag))

read_folder('Daisy',DIR_DAISY)
print(len(pics))

read_folder('Dandelion',DIR_DANDELION)
print(len(pics))

read_folder('Sunflower',DIR_DANDELION)
print(len(pics))

read_folder('Tulip',DIR_TULIP)
print(len(pics))

read_folder('Rose',DIR_ROSE)
print(len(pics))

#A few of the photos

fig,ax=plt.subplots(5,2)
fig.set_size_inches(15,15)
for r in range(5):
    for c in range (2):
        k=rn.randint(0,len(names))
        ax[r,c].imshow(pics[k])
        ax[r,c].set_title('Kind: '+names[k])
        
plt.tight_layout()

##Names to integers (Daisy->0, Rose->1 ...) and then to one-hot rows

enc=LabelEncoder()
Y=enc.fit_transform(names)
Y=to_categorical(Y,5)
pics=np.array(pics)
pics=pics/255

##Training / validation split

x_tr,x_va,y_tr,y_va=train_test_split(pics,Y,test_size=0.25,random_state=42)

# !pip install tensorflow==1.14
import tensorflow.compat.v2 as tf

# !pip install rasa==1.1.4

import tensorflow as tf

np.random.seed(42)
rn.seed(42)
tf.random.set_random_seed(42)

## the convolutional network

net = Sequential()
net.add(Conv2D(filters = 32, kernel_size = (5,5),padding = 'Same',activation ='relu', input_shape = (150,150,3)))
net.add(MaxPooling2D(pool_size=(2,2)))


net.add(Conv2D(filters = 64, kernel_size = (3,3),padding = 'Same',activation ='relu'))
net.add(MaxPooling2D(pool_size=(2,2), strides=(2,2)))
 

net.add(Conv2D(filters =96, kernel_size = (3,3),padding = 'Same',activation ='relu'))
net.add(MaxPooling2D(pool_size=(2,2), strides=(2,2)))

net.add(Conv2D(filters = 96, kernel_size = (3,3),padding = 'Same',activation ='relu'))
net.add(MaxPooling2D(pool_size=(2,2), strides=(2,2)))

net.add(Flatten())
net.add(Dense(512))
net.add(Activation('relu'))
net.add(Dense(5, activation = "softmax"))

##Lowering the learning rate on plateaus

bs=128
n_epochs=50

from keras.callbacks import ReduceLROnPlateau
plateau= ReduceLROnPlateau(monitor='val_acc',patience=3,verbose=1,factor=0.1)

##Augmentation against overfitting

augmenter = ImageDataGenerator(
        featurewise_center=False,  # no dataset-wide mean removal
        samplewise_center=False,  # no per-image mean removal
        featurewise_std_normalization=False,  # no dataset-wide std scaling
        samplewise_std_normalization=False,  # no per-image std scaling
        zca_whitening=False,  # no ZCA
        rotation_range=10,  # rotate by up to 10 degrees
        zoom_range = 0.1, # zoom by up to 10 percent 
        width_shift_range=0.2,  # move sideways by up to a fifth of the width
        height_shift_range=0.2,  # move up/down by up to a fifth of the height
        horizontal_flip=True,  # mirror left-right
        vertical_flip=False)  # no upside-down copies


augmenter.fit(x_tr)

##Compile and summary

net.compile(optimizer=Adam(lr=0.001),loss='categorical_crossentropy',metrics=['accuracy'])

net.summary()

##Training, then predictions on the held-out part

hist = net.fit_generator(augmenter.flow(x_tr,y_tr, batch_size=bs),
                              epochs = n_epochs, validation_data = (x_va,y_va),
                              verbose = 1, steps_per_epoch=x_tr.shape[0] // bs)
# net.fit(x_tr,y_tr,epochs=n_epochs,batch_size=bs,validation_data = (x_va,y_va))

##Curves

plt.plot(hist.history['loss'])
plt.plot(hist.history['val_loss'])
plt.title('Loss')
plt.ylabel('Loss')
plt.xlabel('Epoch')
plt.legend(['train', 'held out'])
plt.show()

plt.plot(hist.history['accuracy'])
plt.plot(hist.history['val_accuracy'])
plt.title('Accuracy')
plt.ylabel('Accuracy')
plt.xlabel('Epoch')
plt.legend(['train', 'held out'])
plt.show()

##Looking at some predictions

# scores on the held-out part.
scores=net.predict(x_va)
guess=np.argmax(scores,axis=1)

# collect a few right and a few wrong indices.
r=0
right=[]
wrong=[]

for r in range(len(y_va)):
    if(np.argmax(y_va[r])==guess[r]):
        right.append(r)
    if(len(right)==8):
        break

r=0
for r in range(len(y_va)):
    if(not np.argmax(y_va[r])==guess[r]):
        wrong.append(r)
    if(len(wrong)==8):
        break

warnings.filterwarnings('always')
warnings.filterwarnings('ignore')

n=0
fig,ax=plt.subplots(4,2)
fig.set_size_inches(15,15)
for r in range (4):
    for c in range (2):
        ax[r,c].imshow(x_va[right[n]])
        ax[r,c].set_title("Guessed: "+str(enc.inverse_transform([guess[right[n]]]))+"\n"+"True: "+str(enc.inverse_transform(np.argmax([y_va[right[n]]]))))
        plt.tight_layout()
        n+=1

##Wrongly classified photos

warnings.filterwarnings('always')
warnings.filterwarnings('ignore')

n=0
fig,ax=plt.subplots(4,2)
fig.set_size_inches(15,15)
for r in range (4):
    for c in range (2):
        ax[r,c].imshow(x_va[wrong[n]])
        ax[r,c].set_title("Guessed: "+str(enc.inverse_transform([guess[wrong[n]]]))+"\n"+"True: "+str(enc.inverse_transform(np.argmax([y_va[wrong[n]]]))))
        plt.tight_layout()
        n+=1
