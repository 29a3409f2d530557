import tensorflow as tf
from keras.backend.tensorflow_backend import set_session
sess_cfg = tf.ConfigProto()
sess_cfg.gpu_options.allow_growth = True
sess_cfg.log_device_placement = True
tf_sess = tf.Session(config=sess_cfg)
set_session(tf_sess)
import numpy as np
import pandas as pd
import os
import matplotlib.pyplot as plt
import cv2
import random
from sklearn.model_selection import train_test_split
from keras.utils import to_categorical
from keras.models import Sequential
from keras.layers.core import Dense, Dropout, Flatten, Activation
from keras.layers import Conv2D, MaxPooling2D
from keras.datasets import cifar10
from keras.utils import np_utils
from keras.layers.normalization import BatchNormalization
from keras.callbacks import EarlyStopping
from keras.models import load_model
import keras
tile_dir = '../input/train/'
eval_dir = '../input/test/'
side_a = 96
side_b = 96
label_table = pd.read_csv('../input/train_labels.csv')
label_table.head()
for r in range(len(label_table)):
        tile = cv2.imread(os.path.join(tile_dir,label_table['id'][r]+'.tif'),cv2.IMREAD_GRAYSCALE)
        plt.imshow(tile, cmap='gray')
        plt.show()
        break
tiles_with_labels = []
r = 0
def gather_train_tiles():
    for r in range(len(label_table)):
            tile = cv2.imread(os.path.join(tile_dir,label_table['id'][r]+'.tif'),cv2.IMREAD_GRAYSCALE)
            tile_small = cv2.resize(tile,(side_b,side_a))
            tiles_with_labels.append([
                tile_small,label_table['label'][r]])
eval_tiles = []
r = 0
def gather_eval_tiles():
    for name in os.listdir(eval_dir):
        tile = cv2.imread(os.path.join(eval_dir,name),cv2.IMREAD_GRAYSCALE)
        tile_small = cv2.resize(tile,(side_b,side_a))
        eval_tiles.append([name,
            tile_small])
gather_train_tiles()
gather_eval_tiles()
print(len(tiles_with_labels))
print(len(eval_tiles))
random.shuffle(tiles_with_labels)
feats = []
targets = []
for pix, lab in tiles_with_labels:
    feats.append(pix)
    targets.append(lab)
X_full = np.array(feats).reshape(-1,side_b,side_a,1)
X_full.shape
xa,xb,ya,yb = train_test_split(X_full,targets,test_size=0.3,random_state=50)
Ya = np_utils.to_categorical(ya,num_classes=2)
Yb = np_utils.to_categorical(yb,num_classes=2)
net = Sequential()
net.add(Conv2D(32,kernel_size=(3,3),strides=1,activation='relu',input_shape=(side_a,side_a,1)))
net.add(BatchNormalization())
net.add(Conv2D(32,kernel_size=(3,3),activation='relu',padding='same'))
net.add(BatchNormalization(axis = 3))
net.add(MaxPooling2D(pool_size=(2,2),padding='same'))
net.add(Dropout(0.3))
net.add(Conv2D(64,kernel_size=(3,3),strides=2,activation='relu',padding='same'))
net.add(BatchNormalization())
net.add(Conv2D(64,kernel_size=(3,3),activation='relu',padding='same'))
net.add(BatchNormalization(axis = 3))
net.add(MaxPooling2D(pool_size=(2,2),padding='same'))
net.add(Dropout(0.3))
net.add(Conv2D(128,kernel_size=(3,3),strides=1,activation='relu',padding='same'))
net.add(BatchNormalization())
net.add(Conv2D(128,kernel_size=(3,3),activation='relu',padding='same'))
net.add(BatchNormalization(axis = 3))
net.add(MaxPooling2D(pool_size=(2,2),padding='same'))
net.add(Dropout(0.5))
net.add(Conv2D(256,kernel_size=(3,3),strides=1,activation='relu',padding='same'))
net.add(BatchNormalization())
net.add(Conv2D(256,kernel_size=(3,3),activation='relu',padding='same'))
net.add(BatchNormalization(axis = 3))
net.add(MaxPooling2D(pool_size=(2,2),padding='same'))
net.add(Dropout(0.5))
net.add(Conv2D(512,kernel_size=(3,3),strides=1,activation='relu',padding='same'))
net.add(BatchNormalization())
net.add(Conv2D(512,kernel_size=(3,3),activation='relu',padding='same'))
net.add(BatchNormalization(axis = 3))
net.add(MaxPooling2D(pool_size=(2,2),padding='same'))
net.add(Dropout(0.5))
net.add(Conv2D(1024,kernel_size=(3,3),strides=1,activation='relu',padding='same'))
net.add(BatchNormalization())
net.add(Conv2D(1024,kernel_size=(3,3),activation='relu',padding='same'))
net.add(BatchNormalization(axis = 3))
net.add(MaxPooling2D(pool_size=(2,2),padding='same'))
net.add(Dropout(0.5))
net.add(Flatten())
net.add(Dense(units = 512,activation='relu'))
net.add(BatchNormalization())
net.add(Dropout(0.5))
net.add(Dense(units = 128,activation='relu'))
net.add(Dropout(0.25))
net.add(Dense(2,activation='softmax'))
net.summary()
net.compile(loss='categorical_crossentropy',metrics=['accuracy'],optimizer='adam')
stoppers = [EarlyStopping(monitor='val_acc',patience=5)]
bs = 25
n_ep = 100
fit_log = net.fit(xa,Ya,batch_size=bs,epochs=n_ep,verbose=1,validation_data=(xb,Yb))
net.save_weights('./histo_cells_weights.h5', overwrite=True)
net.save('./histo_cells.h5')
net = load_model('../working/histo_cells.h5')
eval_x = np.array(eval_tiles[0][1]).reshape(-1,side_b,side_a,1)
scores = net.predict(eval_x)
scores
