#!/usr/bin/env python
# coding: utf-8

# In[6]:



import numpy as np # arrays
import pandas as pd # tables (unused here)

# notebook export: the two h5 files of the smile data set are read below
# (paths point at a local download folder)
import h5py

from keras.models import Sequential
from keras.layers import Conv2D, Dense, Flatten, Dropout, MaxPool2D
from keras.optimizers import Adam, RMSprop
from keras.initializers import RandomNormal
import matplotlib.pyplot as plt
#import seaborn as sns
import os
#os.listdir of the input folder was printed here
train_file=h5py.File('C:/Users/97254/Downloads/train_happy.h5', "r")
#kaggle path: ../input/train_happy.h5
test_file=h5py.File('C:/Users/97254/Downloads/test_happy.h5', "r")
#kaggle path: ../test_happy.h5


# In[7]:


train_x = np.array(train_file['train_set_x'][:])
train_y = np.array(train_file['train_set_y'][:])

test_x = np.array(test_file['test_set_x'][:])
test_y = np.array(test_file['test_set_y'][:])
print(train_x.shape)
print(train_y.shape)


# In[8]:


train_y = train_y.reshape((1, train_y.shape[0]))
test_y = test_y.reshape((1, test_y.shape[0]))

print(train_y.shape)
print(test_y.shape)


# In[9]:


plt.imshow(train_x[0])


# In[12]:


train_X = train_x / 255.0
test_X = test_x / 255.0

train_labels = train_y.T
test_labels = test_y.T


# In[13]:


smile_model = Sequential()

smile_model.add(Conv2D(filters=32, kernel_size=(3,3), activation='relu', padding='Same', input_shape=(64,64,3)))
smile_model.add(Conv2D(filters=64, kernel_size=(3,3), activation='relu', padding='Same'))

smile_model.add(MaxPool2D(pool_size=(2,2)))

smile_model.add(Conv2D(filters=128, kernel_size=(3,3), activation='relu', padding='Same'))

smile_model.add(MaxPool2D(pool_size=(2,2)))

smile_model.add(Flatten())

smile_model.add(Dense(128, activation='relu'))
smile_model.add(Dropout(0.2))
smile_model.add(Dense(1, activation='sigmoid'))
smile_model.compile(optimizer='rmsprop', loss='binary_crossentropy', metrics=['accuracy'])


# In[14]:


epochs = 10
batch_size = 30
fit_log = smile_model.fit(x=train_X, y=train_labels, epochs=epochs, verbose=2,batch_size=batch_size)


# In[15]:


test_result = smile_model.evaluate(test_X, test_labels, verbose=1)


# In[16]:


print('held-out loss:', test_result[0])
print('held-out accuracy:', test_result[1])


# In[20]:


print(fit_log.history.keys())


# In[21]:


train_acc_curve = fit_log.history['accuracy']
train_loss_curve = fit_log.history['loss']

E = range(len(train_acc_curve))
plt.plot(E, train_acc_curve, color='red', label='fit accuracy')
plt.title('accuracy per epoch')
plt.legend()

plt.figure()
plt.plot(E, train_loss_curve, color='red', label='fit loss')
plt.title('loss per epoch')
plt.legend()


# In[ ]:




