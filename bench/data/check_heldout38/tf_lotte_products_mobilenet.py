import numpy as np
import pandas as pd
import tensorflow as tf
import matplotlib.pyplot as plt
from keras.preprocessing.image import ImageDataGenerator
from numpy import expand_dims
from sklearn.model_selection import StratifiedKFold, KFold
from keras import Sequential
from keras.layers import *
from keras.callbacks import EarlyStopping, ModelCheckpoint, ReduceLROnPlateau
from keras.optimizers import Adam,SGD
from sklearn.model_selection import train_test_split
from tensorflow.keras.applications import EfficientNetB7
from tensorflow.keras.applications.efficientnet import preprocess_input


# arrays saved earlier: product photos, the photos to predict, one-hot labels
images_x = np.load("C:/data/npy/lotte_x.npy",allow_pickle=True)
pred_images_x = np.load('C:/data/npy/lotte_pred.npy',allow_pickle=True)
labels_y = np.load("C:/data/npy/lotte_y.npy",allow_pickle=True)

images_x = preprocess_input(images_x)
pred_images_x = preprocess_input(pred_images_x)

augment_gen = ImageDataGenerator(
    width_shift_range=(-1,1),   
    height_shift_range=(-1,1),  
    shear_range=0.2) 


plain_gen = ImageDataGenerator()

labels_y = np.argmax(labels_y, axis=1)

from sklearn.model_selection import train_test_split
train_x, valid_x, train_y, valid_y = train_test_split(images_x,labels_y, train_size = 0.8, shuffle = True, random_state=42)

best_ckpt = ModelCheckpoint('C:/data/h5/lotte_0317_2.h5',save_best_only=True, verbose=1)

train_flow = augment_gen.flow(train_x,train_y,batch_size=24)
# the seed plays the role of random_state
valid_flow = plain_gen.flow(valid_x,valid_y)
test_images = pred_images_x

from tensorflow.keras.models import Model
from tensorflow.keras.layers import GlobalAveragePooling2D, Flatten, BatchNormalization, Dense, Activation
from tensorflow.keras.applications import VGG19, MobileNet


backbone = MobileNet(weights="imagenet", include_top=False, input_shape=(128, 128, 3))

head = backbone.output
head = Flatten()(head)
head = Dense(512, activation="relu")(head)
head = Dense(1000, activation="softmax")(head)

model = Model(inputs=backbone.input, outputs = head)

from tensorflow.keras.callbacks import EarlyStopping, ReduceLROnPlateau
stop_early = EarlyStopping(patience= 20)
lr_drop = ReduceLROnPlateau(patience= 10, factor=0.5)

model.compile(optimizer=tf.keras.optimizers.Adam(), loss = 'categorical_crossentropy', metrics=['accuracy'])

fit_history = model.fit_generator(train_flow,epochs=100, 
    validation_data=valid_flow, callbacks=[stop_early,lr_drop,best_ckpt])
# inference on the test photos
model.load_weights('C:/data/h5/lotte_0317_2.h5')
pred_scores = model.predict(test_images,verbose=True)
    
print(pred_scores.shape)
submit = pd.read_csv('C:/data/LPD_competition/sample.csv')
submit['prediction'] = np.argmax(pred_scores,axis = 1)
submit.to_csv('C:/data/csv/lotte0317_3.csv',index=False)

