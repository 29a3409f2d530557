# -*- coding: utf-8 -*-

import tensorflow as tf
import numpy as np
import os
import matplotlib.pyplot as plt
from tensorflow.keras.layers import Conv2D, MaxPool2D, Dropout, Input, Conv2DTranspose
from skimage.io import imread, imshow
from skimage.transform import resize
from tqdm import tqdm

# Every sample folder has one image and many mask files,
# one per nucleus; the masks are merged
# into a single mask per image below.

fit_root = "Nuclie_dataset/stage1_train"
eval_root = "Nuclie_dataset/stage1_test"

# how many training samples
n_fit = len(os.listdir(fit_root))

fit_folders = os.listdir(fit_root)

# xs = pictures, ys = merged masks

H = 128
W = 128
C = 3

# uint8 holder for all pictures: [670, 128, 128, 3]
xs = np.zeros((n_fit, H, W, C),dtype=np.uint8)

# bool holder for the merged masks
ys = np.zeros((n_fit, H, W, 1), dtype=bool)

for k in tqdm(range(n_fit)):
    pic_dir = fit_root + "/" + fit_folders[k] + "/images/"
    pic_file = os.listdir(pic_dir)[0]
    pic = imread(pic_dir + "/" + pic_file)[:,:,:C]
    pic = resize(pic, (H, W), 
                 mode = "constant", preserve_range=True)
    xs[k] = pic
    
    gt_dir = fit_root + "/" + fit_folders[k] + "/masks/"
    gt_files = os.listdir(gt_dir)
    merged = np.zeros([H, W, 1], dtype=bool)
    
    for m in range(len(gt_files)):
        part = imread(gt_dir + "/" + gt_files[m])
        part = np.expand_dims(resize(part,(H, W),
                                         mode="constant",preserve_range=True), axis=-1)
        merged = np.maximum(merged, part)
    ys[k] = merged    
    
    
# look at one sample

imshow(xs[0])
imshow(ys[0])


# how many test samples
n_eval = len(os.listdir(eval_root))
eval_folders = os.listdir(eval_root)
xs_eval = np.zeros((n_eval, H, W, C),dtype=np.uint8)

# read the test pictures

for k in tqdm(range(n_eval)):
    pic_dir = eval_root + "/" + eval_folders[k] + "/images/"
    pic_file = os.listdir(pic_dir)[0]
    pic = imread(pic_dir + "/" + pic_file)[:,:,:C]
    pic = resize(pic, (H, W), 
                 mode = "constant", preserve_range=True)
    xs_eval[k] = pic
    
# U-Net

inp  = Input((H, W, C))
h = tf.keras.layers.Lambda(lambda t: t/255)(inp)

# contracting path

d1 = Conv2D(16,(3,3), activation="relu", padding="same")(h)
d1 = Dropout(0.1)(d1)
d1 = Conv2D(16,(3,3),activation="relu", padding="same")(d1)
q1 = MaxPool2D((2,2))(d1)

d2 = Conv2D(32,(3,3), activation="relu", padding="same")(q1)
d2 = Dropout(0.1)(d2)
d2 = Conv2D(32,(3,3),activation="relu", padding="same")(d2)
q2 = MaxPool2D((2,2))(d2) 

d3 = Conv2D(64,(3,3), activation="relu", padding="same")(q2)
d3 = Dropout(0.1)(d3)
d3 = Conv2D(64,(3,3),activation="relu", padding="same")(d3)
q3 = MaxPool2D((2,2))(d3) 

d4 = Conv2D(128, (3,3), activation="relu", padding="same")(q3)
d4 = Dropout(0.1)(d4)
d4 = Conv2D(128, (3,3),activation="relu", padding="same")(d4)
q4 = MaxPool2D((2,2))(d4) 

d5 = Conv2D(256, (3,3), activation="relu", padding="same")(q4)
d5 = Dropout(0.1)(d5)
d5 = Conv2D(256, (3,3),activation="relu", padding="same")(d5) 

# expanding path
# transposed convolutions double the size again

from tensorflow.keras.layers import concatenate as Join

e6 = Conv2DTranspose(128,(2,2), strides=(2,2), padding="same")(d5)
e6 = tf.keras.layers.concatenate([e6,d4])
f6 = Conv2D(128,(3,3), activation="relu", padding="same")(e6)
f6 = Dropout(0.2)(f6)
f6 = Conv2D(128, (3,3), activation="relu", padding ="same")(f6)

e7 = Conv2DTranspose(64,(2,2), strides=(2,2), padding="same")(f6)
e7 = Join([e7,d3])
f7 = Conv2D(64,(3,3), activation="relu", padding="same")(e7)
f7 = Dropout(0.2)(f7)
f7 = Conv2D(64,(3,3), activation="relu", padding ="same")(f7)

e8 = Conv2DTranspose(32,(2,2), strides=(2,2), padding="same")(f7)
e8 = Join([e8,d2])
f8 = Conv2D(32,(3,3), activation="relu", padding="same")(e8)
f8 = Dropout(0.2)(f8)
f8 = Conv2D(32, (3,3), activation="relu", padding ="same")(f8)

e9 = Conv2DTranspose(16,(2,2), strides=(2,2), padding="same")(f8)
e9 = Join([e9,d1])
f9 = Conv2D(16,(3,3), activation="relu", padding="same")(e9)
f9 = Dropout(0.2)(f9)
f9 = Conv2D(16, (3,3), activation="relu", padding ="same")(f9)

out = Conv2D(1,(1,1), activation="sigmoid")(f9)

from tensorflow.keras import Model 
net = Model(inputs=[inp], outputs = out)

net.summary()

tf.keras.utils.plot_model(net, to_file="unet_graph.png", show_shapes=True)

net.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])

# keep the best weights
saver = tf.keras.callbacks.ModelCheckpoint('unet_best.h5', 
                                   save_best_only=True, verbose=1)

cbs = [
    tf.keras.callbacks.EarlyStopping(patience=2),
    tf.keras.callbacks.TensorBoard(log_dir="tb_logs"), saver]


hist = net.fit(xs, ys, validation_split=0.1,
                    batch_size=16, epochs=20, callbacks=cbs)




# predict the test pictures
pred_masks = net.predict(xs_eval)

imshow(xs_eval[0])
imshow(pred_masks[0])

net.save("unet_nuclei.h5")
net.save()



    
    
    
    
    
    
    
    
    
    
