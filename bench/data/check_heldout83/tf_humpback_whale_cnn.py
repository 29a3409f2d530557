#!/usr/bin/env python
# coding: utf-8

# In[ ]:


import numpy as np 
import pandas as pd 
import os
import matplotlib.pyplot as plt
import matplotlib.image as mplimg
from matplotlib.pyplot import imshow

from sklearn.preprocessing import LabelEncoder
from sklearn.preprocessing import OneHotEncoder

from keras import layers
from keras.preprocessing import image
from keras.applications.imagenet_utils import preprocess_input
from keras.layers import Input, Dense, Activation, BatchNormalization, Flatten, Conv2D
from keras.layers import AveragePooling2D, MaxPooling2D, Dropout
from keras.models import Model

import keras.backend as K
from keras.models import Sequential

import warnings
warnings.simplefilter("ignore", category=DeprecationWarning)


# In[ ]:


import gc


# In[ ]:


whales = pd.read_csv("../input/humpback-whale-identification/train.csv")
whales.head()


# In[ ]:


def load_pictures(table, n, split):
    print("reading pictures")
    pix = np.zeros((n, 224, 224, 3))
    k = 0
    
    for name in table['Image']:
        # each picture at 224x224x3
        pic = image.load_img("../input/humpback-whale-identification/"+split+"/"+name, target_size=(224, 224, 3))
        arr = image.img_to_array(pic)
        arr = preprocess_input(arr)

        pix[k] = arr
        if (k%500 == 0):
            print("picture ", k+1, ": ", name)
        k += 1
    
    return pix


# In[ ]:


def encode_ids(ids):
    vals = np.array(ids)
    enc = LabelEncoder()
    as_int = enc.fit_transform(vals)
    # print(as_int)

    oh = OneHotEncoder(sparse=False)
    as_int = as_int.reshape(len(as_int), 1)
    as_onehot = oh.fit_transform(as_int)
    # print(as_onehot)

    ids = as_onehot
    # print(ids.shape)
    return ids, enc


# In[ ]:


targets, enc = encode_ids(whales['Id'])
targets.shape


# In[ ]:


pix = load_pictures(whales, whales.shape[0], "train")
pix /= 255


# In[ ]:


net1 = Sequential()

net1.add(Conv2D(32, (7, 7), strides = (1, 1), name = 'conv0', input_shape = (224, 224, 3)))
net1.add(BatchNormalization(axis = 3, name = 'bn0'))
net1.add(Activation('relu'))
net1.add(MaxPooling2D((2, 2), name='max_pool_0'))

net1.add(Conv2D(64, (5, 5), strides = (2, 2), name="conv1"))
net1.add(BatchNormalization(axis = 3, name = 'bn2'))
net1.add(Activation('relu'))
net1.add(AveragePooling2D((2, 2), name='avg_pool'))

net1.add(Conv2D(128, (3, 3), strides = (1,1), name="conv2"))
net1.add(Conv2D(128, (1, 1), strides = (1,1), name="conv3"))
net1.add(BatchNormalization(axis = 3, name = 'bn3'))
net1.add(Activation('relu'))
net1.add(MaxPooling2D((2, 2), name='max_pool_2'))

net1.add(Flatten())

net1.add(Dense(500, activation="relu", name='rl'))
net1.add(Dropout(0.8))

net1.add(Dense(targets.shape[1], activation='softmax', name='sm'))

net1.compile(loss='categorical_crossentropy', optimizer="adam", metrics=['accuracy'])
net1.summary()


# In[ ]:


hist1 = net1.fit(pix, targets, epochs=50, batch_size=128, validation_split=0.30)


# In[ ]:


gc.collect()


# In[ ]:


plt.plot(hist1.history['accuracy'])
plt.title('accuracy')
plt.ylabel('accuracy')
plt.xlabel('epoch')
plt.show()


# In[ ]:


# accuracy curves
plt.plot(hist1.history['accuracy'])
plt.plot(hist1.history['val_accuracy'])
plt.title('accuracy')
plt.ylabel('accuracy')
plt.xlabel('epoch')
plt.legend(['fit', 'held out'], loc='upper left')
plt.show()
# loss curves
plt.plot(hist1.history['loss'])
plt.plot(hist1.history['val_loss'])
plt.title('loss')
plt.ylabel('loss')
plt.xlabel('epoch')
plt.legend(['fit', 'held out'], loc='upper left')
plt.show()


