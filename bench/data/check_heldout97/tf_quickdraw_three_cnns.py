import os
import re
from glob import glob
from tqdm import tqdm
import numpy as np
import pandas as pd
import ast
import matplotlib.pyplot as plt
csv_files = glob('../input/train_simplified/*.csv')
col_names = ['countrycode', 'drawing', 'key_id', 'recognized', 'timestamp', 'word']
peek_rows = []
for fp in csv_files[0:6]:
    head_rows = pd.read_csv(fp, nrows=10)
    head_rows = head_rows[head_rows.recognized==True].head(2)
    peek_rows.append(head_rows)
peek_df = pd.DataFrame(np.concatenate(peek_rows), columns=col_names)
peek_df
even_ix = range(0,11,2)
odd_ix = range(1,12, 2)
left_df = peek_df[peek_df.index.isin(even_ix)]
right_df = peek_df[peek_df.index.isin(odd_ix)]

left_strokes = [ast.literal_eval(pts) for pts in left_df.drawing.values]
right_strokes = [ast.literal_eval(pts) for pts in right_df.drawing.values]
titles = right_df.word.tolist()
for i, sketch in enumerate(left_strokes):
    plt.figure(figsize=(6,3))
    
    for x,y in sketch:
        plt.subplot(1,2,1)
        plt.plot(x, y, marker='.')
        plt.axis('off')

    for x,y, in right_strokes[i]:
        plt.subplot(1,2,2)
        plt.plot(x, y, marker='.')
        plt.axis('off')
        ttl = titles[i]
        plt.title(ttl, fontsize=10)

    plt.show()  
# ...
# ...

# ...
# ...
# ...
# ...
# ...
# ...
# ...
import os
from glob import glob
import re
import ast
import numpy as np 
import pandas as pd
from PIL import Image, ImageDraw 
from tqdm import tqdm
from dask import bag

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Dropout, Flatten
from tensorflow.keras.layers import Conv2D, MaxPooling2D, AveragePooling2D, BatchNormalization, concatenate, Input
from tensorflow.keras.metrics import top_k_categorical_accuracy
from tensorflow.keras.callbacks import ModelCheckpoint, ReduceLROnPlateau, EarlyStopping
# ...
class_csvs = os.listdir('../input/train_simplified/')
id_to_word = {i: v[:-4].replace(" ", "_") for i, v in enumerate(class_csvs)}

N_CLS = 20
IMG_H, IMG_W = 32, 32  
PER_CLASS = 10000
# ...
def render_strokes(stroke_txt):
    canvas = Image.new("P", (256,256), color=255)
    pen = ImageDraw.Draw(canvas)
    for seg in ast.literal_eval(stroke_txt):
        for i in range(len(seg[0])-1):
            pen.line([seg[0][i], 
                             seg[1][i],
                             seg[0][i+1], 
                             seg[1][i+1]],
                            fill=0, width=5)
    canvas = canvas.resize((IMG_H, IMG_W))
    return np.array(canvas)/255.

