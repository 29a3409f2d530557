# libraries
import tensorflow as tf
import pandas as pd
import os
import matplotlib.pyplot as plt
import numpy as np

# patient folders were unpacked here
root = ('/Users/someone/Downloads/idc_patches/')
patients = os.listdir(root)

# drop folders that are not patients
patients.remove('IDC_regular_ps50_idx5')
patients.remove('.DS_Store')

# patients that go to each split
holdout_patients = []
fit_patients = []
n_seen = 0
switch = 0


for pid in patients:
    neg_files = os.listdir(root+pid+'/0/')
    n_seen += len(neg_files)
    pos_files = os.listdir(root+pid+'/1/')
    n_seen += len(pos_files)
    if n_seen > 222000:
        switch = 1
    if switch:
        holdout_patients.append(pid)
    else:
        fit_patients.append(pid) 
print(n_seen)

fit_paths = []
holdout_paths = []

for pid in fit_patients:
    neg_files = os.listdir(root+pid+'/0/')
    pos_files = os.listdir(root+pid+'/1/')
    if '.DS_Store' in neg_files:
        neg_files.remove('.DS_Store')
    if '.DS_Store' in pos_files:
        pos_files.remove('.DS_Store')
    for fn in neg_files:
        fit_paths.append(root+pid+'/0/'+fn)
    for fn in pos_files:
        fit_paths.append(root+pid+'/1/'+fn)
for pid in holdout_patients:
    neg_files = os.listdir(root+pid+'/0/')
    pos_files = os.listdir(root+pid+'/1/')
    if '.DS_Store' in neg_files:
        neg_files.remove('.DS_Store')
    if '.DS_Store' in pos_files:
        pos_files.remove('.DS_Store')
    for fn in neg_files:
        holdout_paths.append(root+pid+'/0/'+fn)
    for fn in pos_files:
        holdout_paths.append(root+pid+'/1/'+fn)


Xf = []
yf = []
Xh = []
yh = []

n_neg = 0
n_pos = 0
n_odd = 0
n_dropped = 0
one_path=holdout_paths[0]

# show one patch
patch = tf.keras.preprocessing.image.load_img(one_path)
plt.imshow(patch)
plt.show()

# decode every training patch into an array
for fp in fit_paths:
    cls = 2
    patch = tf.keras.preprocessing.image.load_img(fp)
    parr = tf.keras.preprocessing.image.img_to_array(patch)
    
    # class from the file name
    if(parr.shape == (50,50,3)):
        if fp.endswith('class0.png'):
            cls = 0
            n_neg += 1
        elif fp.endswith('class1.png'):
            cls = 1
            n_pos += 1
        else:
            cls = 2
            n_odd += 1
        Xf.append(parr)
        yf.append(cls)
    else:
        n_dropped += 1

# decode every held-out patch into an array
for fp in holdout_paths:
    cls = 2
    patch = tf.keras.preprocessing.image.load_img(fp)
    parr = tf.keras.preprocessing.image.img_to_array(patch)
    if(parr.shape == (50,50,3)):
        if fp.endswith('class0.png'):
            cls = 0
            n_neg += 1
        elif fp.endswith('class1.png'):
            cls = 1
            n_pos += 1
        else:
            cls = 2
            n_odd += 1
        Xh.append(parr)
        yh.append(cls)
    else:
        n_dropped +=1
print(f'negatives: {n_neg}')
print(f'positives: {n_pos}')      
print(f'unlabelled: {n_odd}')
print(f'wrong shape, dropped: {n_dropped}')


net = tf.keras.models.Sequential()

# three conv blocks
net.add(tf.keras.layers.Conv2D(32, (3, 3), activation='relu', input_shape=(50, 50, 3)))
net.add(tf.keras.layers.MaxPooling2D((2, 2)))
net.add(tf.keras.layers.Conv2D(64, (3, 3), activation='relu'))
net.add(tf.keras.layers.MaxPooling2D((2, 2)))
net.add(tf.keras.layers.Conv2D(128, (3, 3), activation='relu'))
net.add(tf.keras.layers.MaxPooling2D((2, 2)))
net.add(tf.keras.layers.Flatten()) # maps to a vector
net.add(tf.keras.layers.Dense(64, activation='relu'))
net.add(tf.keras.layers.Dense(2,activation='softmax'))

net.summary()

# lists to arrays
yf = np.asarray(yf)
yh = np.asarray(yh)
Xf = np.asarray(Xf)
Xh = np.asarray(Xh)

# scale to 0..1
Xf_s = Xf/255
Xh_s = Xh/255

yf
for t in yf:
    if (t != 1 and t !=0):
        print(t)

# fit
net.compile(loss='sparse_categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
net.fit(Xf_s, yf, epochs=4,validation_data=(Xh_s, yh))

#print(net.metrics_names)
#res = net.evaluate(Xh_s,yh)
#res
yp = net.predict(Xh_s)
yp

net_b = tf.keras.models.Sequential()
# variant without the last pooling
net_b.add(tf.keras.layers.Conv2D(32, (3, 3), activation='relu', input_shape=(50, 50, 3)))
net_b.add(tf.keras.layers.MaxPooling2D((2, 2)))
net_b.add(tf.keras.layers.Conv2D(64, (3, 3), activation='relu'))
net_b.add(tf.keras.layers.MaxPooling2D((2, 2)))
net_b.add(tf.keras.layers.Conv2D(128, (3, 3), activation='relu'))
net_b.add(tf.keras.layers.Flatten()) # maps to a vector
net_b.add(tf.keras.layers.Dense(64, activation='relu'))
net_b.add(tf.keras.layers.Dense(2,activation='softmax'))

net.save('idc_cnn.h5')

net_b.summary()

net_b.compile(loss='binary_crossentropy', optimizer='adam', metrics=['accuracy'])
net_b.fit(Xf_s, yf, epochs=1,validation_data=(Xh_s, yh))

reloaded = tf.keras.models.load_model('idc_cnn.h5')
res = reloaded.evaluate(Xh_s,yh)
res

yp = reloaded.predict(Xh_s)
yp

yp_bin = []
for p in yp:
    if p[0] > .5:
        yp_bin.append(0)
    else:
        yp_bin.append(1)
yp_bin

tf.math.confusion_matrix(yh,yp_bin)

reloaded.summary()