# In[ ]:


test_names = os.listdir("../input/humpback-whale-identification/test/")
print(len(test_names))


# In[ ]:


cols = ['Image']
sub = pd.DataFrame(test_names, columns=cols)
sub['Id'] = ''


# In[ ]:


pix_test = load_pictures(sub, sub.shape[0], "test")
pix_test /= 255


# In[ ]:


probs = net1.predict(np.array(pix_test), verbose=1)


# In[ ]:


for k, p in enumerate(probs):
    sub.loc[k, 'Id'] = ' '.join(enc.inverse_transform(p.argsort()[-5:][::-1]))


# In[ ]:


sub.head(10)
sub.to_csv('submission.csv', index=False)


# In[ ]:


targets_test, enc = encode_ids(sub['Id'])
targets_test.shape


# In[ ]:


scores = model.evaluate(pix_test, targets_test)
print()
print ("loss = " + str(scores[0]))
print ("accuracy = " + str(scores[1]))


# In[ ]:


import base64
import pandas as pd
from IPython.display import HTML

def csv_link( df, title = "get the CSV", filename = "data.csv"):
    text = df.to_csv()
    enc64 = base64.b64encode(text.encode())
    body = enc64.decode()
    html = '<a download="{filename}" href="data:text/csv;base64,{body}" target="_blank">{title}</a>'
    html = html.format(body=body,title=title,filename=filename)
    return HTML(html)

tiny = pd.DataFrame(data = [[1,2],[3,4]], columns=['A', 'B'])
csv_link(sub)


# In[ ]:


model = Sequential() 
  
# conv 1
model.add(Conv2D(filters = 96, input_shape = (224, 224, 3),  
            kernel_size = (11, 11), strides = (4, 4),  
            padding = 'valid')) 
model.add(Activation('relu')) 
# pool
model.add(MaxPooling2D(pool_size = (2, 2), 
            strides = (2, 2), padding = 'valid')) 
# norm
model.add(BatchNormalization()) 
  
# conv 2
model.add(Conv2D(filters = 256, kernel_size = (11, 11),  
            strides = (1, 1), padding = 'valid')) 
model.add(Activation('relu')) 
# pool
model.add(MaxPooling2D(pool_size = (2, 2), strides = (2, 2),  
            padding = 'valid')) 
# norm
model.add(BatchNormalization()) 
  
# conv 3
model.add(Conv2D(filters = 384, kernel_size = (3, 3),  
            strides = (1, 1), padding = 'valid')) 
model.add(Activation('relu')) 
# norm
model.add(BatchNormalization()) 
  
# conv 4
model.add(Conv2D(filters = 384, kernel_size = (3, 3),  
            strides = (1, 1), padding = 'valid')) 
model.add(Activation('relu')) 
# norm
model.add(BatchNormalization()) 
  
# conv 5
model.add(Conv2D(filters = 256, kernel_size = (3, 3),  
            strides = (1, 1), padding = 'valid')) 
model.add(Activation('relu')) 
# pool
model.add(MaxPooling2D(pool_size = (2, 2), strides = (2, 2),  
            padding = 'valid')) 
# norm
model.add(BatchNormalization()) 
  
# flatten
model.add(Flatten()) 
  
# dense 1
model.add(Dense(4096, input_shape = (224*224*3, ))) 
model.add(Activation('relu')) 
# dropout
model.add(Dropout(0.4)) 
# norm
model.add(BatchNormalization()) 
  
# dense 2
model.add(Dense(4096)) 
model.add(Activation('relu')) 
# dropout
model.add(Dropout(0.4)) 
# norm
model.add(BatchNormalization()) 
  
# one unit per whale id
model.add(Dense(5005)) 
model.add(Activation('softmax')) 

model.compile(loss='categorical_crossentropy', optimizer="adam", metrics=['accuracy'])
model.summary()


# In[ ]:


hist1 = model.fit(pix, targets, epochs=50, batch_size=128, validation_split=0.30)

