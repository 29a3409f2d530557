#!/usr/bin/env python
# coding: utf-8

# In[1]:


import os
import cv2
import numpy as np

#label encoding and the train/test split
from sklearn.preprocessing import LabelEncoder
from tensorflow.keras.utils import to_categorical
from sklearn.model_selection import train_test_split

#the Keras CNN
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Dropout, Flatten, Activation, Conv2D, MaxPooling2D
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.optimizers import Adam,SGD,Adagrad,Adadelta,RMSprop

#plots
import matplotlib.pyplot as plt


# In[2]:


photo_root = r"D:\data\flower_photos\flowers"


# In[3]:


pixels = []  # decoded photos
kinds = [] # their folder names

SIDE = 128   # every photo becomes 128 x 128

for sub in os.listdir(photo_root):
    # only the jpg files count
    for name in os.listdir(os.path.join(photo_root, sub)):
        if name.endswith("jpg"):
            kinds.append(sub)
            bgr = cv2.imread(os.path.join(photo_root, sub, name))
            # OpenCV reads BGR, the plots want RGB
            rgb = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)
            small = cv2.resize(rgb, (SIDE,SIDE))
            # keep the resized photo
            pixels.append(small)
        else:
            continue


# In[4]:


pixel_arr = np.array(pixels)
kind_arr = np.array(kinds)


# In[5]:


enc = LabelEncoder()
# folder names to integers
y = enc.fit_transform(kind_arr)
# integers to one-hot rows
y = to_categorical(y,5)
# pixels to [0, 1]
X = pixel_arr/255


# In[6]:


X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.10, random_state=10)


# In[7]:


net = Sequential()
net.add(Conv2D(64, (3,3), padding='Same', activation='relu', input_shape=(SIDE, SIDE, 3)))
net.add(Flatten())
net.add(Dense(5, activation='softmax'))



# In[8]:


augmenter = ImageDataGenerator(
    rotation_range=20,
    width_shift_range=0.2,
    height_shift_range=0.2,
    shear_range=0.2,
    zoom_range=0.2,
    horizontal_flip=True,
    fill_mode='nearest'
)


# In[9]:


net.compile(optimizer=Adam(lr=0.0001),loss='categorical_crossentropy',metrics=['accuracy'])
bs=32
n_epochs=7

hist = net.fit(augmenter.flow(X_tr, y_tr, batch_size=bs),
    epochs=n_epochs,
    validation_data=(X_te, y_te),
    verbose=1
)


# In[10]:


folders = np.sort(os.listdir(photo_root))
fig, ax = plt.subplots(2,2, figsize=(5,10))
# a 2 x 2 grid of random test photos
for r in range(2):
    for c in range(2):
        k = int(np.random.random_sample() * len(X_te))
        if(folders[np.argmax(y_te[k])] == folders[np.argmax(net.predict(X_te)[k])]):
            ax[r,c].set_title("TRUE: " + folders[np.argmax(y_te[k])], color='green')
            ax[r,c].set_xlabel("GUESS: " + folders[np.argmax(net.predict(X_te)[k])], color='green')
            ax[r,c].imshow(np.array(X_te)[k].reshape(SIDE, SIDE, 3), cmap='gray')
        else:
            ax[r,c].set_title("TRUE: " + folders[np.argmax(y_te[k])], color='red')
            ax[r,c].set_xlabel("GUESS: " + folders[np.argmax(net.predict(X_te)[k])], color='red')
            ax[r,c].imshow(np.array(X_te)[k].reshape(SIDE, SIDE, 3), cmap='gray')
