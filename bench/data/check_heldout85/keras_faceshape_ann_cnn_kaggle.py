# Kaggle notebook preamble: the usual imports
# the docker image already ships numpy, pandas and friends
# (list the mounted input files)

import numpy as np # arrays
import pandas as pd # tables

# the attached data lives under the input folder
# printing every file found there

import os
for root, _, names in os.walk('/kaggle/input'):
    for name in names:
        print(os.path.join(root, name))

# the working folder keeps outputs between versions
# the temp folder does not
import cv2
import tensorflow as tf
import os
from PIL import Image
import matplotlib.pyplot as plt
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.optimizers import RMSprop
from tensorflow.keras import layers, models
from tensorflow.keras.preprocessing import image
from scipy import ndimage
scaler = ImageDataGenerator(rescale=1/255)
face_flow = scaler.flow_from_directory('./face_shapes',target_size=(200,200),batch_size=3, class_mode = 'binary')
face_flow.class_indices
shape_names = ['heart','oblong','oval','round','square']
mlp = models.Sequential([
        layers.Flatten(input_shape=(200,200,3)),
        layers.Dense(3000, activation='relu'),
        layers.Dense(1000, activation='relu'),
        layers.Dense(5, activation='softmax')
    ])

mlp.compile(optimizer='SGD',
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])

mlp.fit(face_flow ,epochs=5)
pic = cv2.imread("./samples/portrait.jpg")
plt.imshow(pic)
plt.show()
pic = cv2.resize(pic,(200,200))
pic = np.reshape(pic,[1,200,200,3])
probs = mlp.predict(pic)
print(np.argmax(probs))
k = (np.argmax(probs))
print(shape_names[k])
conv=tf.keras.Sequential()
conv.add(tf.keras.layers.Conv2D(filters=64,padding='same',strides=2,kernel_size=3,activation='relu',input_shape=(200,200,3)))
conv.add(tf.keras.layers.MaxPool2D(pool_size=2,strides=2))

conv.add(tf.keras.layers.Conv2D(filters=32,padding='same',strides=2,kernel_size=3,activation='relu'))
conv.add(tf.keras.layers.MaxPool2D(pool_size=2,strides=2))

conv.add(tf.keras.layers.Conv2D(filters=32,padding='same',strides=2,kernel_size=3,activation='relu'))
conv.add(tf.keras.layers.MaxPool2D(pool_size=2))

conv.add(tf.keras.layers.Flatten())
conv.add(tf.keras.layers.Dense(5,activation='softmax'))
conv.compile(optimizer='adam',
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])
conv.fit(face_flow,epochs=10)
conv.save('face-shape-net', overwrite=True)
pic = cv2.imread("./samples/portrait.jpg")
plt.imshow(pic)
plt.show()
pic = cv2.resize(pic,(200,200))
pic = np.reshape(pic,[1,200,200,3])
probs = conv.predict(pic)
print(np.argmax(probs))
print(shape_names[k])
pic = cv2.imread("./face_shapes/oval/sample (1).jpg")
plt.imshow(pic)
plt.show()
pic = cv2.resize(pic,(200,200))
pic = np.reshape(pic,[1,200,200,3])
probs = conv.predict(pic)
k = (np.argmax(probs))
print(shape_names[k])
shape_names = ['heart','oblong','oval','round','square']
pic = cv2.imread("./face_shapes/oval/sample (1).jpg")
plt.imshow(pic)
plt.show()
pic = cv2.resize(pic,(200,200))
pic = np.reshape(pic,[1,200,200,3])
probs = conv.predict(pic)
k = (np.argmax(probs))
print(shape_names[k])
pic = cv2.imread("./face_shapes/heart/sample (9).jpg")
plt.imshow(pic)
plt.show()
pic = cv2.resize(pic,(200,200))
pic = np.reshape(pic,[1,200,200,3])
probs = conv.predict(pic)
print(probs)
k = (np.argmax(probs))
print(k)
print(shape_names[k])
import matplotlib.pyplot as plt
import matplotlib
import seaborn as sns
face_flow.classes
sns.countplot(face_flow.classes)
