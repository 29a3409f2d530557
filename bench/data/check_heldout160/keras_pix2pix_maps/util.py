# Helpers for the paired satellite/map pix2pix run: folder -> npz -> scaled arrays, and batch sampling.
from os import listdir
from numpy import asarray
import numpy as np
from numpy import vstack
import tensorflow as tf
from keras.preprocessing.image import img_to_array
from keras.preprocessing.image import load_img
from numpy import savez_compressed
from numpy import load
from numpy import zeros
from numpy import ones
from numpy.random import randint
from tensorflow.keras.optimizers import Adam
from keras.initializers import RandomNormal
from keras.models import Model
from keras.layers import Conv2D
from keras.layers import Conv2DTranspose
from keras.layers import LeakyReLU
from keras.layers import Activation
from keras.layers import Concatenate
from keras.layers import Dropout
from keras.layers import BatchNormalization
from keras.layers import LeakyReLU
from matplotlib import pyplot
import matplotlib.pyplot as plt
from PIL import Image
import cv2
import os


def load_images(path, size=(512,1024)):
	# each file holds the satellite half on the left and the map half on the right
	src_list, tar_list = list(), list()
	for filename in listdir(path):
		pixels = load_img(path + filename, target_size=size)
		pixels = img_to_array(pixels)
		sat_img, map_img = pixels[:, :512], pixels[:, 512:]
		src_list.append(sat_img)
		tar_list.append(map_img)
	return [asarray(src_list), asarray(tar_list)]

def save_compressed_npy(path, filename):
	[src_images, tar_images] = load_images(path)
	print('Loaded: ', src_images.shape, tar_images.shape)
	savez_compressed(filename, src_images, tar_images)
	print('Saved dataset: ', filename)

def load_real_samples(filename):
	# read the npz and rescale pixels to [-1, 1]
	data = load(filename)
	X1, X2 = data['arr_0'], data['arr_1']
	X1 = (X1 - 127.5) / 127.5
	X2 = (X2 - 127.5) / 127.5
	return [X1, X2]

def generate_real_samples(dataset, n_samples, patch_shape):
	trainA, trainB = dataset
	ix = randint(0, trainA.shape[0], n_samples)
	X1, X2 = trainA[ix], trainB[ix]
	y = ones((n_samples, patch_shape, patch_shape, 1))
	return [X1, X2], y

def generate_fake_samples(g_model, samples, patch_shape):
	X = g_model.predict(samples)
	y = zeros((len(X), patch_shape, patch_shape, 1))
	return X, y

def float_to_int(img):
    img = img * 255.0
    img = img.astype(np.uint8)
    return img