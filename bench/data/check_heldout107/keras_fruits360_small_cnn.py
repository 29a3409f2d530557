# Notebook cells in order: fruit type classifier on Fruits-360 images loaded into memory at 32x32.
# ~~~~~~~~~~ block 1
# ~~~~~~~~~~ block 2
# ~~~~~~~~~~ block 3
import zipfile
with zipfile.ZipFile('fruit360.zip', 'r') as zf:
   zf.extractall()
# ~~~~~~~~~~ block 5

import shutil
import os

src_te="fruit360_raw/fruits-360/Test/"
src_tr="fruit360_raw/fruits-360/Training/"
te_root="fruit360_by_kind/Test/"
tr_root="fruit360_by_kind/Training/"

def group_by_kind(src, dst):
  kind_count={'apple':0,'banana':0,'cherry':0,'grape':0,'peach':0,'pear':0,'pepper':0,'plum':0,'potato':0,'tomato':0}
  for kind in ['apple','banana','cherry','grape','peach','pear','pepper','plum','potato','tomato']:
    for variety in os.listdir(src):
      if(variety.lower().find(kind)==0 and variety.lower().find("grapefruit")!=0):
          files=os.listdir(os.path.join(src,variety))
          for f_or_img in files:
              shutil.copy(os.path.join(src,variety,f_or_img), os.path.join(dst,kind,f"{kind}_{kind_count[kind]}.jpg"))
              kind_count[kind]+=1
      else:
        continue

for lab in ['apple','banana','cherry','grape','peach','pear','pepper','plum','potato','tomato']:
  os.system(f"mkdir {os.path.join(te_root,lab)}")
  os.system(f"mkdir {os.path.join(tr_root,lab)}")

group_by_kind(src_te, te_root)
group_by_kind(src_tr, tr_root)
# ~~~~~~~~~~ block 7
import numpy as np
import os
import tensorflow as tf
from tensorflow.keras.preprocessing.image import load_img
from tensorflow.keras.preprocessing.image import img_to_array
from tensorflow import keras
from tensorflow.keras.layers import Input, Dense, Conv2D, MaxPooling2D, Flatten, Dropout
# ~~~~~~~~~~ block 9


tr_x=[]
tr_y=[]
te_x=[]
te_y=[]
n_epochs=10
bsz=16
opt_name="adam"
hw = (32, 32)
in_shape = (32, 32, 3)
te_root = 'fruit360_by_kind/Test'
tr_root = 'fruit360_by_kind/Training'
mets=['accuracy']

kinds = os.listdir(tr_root)
n_kinds = len(kinds)

def balance_weights(tr_y):
    n_tr=len(tr_y)
    w={}
    for k in range(10):
        w[k]=0
    for k in tr_y:
        w[k]=w[k]+1
    for k in range(n_kinds):
        w[k]=n_tr/(w[k]*2.)
    return w

def read_folder(root):
    k=0
    arrs=[]
    ys=[]
    for lab in kinds:
        images=os.listdir(os.path.join(root,lab))
        for f_or_img in images:
            fp=os.path.join(root,lab,f_or_img)
            f_or_img=load_img(fp,color_mode='rgb', target_size=hw)
            arr=img_to_array(f_or_img)
            arr=arr/255.0
            arrs.append(arr)
            ys.append(k)
        k=k+1
    pairs=list(zip(arrs, ys))
    arrs, ys=zip(*pairs)
    return arrs, ys

print("reading train folder")
tr_x, tr_y=read_folder(tr_root)
tr_x=np.array(tr_x)
tr_y=np.array(tr_y)
print("reading test folder")
te_x, te_y=read_folder(te_root)
te_x=np.array(te_x)
te_y=np.array(te_y)
cnn=tf.keras.models.Sequential()
cnn.add(Input(shape=in_shape))
cnn.add(Conv2D(32, (3, 3), padding="same", activation="relu", strides=(1, 1)))
cnn.add(MaxPooling2D((2, 2), strides=(2, 2)))
cnn.add(Conv2D(64, (3, 3), padding="same", activation="relu", strides=(1, 1)))
cnn.add(MaxPooling2D((2, 2), strides=(2, 2)))
cnn.add(Conv2D(128, (3, 3), padding="same", activation="relu", strides=(1, 1)))
cnn.add(MaxPooling2D((2, 2), strides=(2, 2)))
cnn.add(Flatten())
cnn.add(Dense(512, activation="softmax"))
cnn.compile(optimizer=opt_name, loss="sparse_categorical_crossentropy", metrics=mets)
print(cnn.summary())
w=balance_weights(tr_y)
trace = cnn.fit(x=tr_x,y=tr_y,
                      batch_size=bsz,
                      epochs=n_epochs,
                      verbose=1)
