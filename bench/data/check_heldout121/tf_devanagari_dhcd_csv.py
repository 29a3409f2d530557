# %%
'''
Libraries
'''

# %%
# numeric and table helpers
import random
import numpy as np
import pandas as pd

# plotting
import matplotlib.pyplot as plt

# sklearn helpers for splitting and label ids
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder

# Keras pieces for the convnet
from keras.models import Sequential
from keras.layers import Dense, Conv2D, MaxPool2D, Flatten, Dropout
from keras.optimizers import Adam
from keras.utils.np_utils import to_categorical

# input folder
# Kaggle kernel layout; change for a local run
import os
os.chdir("../input")

# read the pixel table
table = pd.read_csv("data.csv")
table.head(n=8)

table.groupby("character").count()


''' Classes look balanced.
Show one sample of every glyph. '''
glyph_names = table.character.unique()  
n_rows =10;n_cols=5;
fig, grid = plt.subplots(n_rows,n_cols, figsize=(8,16))
for r in range(n_rows):
    for c in range(n_cols):
        grid[r,c].set_axis_off()
        if n_cols*r+c < len(glyph_names):
            pix = table[table.character==glyph_names[n_cols*r+c]].iloc[0,:-1].values.reshape(32,32)
            pix = pix.astype("float64")
            pix/=255
            grid[r,c].imshow(pix, cmap="binary")
            grid[r,c].set_title(glyph_names[n_cols*r+c].split("_")[-1])

plt.subplots_adjust(wspace=1, hspace=1)   
plt.show()


# histogram of one row's pixels
import matplotlib.pyplot as plt
plt.hist(table.iloc[0,:-1])
plt.show()

''' Scale the pixels and take the glyph column as target.
Build features and target. '''
feats = table.values[:,:-1]/255.0
target = table["character"].values

# free the table
del table
n_glyphs = 46

# hold out 20% for testing (the paper used 15%)
feats_tr, feats_te, target_tr, target_te = train_test_split(feats, target, test_size=0.20, random_state=42)

# glyph names to integer ids
enc = LabelEncoder()
target_tr = enc.fit_transform(target_tr)
target_te = enc.transform(target_te)
target_tr = to_categorical(target_tr, n_glyphs)
target_te = to_categorical(target_te, n_glyphs)


rows_px = 32
cols_px = 32
in_shape = (rows_px, cols_px, 1)
feats_tr = feats_tr.reshape(feats_tr.shape[0], *in_shape) # unpack the shape tuple
feats_te = feats_te.reshape(feats_te.shape[0], *in_shape)

# Sequential convnet
net = Sequential()

ksize = (3, 3)
act = 'relu'
conv_a = Conv2D(filters=32, kernel_size=ksize, input_shape=in_shape, activation=act)
net.add(conv_a)

# second conv
conv_b = Conv2D(filters=64, kernel_size=ksize, activation=act)
net.add(conv_b)

# first pooling
pool_a = MaxPool2D(pool_size=(2, 2), strides=(2, 2), padding="same")
net.add(pool_a)

# two more convs
conv_c = Conv2D(filters=64, kernel_size=ksize, activation=act)
net.add(conv_c)
conv_d = Conv2D(filters=64, kernel_size=ksize, activation=act)
net.add(conv_d)

# second pooling
pool_b = MaxPool2D(pool_size=(2, 2), strides=(2, 2), padding="same")
net.add(pool_b)

# drop a fifth of the units
drop_a = Dropout(0.2)
net.add(drop_a)

flat_a = Flatten()
net.add(Flatten())

# dense head
dense_a = Dense(units=128, activation=act, kernel_initializer='uniform')
net.add(dense_a)

# one more dense before the output
dense_b = Dense(units=64, activation=act, kernel_initializer='uniform')
net.add(dense_b)

out_act = 'softmax'
out_layer = Dense(units=n_glyphs, activation=out_act, kernel_initializer='uniform')
net.add(out_layer)

optim_name = 'adam'
loss_name = 'categorical_crossentropy'
metric_names = ['accuracy']

# compile
net.compile(optimizer=optim_name, loss=loss_name, metrics=metric_names)

# layer listing
print(net.summary())


hist = net.fit(feats_tr, target_tr,
                  batch_size=200, epochs=50,
                  validation_data=(feats_te, target_te))

res = net.evaluate(feats_te, target_te, verbose=0)
print("Test accuracy: %.2f%%" % (res[1]*100)) # about 98.7%

# accuracy curve
print(hist)
fig1, ax1 = plt.subplots()
plt.plot(hist.history['accuracy'])
plt.plot(hist.history['val_accuracy'])
plt.xlabel('Epoch')
plt.ylabel('Accuracy')
plt.title('Accuracy per epoch')
plt.legend(['train', 'val'], loc='lower right')
plt.show()

''' Train and validation curves move together,
so no sign of over- or underfitting. '''

# loss curve
fig2, ax2 = plt.subplots()
plt.xlabel('Epoch')
plt.ylabel('Loss')
plt.title('Loss per epoch')
plt.legend(['train', 'val'], loc='upper right')
plt.plot(hist.history['loss'])
plt.plot(hist.history['val_loss'])
plt.show()