# ...
all_train = []
N_CLS = 20
cls_paths = glob('../input/train_simplified/*.csv')
for i,cpath in enumerate(tqdm(cls_paths[0: N_CLS])):
    tr_df = pd.read_csv(cpath, usecols=['drawing', 'recognized'], nrows=PER_CLASS*5//4)
    tr_df = tr_df[tr_df.recognized == True].head(PER_CLASS)
    dbag = bag.from_sequence(tr_df.drawing.values).map(render_strokes) 
    tr_pix = np.array(dbag.compute())
    tr_pix = np.reshape(tr_pix, (PER_CLASS, -1))    
    lab_col = np.full((tr_df.shape[0], 1), i)
    tr_pix = np.concatenate((lab_col, tr_pix), axis=1)
    all_train.append(tr_pix)
    

all_train = np.array([all_train.pop() for i in np.arange(N_CLS)])
all_train = all_train.reshape((-1, (IMG_H*IMG_W+1)))
del tr_pix
del tr_df
# ...
VAL_FRAC = 0.1
n_val = int(VAL_FRAC * all_train.shape[0])

np.random.shuffle(all_train)
ytr, Xtr = all_train[n_val: , 0], all_train[n_val: , 1:]
yva, Xva = all_train[0:n_val, 0], all_train[0:n_val, 1:]

# ...
ytr = keras.utils.to_categorical(ytr, N_CLS)
Xtr = Xtr.reshape(Xtr.shape[0], IMG_H, IMG_W, 1)
yva = keras.utils.to_categorical(yva, N_CLS)
Xva = Xva.reshape(Xva.shape[0], IMG_H, IMG_W, 1)
print(ytr.shape, "\n",
      Xtr.shape, "\n",
      yva.shape, "\n",
      Xva.shape)
cnn_a = Sequential()
cnn_a.add(Conv2D(32, kernel_size=(3, 3), padding='same', activation='relu', input_shape=(IMG_H, IMG_W, 1)))
cnn_a.add(MaxPooling2D(pool_size=(2, 2)))
cnn_a.add(Conv2D(64, kernel_size=(3, 3), padding='same', activation='relu'))
cnn_a.add(MaxPooling2D(pool_size=(2, 2)))
cnn_a.add(Dropout(0.2))
cnn_a.add(Flatten())
cnn_a.add(Dense(680, activation='relu'))
cnn_a.add(Dropout(0.5))
cnn_a.add(Dense(N_CLS, activation='softmax'))
cnn_a.summary()
def top3_acc(x,y): 
    k3 = top_k_categorical_accuracy(x,y, 3)
    return k3
lenet = Sequential()
lenet.add(Conv2D(12, kernel_size = (3,3), padding='same', activation='tanh', strides=1, input_shape=(32,32,1)))
lenet.add(AveragePooling2D(pool_size=(2, 2), strides=2))
lenet.add(Conv2D(32, kernel_size = (3,3), padding='same', activation='tanh', strides=1))
lenet.add(AveragePooling2D(pool_size=(2, 2), strides=2))
lenet.add(Conv2D(32, kernel_size = (3,3), padding='same', activation='tanh', strides=1))
lenet.add(AveragePooling2D(pool_size=(2, 2), strides=2))
lenet.add(Conv2D(240, kernel_size = (3,3), padding='same', activation='tanh', strides=1))
lenet.add(Flatten())
lenet.add(Dense(84, activation='tanh'))
lenet.add(Dense(N_CLS, activation='softmax'))
lenet.summary()
lenet.compile(loss='categorical_crossentropy',
              optimizer='adam',
              metrics=['accuracy', top3_acc])

lenet.fit(x=Xtr, y=ytr,
          batch_size = 32,
          epochs = 20,
          validation_data = (Xva, yva),
# ...
          verbose = 1)
cnn_b = Sequential()
cnn_b.add(Conv2D(32, kernel_size = (3,3), padding='same', activation='relu', strides=1, input_shape=(32,32,1)))
cnn_b.add(MaxPooling2D(pool_size=(2, 2), strides=1))
cnn_b.add(BatchNormalization(axis=1))

cnn_b.add(Conv2D(86, kernel_size = (3,3), padding='same', activation='relu', strides=1))
cnn_b.add(MaxPooling2D(pool_size=(3, 3), strides=2))
cnn_b.add(BatchNormalization(axis=1))

cnn_b.add(Conv2D(128, kernel_size = (3,3), padding='same', activation='relu', strides=1))
cnn_b.add(Conv2D(128, kernel_size = (3,3), padding='same', activation='relu', strides=1))
cnn_b.add(Conv2D(128, kernel_size = (3,3), padding='same', activation='relu', strides=1))
cnn_b.add(MaxPooling2D(pool_size=(3, 3), strides=2))
cnn_b.add(Flatten())

cnn_b.add(Dense(64, activation='relu'))
cnn_b.add(Dense(64, activation='relu'))
cnn_b.add(Dense(N_CLS, activation='softmax'))
cnn_b.summary()
cnn_b.compile(loss='categorical_crossentropy',
              optimizer='adam',
              metrics=['accuracy', top3_acc])

cnn_b.fit(x=Xtr, y=ytr,
          batch_size = 32,
          epochs = 20,
          validation_data = (Xva, yva),
# ...
          verbose = 1)
from keras.layers import merge
from keras.models import Model
from keras.layers import Dense, Dropout, Flatten
from keras.layers import Conv2D, MaxPooling2D, AveragePooling2D, BatchNormalization, concatenate, Input
from keras.metrics import top_k_categorical_accuracy
from keras.callbacks import ModelCheckpoint, ReduceLROnPlateau, EarlyStopping

inp = Input(shape=(32,32,1))

trunk = Conv2D(32, kernel_size = (4,4), padding='same', activation='relu', strides=1)(inp)
trunk = MaxPooling2D(pool_size=(3, 3), strides=2)(trunk)
trunk = BatchNormalization(axis=1)(trunk)

trunk = Conv2D(32, kernel_size = (1,1), padding='same', activation='relu', strides=1)(trunk)
trunk = Conv2D(32, kernel_size = (3,3), padding='same', activation='relu', strides=1)(trunk)
trunk = BatchNormalization(axis=1)(trunk)

b1a = Conv2D(64, kernel_size = (1,1), padding='same', activation='relu', strides=1)(trunk)

b1b = Conv2D(64, kernel_size = (1,1), padding='same', activation='relu', strides=1)(trunk)
b1b = Conv2D(64, kernel_size = (3,3), padding='same', activation='relu', strides=1)(b1b)

b1c = Conv2D(64, kernel_size = (1,1), padding='same', activation='relu', strides=1)(trunk)
b1c = Conv2D(64, kernel_size = (5,5), padding='same', activation='relu', strides=1)(b1c)

b1d = MaxPooling2D(pool_size=(3, 3), strides=1, padding='same')(trunk)
b1d = Conv2D(64, kernel_size = (1,1), padding='same', activation='relu', strides=1)(b1d)

mix1 = concatenate([b1a, b1b, b1c, b1d])


# ...
b2a = Conv2D(64, kernel_size = (1,1), padding='same', activation='relu', strides=1)(mix1)

b2b = Conv2D(64, kernel_size = (1,1), padding='same', activation='relu', strides=1)(mix1)
b2b = Conv2D(64, kernel_size = (3,3), padding='same', activation='relu', strides=1)(b1b)

b2c = Conv2D(64, kernel_size = (1,1), padding='same', activation='relu', strides=1)(mix1)
b2c = Conv2D(64, kernel_size = (5,5), padding='same', activation='relu', strides=1)(b1c)

b2d = MaxPooling2D(pool_size=(3, 3), strides=1, padding='same')(mix1)
b2d = Conv2D(64, kernel_size = (1,1), padding='same', activation='relu', strides=1)(b1d)

mix2 = concatenate([b2a, b2b, b2c, b2d])

# ...
top =  AveragePooling2D(pool_size=(5,5), strides=1)(mix2)
top = Flatten()(top)
top = Dropout(0.5)(top)
top = Dense(N_CLS, activation='softmax')(top)

incep = Model([inp], outputs = top)
incep.summary()

incep.compile(loss='categorical_crossentropy',
              optimizer='adam',
              metrics=['accuracy', top3_acc])

incep.fit(x=Xtr, y=ytr,
          batch_size = 32,
          epochs = 20,
          validation_data = (Xva, yva),
# ...
          verbose = 1)
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
    
# ...
N_TEST_PER = 20000
te_x = list()
te_y = list()
for i,cpath in enumerate(tqdm(cls_paths[0: N_CLS])):
    te_df = pd.read_csv(cpath, usecols=['drawing', 'recognized'], nrows=(N_TEST_PER+PER_CLASS)*5//4)
    te_df = te_df.tail(N_TEST_PER)
    dbag = bag.from_sequence(te_df.drawing.values).map(render_strokes) 
    te_pix = np.array(dbag.compute())
    te_pix = np.reshape(te_pix, (N_TEST_PER, -1))    
    lab_col = np.full((te_df.shape[0], 1), i)
    te_x.append(te_pix)
    te_y.append(lab_col)
    
te_x = np.concatenate(te_x)
te_y = np.concatenate(te_y)
te_x = te_x.reshape(te_x.shape[0], IMG_H, IMG_W, 1)
p_lenet = lenet.predict(te_x, verbose=0)
print('lenet predicted')
p_cnnb = cnn_b.predict(te_x, verbose=0)
print('cnn_b predicted')
p_incep = incep.predict(te_x, verbose=0)
print('inception predicted')

top3_lenet = np.argsort(-p_lenet)[:, 0:3]
top3_cnnb = np.argsort(-p_cnnb)[:, 0:3]
top3_incep = np.argsort(-p_incep)[:, 0:3]

hits_a = 0
hits_b = 0
hits_c = 0
for i, row in enumerate(tqdm(top3_lenet)):
    if te_y[i] in top3_lenet[i]:
        hits_a = hits_a+1
    if te_y[i] in top3_cnnb[i]:
        hits_b = hits_b+1 
    if te_y[i] in top3_incep[i]:
        hits_c = hits_c+1
        
print(hits_a/top3_lenet.shape[0])
print(hits_b/top3_cnnb.shape[0])
print(hits_c/top3_incep.shape[0])