tr_loss, tr_acc = cnn.evaluate(x=tr_x,y=tr_y,steps=(len(tr_x)//bsz)+1, verbose=1)
te_loss, te_acc = cnn.evaluate(x=te_x, y=te_y,steps=(len(te_x)//bsz)+1, verbose=1)
print(f"fit-set acc: {tr_acc}")
print(f"held-out acc: {te_acc}")
# ~~~~~~~~~~ block 11
tr_x=[]
tr_y=[]
te_x=[]
te_y=[]
n_epochs=20
bsz=16
opt_name="adam"
hw = (32, 32)
in_shape = (32, 32, 3)
te_root = 'fruit360_raw/fruits-360/Test'
tr_root = 'fruit360_raw/fruits-360/Training'
mets=['accuracy']

kinds = os.listdir(tr_root)
print(kinds)
n_kinds = len(kinds)

def balance_weights(tr_y, n_kinds):
    n_tr=len(tr_y)
    w={}
    for k in range(n_kinds):
        w[k]=0
    for k in tr_y:
        w[k]=w[k]+1
    for k in range(n_kinds):
        w[k]=n_tr/(w[k]*2.)
    return w

def read_folder(root, kinds):
    k=0
    arrs=[]
    ys=[]
    for lab in kinds:
        images=os.listdir(os.path.join(root,lab))
        for f_or_img in images:
            fp=os.path.join(root,lab,f_or_img)
            f_or_img=load_img(fp,color_mode='rgb', target_size=hw)
            arr=img_to_array(f_or_img)
            arr=arr/255.0
            arrs.append(arr)
            ys.append(k)
        k=k+1
    pairs=list(zip(arrs, ys))
    arrs, ys=zip(*pairs)
    return arrs, ys

print("reading train folder")
tr_x, tr_y=read_folder(tr_root, kinds)
tr_x=np.array(tr_x)
tr_y=np.array(tr_y)
print("reading test folder")
te_x, te_y=read_folder(te_root, kinds)
te_x=np.array(te_x)
te_y=np.array(te_y)
cnn=tf.keras.models.Sequential()
cnn.add(Input(shape=in_shape))
cnn.add(Conv2D(32, (3, 3), padding="same", activation="relu", strides=(1, 1)))
cnn.add(MaxPooling2D((2, 2), strides=(2, 2)))
cnn.add(Conv2D(64, (3, 3), padding="same", activation="relu", strides=(1, 1)))
cnn.add(MaxPooling2D((2, 2), strides=(2, 2)))
cnn.add(Flatten())
cnn.add(Dense(512, activation="relu"))
cnn.add(Dropout(0.5))
cnn.add(Dense(n_kinds, activation="softmax"))
cnn.compile(optimizer=opt_name, loss="sparse_categorical_crossentropy", metrics=mets)
print(cnn.summary())
w=balance_weights(tr_y, n_kinds)
trace = cnn.fit(x=tr_x,y=tr_y,
                        batch_size=bsz,
                        epochs=n_epochs,
                        class_weight=w,
                        verbose=1)
tr_loss, tr_acc = cnn.evaluate(x=tr_x,y=tr_y, verbose=1)
te_loss, te_acc = cnn.evaluate(x=te_x, y=te_y, verbose=1)
pred=cnn.predict(te_x, batch_size=16, verbose=1)
pred = pred.argmax(axis=-1)
print(f"fit-set acc: {tr_acc}")
print(f"held-out acc: {te_acc}")

