import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import seaborn as sns

import tensorflow as tf
import keras
from keras.models import Sequential
from keras.layers import Dense,Dropout,Conv2D,MaxPooling2D,Flatten

import cv2
import os
import glob

img_dir="/data/car-plate-detection/images"

data_path=os.path.join(img_dir,'*g')
files=glob.glob(data_path)

files

img_dir="/data/car-plate-detection/images"

data_path=os.path.join(img_dir,'*g')
files=glob.glob(data_path)
files.sort()

IMAGE_SIZE=(224)
X=[]
for file in files:
    img=cv2.imread(file)
    img=cv2.resize(img,(IMAGE_SIZE,IMAGE_SIZE))
    X.append(np.array(img))   # pixel array of the resized picture

X[0:3]

from lxml import etree

# read one VOC xml and rescale its (single) plate box to the 224 x 224 frame
def resizeannotation(f):
    tree = etree.parse(f)
    for dim in tree.xpath("size"):
        width = int(dim.xpath("width")[0].text)
        height = int(dim.xpath("height")[0].text)
    for dim in tree.xpath("object/bndbox"):
        xmin = int(dim.xpath("xmin")[0].text)/(width/IMAGE_SIZE)
        ymin = int(dim.xpath("ymin")[0].text)/(height/IMAGE_SIZE)
        xmax = int(dim.xpath("xmax")[0].text)/(width/IMAGE_SIZE)
        ymax = int(dim.xpath("ymax")[0].text)/(height/IMAGE_SIZE)
    return [int(xmin), int(ymin), int(xmax), int(ymax)]


path = '/data/car-plate-detection/annotations'
text_files = ['/data/car-plate-detection/annotations/'+f for f in sorted(os.listdir(path))]
y=[]
for i in text_files:
    y.append(resizeannotation(i))

len(y)

plt.figure(figsize=(10,20))
for i in range(0,15):
    plt.subplot(5,5,i+1)
    plt.axis('off')
    plt.imshow(X[i])

# a couple of pictures with their plate boxes drawn

image = cv2.rectangle(X[0],
                      (y[0][0],y[0][1]),
                      (y[0][2],y[0][3]),
                      (255, 0, 255))
plt.imshow(image)
plt.show()

image = cv2.rectangle(X[1],(y[1][0],y[1][1]),(y[1][2],y[1][3]),(255, 0, 255))
plt.imshow(image)
plt.show()

X = np.array(X)
y = np.array(y)
X[0]

y[0]

X = X / 255
y = y / 255
X[0]

from sklearn.model_selection import train_test_split
X_train, X_test, y_train, y_test = train_test_split(X,y, test_size=0.2, random_state=42)
X_train, X_val, y_train, y_val = train_test_split(X_train,y_train, test_size=0.1, random_state=42)

# small CNN regressing the four box corners
model = Sequential()
model.add(Conv2D(64, (3,3), input_shape=(224,224,3), activation='relu'))
model.add(MaxPooling2D(pool_size=(2,2)))
model.add(Dropout(0.1))

model.add(Conv2D(32, (3,3), activation='relu'))
model.add(MaxPooling2D(pool_size=(2,2)))
model.add(Dropout(0.1))


# head
model.add(Flatten())
model.add(Dense(64, activation='relu'))
model.add(Dense(4, activation='sigmoid'))

model.compile(loss='mean_squared_error', optimizer='adam', metrics=['accuracy'])
train = model.fit(X_train,y_train, validation_data=(X_val,y_val), epochs=50, batch_size=32, verbose=1)
