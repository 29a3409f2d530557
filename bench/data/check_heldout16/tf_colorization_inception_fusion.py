import keras
from keras.applications.inception_resnet_v2 import InceptionResNetV2
from keras.preprocessing import image
from keras.engine import Layer
from keras.applications.inception_resnet_v2 import preprocess_input
from keras.layers import Conv2D, UpSampling2D, InputLayer, Conv2DTranspose, Input, Reshape, merge, concatenate
from keras.layers import Activation, Dense, Dropout, Flatten
from keras.layers.normalization import BatchNormalization
from keras.callbacks import TensorBoard 
from keras.models import Sequential, Model
from keras.layers.core import RepeatVector, Permute
from keras.preprocessing.image import ImageDataGenerator, array_to_img, img_to_array, load_img
from skimage.color import rgb2lab, lab2rgb, rgb2gray, gray2rgb
from skimage.transform import resize
from skimage.io import imsave
import numpy as np
import os
import random
import tensorflow as tf

# read every training photo
X_raw = []
for img_file in os.listdir('Train/'):
    X_raw.append(img_to_array(load_img('Train/'+img_file)))
X_raw = np.array(X_raw, dtype=float)
train_X = 1.0/255*X_raw


# pretrained classifier used as a feature extractor
incep_net = InceptionResNetV2(weights='imagenet', include_top=True)
incep_net.graph = tf.get_default_graph()

embed_in = Input(shape=(1000,))

# downsampling path
enc_in = Input(shape=(256, 256, 1,))
enc_out = Conv2D(64, (3,3), activation='relu', padding='same', strides=2)(enc_in)
enc_out = Conv2D(128, (3,3), activation='relu', padding='same')(enc_out)
enc_out = Conv2D(128, (3,3), activation='relu', padding='same', strides=2)(enc_out)
enc_out = Conv2D(256, (3,3), activation='relu', padding='same')(enc_out)
enc_out = Conv2D(256, (3,3), activation='relu', padding='same', strides=2)(enc_out)
enc_out = Conv2D(512, (3,3), activation='relu', padding='same')(enc_out)
enc_out = Conv2D(512, (3,3), activation='relu', padding='same')(enc_out)
enc_out = Conv2D(256, (3,3), activation='relu', padding='same')(enc_out)

# tile the classifier vector over the grid and merge it
fused = RepeatVector(32 * 32)(embed_in) 
fused = Reshape(([32, 32, 1000]))(fused)
fused = concatenate([enc_out, fused], axis=3) 
fused = Conv2D(256, (1, 1), activation='relu', padding='same')(fused) 

# upsampling path back to two colour channels
dec_out = Conv2D(128, (3,3), activation='relu', padding='same')(fused)
dec_out = UpSampling2D((2, 2))(dec_out)
dec_out = Conv2D(64, (3,3), activation='relu', padding='same')(dec_out)
dec_out = UpSampling2D((2, 2))(dec_out)
dec_out = Conv2D(32, (3,3), activation='relu', padding='same')(dec_out)
dec_out = Conv2D(16, (3,3), activation='relu', padding='same')(dec_out)
dec_out = Conv2D(2, (3, 3), activation='tanh', padding='same')(dec_out)
dec_out = UpSampling2D((2, 2))(dec_out)

color_model = Model(inputs=[enc_in, embed_in], outputs=dec_out)

def embed_with_inception(gray3_images):
    gray3_images_299 = []
    for i in gray3_images:
        i = resize(i, (299, 299, 3), mode='constant')
        gray3_images_299.append(i)
    gray3_images_299 = np.array(gray3_images_299)
    gray3_images_299 = preprocess_input(gray3_images_299)
    with incep_net.graph.as_default():
        embedding = incep_net.predict(gray3_images_299)
    return embedding

# random augmentation
augmenter = ImageDataGenerator(
        shear_range=0.2,
        zoom_range=0.2,
        rotation_range=20,
        horizontal_flip=True)

# batches of (L channel, embedding) -> ab channels
batch_n = 10

def lab_batches(batch_n):
    for batch_rgb in augmenter.flow(train_X, batch_size=batch_n):
        gray3_images = gray2rgb(rgb2gray(batch_rgb))
        embedding = embed_with_inception(gray3_images)
        batch_lab = rgb2lab(batch_rgb)
        X_batch_L = batch_lab[:,:,:,0]
        X_batch_L = X_batch_L.reshape(X_batch_L.shape+(1,))
        Y_batch_ab = batch_lab[:,:,:,1:] / 128
        yield ([X_batch_L, embed_with_inception(gray3_images)], Y_batch_ab)


# training
color_model.compile(optimizer='rmsprop', loss='mse')
color_model.fit_generator(lab_batches(batch_n), epochs=1, steps_per_epoch=1)

test_images = []
for img_file in os.listdir('Test/'):
    test_images.append(img_to_array(load_img('Test/'+img_file)))
test_images = np.array(test_images, dtype=float)
test_gray3 = gray2rgb(rgb2gray(1.0/255*test_images))
test_embedding = embed_with_inception(test_gray3)
test_images = rgb2lab(1.0/255*test_images)[:,:,:,0]
test_images = test_images.reshape(test_images.shape+(1,))


# predict colours for the held-out photos
pred_ab = color_model.predict([test_images, test_embedding])
pred_ab = pred_ab * 128

# write the colourised results
for i in range(len(pred_ab)):
    lab_img = np.zeros((256, 256, 3))
    lab_img[:,:,0] = test_images[i][:,:,0]
    lab_img[:,:,1:] = pred_ab[i]
    imsave("result/img_"+str(i)+".png", lab2rgb(lab_img))
