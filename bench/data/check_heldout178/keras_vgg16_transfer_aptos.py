# Colab notebook exported to a script; cell markers removed.

# attach Google Drive
from google.colab import drive
drive.mount('/content/drive')


import numpy as np 
import pandas as pd 
import shutil
import sys
import os


import os
os.getcwd()
os.chdir('/data/blind_detect/final_dataset')


from keras.callbacks import Callback, ModelCheckpoint
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Sequential
from keras.models import Model
from keras.layers import Dense,Conv2D,MaxPooling2D,Flatten,Dropout
from keras.preprocessing import image
from keras.applications import VGG16
from keras.optimizers import Adam
import keras.backend as K

import matplotlib.pyplot as plt
import matplotlib.image as mpimg

from sklearn.model_selection import train_test_split
from sklearn.metrics import cohen_kappa_score, accuracy_score
import scipy


# show one fundus photograph


PATH = "test/train_split0/0e0003ddd8df.png"
for i in range(0,1):
    p = PATH.format(i)
    image = mpimg.imread(p) # colour image
    plt.imshow(image)


# rescaled, augmented batches streamed from the class folders


train_datagen= ImageDataGenerator(rescale=1./255, shear_range=0.2, zoom_range=0.1, horizontal_flip= True)
valid_datagen= ImageDataGenerator(rescale=1./255)
size=(128,128)          # target size
in_shape=(128,128,3)   # network input shape
train_set= train_datagen.flow_from_directory('train', 
                                             target_size=size, batch_size=50, class_mode='categorical', 
                                             shuffle=True, seed=20)
valid_set= valid_datagen.flow_from_directory('val', 
                                             target_size=size, batch_size=50, class_mode='categorical', 
                                             shuffle=False)


# ImageNet VGG16 backbone without its classifier
base_model=VGG16(input_shape=in_shape, weights='imagenet', include_top=False)


# small head on top of the backbone


x=base_model.output
x=Conv2D(32, (3,3), activation='relu')(x)
x=MaxPooling2D(pool_size=(2,2))(x)
x=Flatten()(x)
x=Dense(units=128, activation='relu')(x)
x=Dense(units=64, activation='relu')(x)
x=Dense(units=32, activation='relu')(x)
x=Dense(units=5, activation='softmax')(x)


model=Model(inputs=base_model.inputs, outputs=x)
for layer in model.layers[:16]:
  layer.trainable=False

for layer in model.layers[16:]:
    layer.trainable=True


# compile and train


model.compile(optimizer=Adam(lr=0.001), loss='categorical_crossentropy', metrics=['accuracy'])
step_size_train=train_set.n//train_set.batch_size
step_size_valid=valid_set.n//valid_set.batch_size
model.fit_generator(train_set, steps_per_epoch=step_size_train, epochs=10, 
                    validation_data= valid_set, validation_steps=step_size_valid)
# write the trained model
model.save('save_vgg16_model.h5')


# reload the saved model


from keras.models import load_model
model=load_model('save_vgg16_model.h5')


import os
label=os.listdir('/data/blind_detect/final_dataset/test')
pred1=np.array([])
conf=np.array([])
true=np.array([])


y=pd.read_csv('/data/blind_detect/test.csv')


y.head()


# predict the test images one at a time


for i in y['id_code']:
  img=image.load_img(('/data/blind_detect/final_dataset/test_images/'+i+".png"),target_size=size)
  img=image.img_to_array(img)
  img=img.reshape(1,128,128,3)
  output=model.predict(img)
  pred1=np.append(pred1,(np.argmax(output[0])))
    
  


pred = []
for j in pred1:
  pred.append(int(j))
print(pred)


x = pd.DataFrame({'id_code':y['id_code'],'diagnosis': pred })


x.head()
