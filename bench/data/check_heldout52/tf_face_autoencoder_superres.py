## Autoencoder route to sharpening blurred faces (a lighter alternative to the GAN route).


import numpy as np
import cv2
import glob
import tensorflow as tf
from tensorflow.keras import Model, Input, regularizers
from tensorflow.keras.layers import Dense, Conv2D, MaxPool2D, UpSampling2D, Add, Dropout
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint
from keras.preprocessing import image
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split 
import pickle

face_files = glob.glob('faces/*.jpg') 


from tqdm import tqdm
from multiprocessing import Pool
bar = tqdm(total= len(face_files), position=0)
def load_one(fp):
  pic = image.load_img(fp, target_size=(80,80,3))
  pic = image.img_to_array(pic)
  pic = pic/255.
  bar.update(1)
  return pic
pool = Pool(10)
face_list = pool.map(load_one, face_files)

with open('faces_cache.pickle','wb') as fh:
  pickle.dump(face_list, fh)
print(len(face_list))

faces = np.array(face_list)
#the sharp faces are the targets; hold a fifth back for validation
sharp_tr, sharp_va = train_test_split(faces, random_state = 32, test_size=0.2)

#blur by shrinking and re-enlarging, keeping the 80x80 shape
def blur_face(pic, pct = 40):
  w = int(pic.shape[1] * pct / 100)
  h = int(pic.shape[0] * pct / 100)
  size = (w, h)
  tiny = cv2.resize(pic, size, interpolation = cv2.INTER_AREA)
  
  # back up to the starting size
  w = int(tiny.shape[1] * 100 / pct)
  h = int(tiny.shape[0] * 100 / pct)
  size = (w, h)
  blurry = cv2.resize(tiny, size, interpolation =  cv2.INTER_AREA)
  return blurry

blur_tr = []
for k in range(sharp_tr.shape[0]):
  b = blur_face(sharp_tr[k,:,:,:])
  blur_tr.append(b)
blur_tr = np.array(blur_tr)   #blurred inputs
# the same for the held-back part
blur_va = []
for k in range(sharp_va.shape[0]):
  b = blur_face(sharp_va[k,:,:,:])
  blur_va.append(b)
blur_va = np.array(blur_va)     #blurred inputs

#############################################

inp = Input(shape=(80, 80, 3))  
    
#encoder
e1 = Conv2D(64, (3, 3), activation='relu', padding='same', kernel_regularizer=regularizers.l1(10e-10))(inp)
e2 = Conv2D(64, (3, 3), activation='relu', padding='same', kernel_regularizer=regularizers.l1(10e-10))(e1)
e3 = MaxPool2D(padding='same')(e2)
e4 = Conv2D(128, (3, 3), activation='relu', padding='same', kernel_regularizer=regularizers.l1(10e-10))(e3)
e5 = Conv2D(128, (3, 3), activation='relu', padding='same', kernel_regularizer=regularizers.l1(10e-10))(e4)
e6 = MaxPool2D(padding='same')(e5)
code = Conv2D(256, (3, 3), activation='relu', padding='same', kernel_regularizer=regularizers.l1(10e-10))(e6)
#code = Conv2D(64, (3, 3), activation='relu', padding='same')(e2)
# decoder
d7 = UpSampling2D()(code)
d8 = Conv2D(128, (3, 3), activation='relu', padding='same', kernel_regularizer=regularizers.l1(10e-10))(d7)
d9 = Conv2D(128, (3, 3), activation='relu', padding='same', kernel_regularizer=regularizers.l1(10e-10))(d8)
d10 = Add()([e5, d9])
d11 = UpSampling2D()(d10)
d12 = Conv2D(64, (3, 3), activation='relu', padding='same', kernel_regularizer=regularizers.l1(10e-10))(d11)
d13 = Conv2D(64, (3, 3), activation='relu', padding='same', kernel_regularizer=regularizers.l1(10e-10))(d12)
d14 = Add()([e2, d13])
# e3 = UpSampling2D((2, 2))(e3)
# e2 = Conv2D(128, (3, 3), activation='relu', padding='same')(e3)
# e1 = Conv2D(256, (3, 3), activation='relu', padding='same')(e2)
restored = Conv2D(3, (3, 3), padding='same',activation='relu', kernel_regularizer=regularizers.l1(10e-10))(d14)
sharpener = Model(inp, restored)
sharpener.compile(optimizer='adam', loss='mse', metrics=['accuracy'])

sharpener.summary()


stopper = EarlyStopping(monitor='val_loss', min_delta=0.01, patience=50, verbose=1, mode='min')
saver =  ModelCheckpoint('sharpener_best.h5', save_best_only = True)

log = sharpener.fit(blur_tr,sharp_tr,
            epochs=500,
            validation_data=(blur_va, sharp_va),
            callbacks=[stopper, saver])

scores = sharpener.evaluate(blur_va, sharp_va)
print('held-out loss and accuracy', scores)


##Look at a few outputs

outs = sharpener.predict(blur_va)
n = 4
plt.figure(figsize= (20,10))
for k in range(n):
  ax = plt.subplot(3, n, k+1)
  plt.imshow(blur_va[k+20])
  ax.get_xaxis().set_visible(False)
  ax.get_yaxis().set_visible(False)
  ax = plt.subplot(3, n, k+1+n)
  plt.imshow(outs[k+20])
  ax.get_xaxis().set_visible(False)
  ax.get_yaxis().set_visible(False)
plt.show()
