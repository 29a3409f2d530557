#!/usr/bin/env python
# module : Utils.py
# purpose: image reading, scaling and sample plots for the SRGAN trainer
# origin : SRGAN example project
# year   : 2018
# used by: train.py and test.py
# python : 3.5

from keras.layers import Lambda
import tensorflow as tf
from skimage import data, io, filters
import numpy as np
from numpy import array
from numpy.random import randint
from scipy.misc import imresize
import os
import sys

import matplotlib.pyplot as plt
plt.switch_backend('agg')

# pixel-shuffle layer: (h, w, c) becomes (h*r, w*r, c/r^2)
def pixel_shuffle_layer(in_shape, factor=4):
    def shuffled_shape(in_shape):
        out_dims = [in_shape[0],in_shape[1] * factor,in_shape[2] * factor,int(in_shape[3] / (factor ** 2))]
        out_shape = tuple(out_dims)
        return out_shape
    
    def shuffle_pixels(x):
        return tf.depth_to_space(x, factor)
        
    return Lambda(shuffle_pixels, output_shape=shuffled_shape)
    
# stack a list of full-size images into one array
def stack_hr_images(images):
    hr_stack = array(images)
    return hr_stack

# shrink each image by the factor and stack the results
def stack_lr_images(full_images , factor):
    
    shrunk = []
    for k in  range(len(full_images)):
        shrunk.append(imresize(full_images[k], [full_images[k].shape[0]//factor,full_images[k].shape[1]//factor], interp='bicubic', mode=None))
    lr_stack = array(shrunk)
    return lr_stack
    
def to_unit_range(pixels):

    return (pixels.astype(np.float32) - 127.5)/127.5 
    
def to_pixels(values):
    values = (values + 1) * 127.5
    return values.astype(np.uint8)
   
 
def list_dirs(path):
    dir_list = []
    if os.path.isdir(path):
        dir_list.append(path)
    for entry in os.listdir(path):
        if os.path.isdir(os.path.join(path,entry)):
            dir_list = dir_list + list_dirs(os.path.join(path,entry))
            dir_list.append(os.path.join(path,entry))
    return dir_list
    
def read_images_in_dirs(dirs, ext):
    images_read = []
    image_paths = []
    seen = 0
    for folder in dirs:
        for fname in os.listdir(folder): 
            if fname.endswith(ext):
                img = data.imread(os.path.join(folder,fname))
                if len(img.shape) > 2:
                    images_read.append(img)
                    image_paths.append(os.path.join(folder,fname))
                seen = seen + 1
    return images_read     

def read_images(directory, ext):

    images_read = read_images_in_dirs(list_dirs(directory), ext)
    return images_read
    
def read_train_test_images(directory, ext, n_images = 1000, train_fraction = 0.8):

    n_train = int(n_images * train_fraction)
    
    images_read = read_images_in_dirs(list_dirs(directory), ext)
    
    if len(images_read) < n_images:
        print("fewer image files found than requested")
        print("lower the image count to %d" % len(images_read))
        sys.exit()
        
    shape_check = array(images_read)
    if len(shape_check.shape) < 3:
        print("the images differ in shape")
        print("crop them all to one size first")
        sys.exit()
    
    train_images = images_read[:n_train]
    test_images = images_read[n_train:n_images]
    
    train_hr = stack_hr_images(train_images)
    train_hr = to_unit_range(train_hr)
    
    train_lr = stack_lr_images(train_images, 4)
    train_lr = to_unit_range(train_lr)
    
    test_hr = stack_hr_images(test_images)
    test_hr = to_unit_range(test_hr)
    
    test_lr = stack_lr_images(test_images, 4)
    test_lr = to_unit_range(test_lr)
    
    return train_lr, train_hr, test_lr, test_hr


def read_test_images_for_model(directory, ext, n_images = 100):

    images_read = read_images_in_dirs(list_dirs(directory), ext)
    
    if len(images_read) < n_images:
        print("fewer image files found than requested")
        print("lower the image count to %d" % len(images_read))
        sys.exit()
        
    test_hr = stack_hr_images(images_read)
    test_hr = to_unit_range(test_hr)
    
    test_lr = stack_lr_images(images_read, 4)
    test_lr = to_unit_range(test_lr)
    
    return test_lr, test_hr
    
def read_test_images(directory, ext, n_images = 100):

    images_read = read_images_in_dirs(list_dirs(directory), ext)
    
    if len(images_read) < n_images:
        print("fewer image files found than requested")
        print("lower the image count to %d" % len(images_read))
        sys.exit()
        
    test_lr = stack_lr_images(images_read, 4)
    test_lr = to_unit_range(test_lr)
    
    return test_lr
    
# during training: write one LR / SR / HR triple
# for a single random test image
def save_sample_images(output_dir, epoch, generator, test_hr, test_lr , dim=(1, 3), figsize=(15, 5)):
    
    n_examples = test_hr.shape[0]
    print(n_examples)
    pick = randint(0, n_examples)
    hr_batch = to_pixels(test_hr)
    lr_batch = test_lr
    sr_out = generator.predict(lr_batch)
    sr_images = to_pixels(sr_out)
    lr_batch = to_pixels(lr_batch)
    
    plt.figure(figsize=figsize)
    
    plt.subplot(dim[0], dim[1], 1)
    plt.imshow(lr_batch[pick], interpolation='nearest')
    plt.axis('off')
        
    plt.subplot(dim[0], dim[1], 2)
    plt.imshow(sr_images[pick], interpolation='nearest')
    plt.axis('off')
    
    plt.subplot(dim[0], dim[1], 3)
    plt.imshow(hr_batch[pick], interpolation='nearest')
    plt.axis('off')
    
    plt.tight_layout()
    plt.savefig(output_dir + 'generated_image_%d.png' % epoch)
    
    #plt.show()
    
# after training: write an LR / SR / HR triple
# for every test image given
def save_all_test_triples(output_dir, generator, test_hr, test_lr , dim=(1, 3), figsize=(15, 5)):
    
    n_examples = test_hr.shape[0]
    hr_batch = to_pixels(test_hr)
    lr_batch = test_lr
    sr_out = generator.predict(lr_batch)
    sr_images = to_pixels(sr_out)
    lr_batch = to_pixels(lr_batch)
    
    for k in range(n_examples):
    
        plt.figure(figsize=figsize)
    
        plt.subplot(dim[0], dim[1], 1)
        plt.imshow(lr_batch[k], interpolation='nearest')
        plt.axis('off')
        
        plt.subplot(dim[0], dim[1], 2)
        plt.imshow(sr_images[k], interpolation='nearest')
        plt.axis('off')
    
        plt.subplot(dim[0], dim[1], 3)
        plt.imshow(hr_batch[k], interpolation='nearest')
        plt.axis('off')
    
        plt.tight_layout()
        plt.savefig(output_dir + 'test_generated_image_%d.png' % k)
    
        #plt.show()

# upscale LR inputs and write only the SR results
def save_sr_results(output_dir, generator, test_lr, figsize=(5, 5)):
    
    n_examples = test_lr.shape[0]
    lr_batch = to_pixels(test_lr)
    sr_out = generator.predict(lr_batch)
    sr_images = to_pixels(sr_out)
    
    for k in range(n_examples):
    
        #plt.figure(figsize=figsize)
    
        plt.imshow(sr_images[k], interpolation='nearest')
        plt.axis('off')
        
        plt.tight_layout()
        plt.savefig(output_dir + 'high_res_result_image_%d.png' % k)
    
        #plt.show()





