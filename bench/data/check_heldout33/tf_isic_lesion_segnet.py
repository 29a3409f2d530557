from PIL import Image
import os
os.environ["CUDA_DEVICE_ORDER"]="PCI_BUS_ID"
os.environ["CUDA_VISIBLE_DEVICES"]="0,1"

import tensorflow as tf
import keras
gpu_conf = tf.ConfigProto()
gpu_conf.gpu_options.allow_growth=True
tf_sess = tf.Session(config=gpu_conf)
keras.backend.set_session(tf_sess)


import os
from keras.preprocessing import image
from keras.models import Model, Sequential
from keras.layers import Activation, Dense, GlobalAveragePooling2D, BatchNormalization, Dropout, Conv2D, Conv2DTranspose, AveragePooling2D, MaxPooling2D, UpSampling2D, Input, Reshape
from keras import backend as K
from keras.optimizers import Nadam, Adam, SGD
from keras.metrics import categorical_accuracy, binary_accuracy
# (a Jaccard loss from keras_contrib was tried here)
import tensorflow as tf
import numpy as np
import pandas as pd
import glob
import PIL
from PIL import Image
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split

import numpy as np 
import os
import skimage.io as io
import skimage.transform as trans
import numpy as np
from keras.models import *
from keras.layers import *
from keras.optimizers import *
from keras.callbacks import ModelCheckpoint, LearningRateScheduler
from keras import backend as keras

# (single-GPU setting kept for reference)

def jaccard_loss(y_ref, y_hat, eps_s=100):
    inter = K.sum(K.abs(y_ref * y_hat), axis=-1)
    sq_sum = K.sum(K.square(y_ref), axis = -1) + K.sum(K.square(y_hat), axis=-1)
    jac_v = (inter + eps_s) / (sq_sum - inter + eps_s)
    return (1 - jac_v)

def iou_score(y_ref, y_hat, eps_s = 100):
    y_hat = y_hat
    inter = K.sum(K.abs(y_ref * y_hat), axis=-1)
    sq_sum = K.sum(K.square(y_ref), axis = -1) + K.sum(K.square(y_hat), axis=-1)
    jac_v = (inter + eps_s) / (sq_sum - inter + eps_s)
    return jac_v


# sort file names by the number inside them
import re
digit_re = re.compile(r'(\d+)')
def natural_key(name_s):
    pieces = digit_re.split(name_s)
    pieces[1::2] = map(int, pieces[1::2])
    return pieces

from tensorflow.python.client import device_lib
device_list = device_lib.list_local_devices()
print( [h.name for h in device_list])
from keras.utils import multi_gpu_model


class IsicArrays():
   def __init__(self,gt_dir,img_dir):
     # batch and image size were meant to be options
     # (left fixed below)
     self.gt_dir=gt_dir
     self.img_dir=img_dir

     if os.path.isdir(gt_dir):
       self.mask_paths= sorted(glob.glob(os.path.join(gt_dir,'*.png')),key=natural_key)
       
     else:
       raise Exception('gt_dir has to be a folder')
     if os.path.isdir(img_dir):
       self.image_paths= sorted(glob.glob(os.path.join(img_dir,'*.jpg')),key=natural_key)
       
     else:
       raise Exception('img_dir has to be a folder')
     
     print('images found: ',len(self.image_paths))
     self.train_images, self.test_images, self.train_masks, self.test_masks =train_test_split(self.image_paths,self.mask_paths,
     test_size=0.20,random_state=42)
     self.train_images,self.val_images,self.train_masks,self.val_masks = train_test_split(self.train_images,self.train_masks)
     print('training images: ',len(self.train_images))
     print('test images: ',len(self.test_images))
     print('validation images: ', len(self.val_images))
     self.train_images=np.array([np.array(Image.open(img_file).resize((256,192)),dtype=np.float32)/255 for img_file in self.train_images])
     self.train_masks = np.array([np.array(Image.open(img_file).resize((256,192)),dtype=np.float32)/255 for img_file in self.train_masks])
     self.test_images = np.array([np.array(Image.open(img_file).resize((256,192)),dtype=np.float32) for img_file in self.test_images])
     self.test_masks = np.array([np.array(Image.open(img_file).resize((256,192)),dtype=np.float32)/255 for img_file in self.test_masks])
     self.val_images = np.array([np.array(Image.open(img_file).resize((256,192)),dtype=np.float32)/255 for img_file in self.val_images])
     self.val_masks = np.array([np.array(Image.open(img_file).resize((256,192)),dtype=np.float32)/255 for img_file in self.val_masks])

     
gt_dir='ISIC2018_Task1_Training_GroundTruth'
img_dir='ISIC2018_Task1-2_Training_Input'
isic_data = IsicArrays(gt_dir,img_dir)
def build_seg_net(in_shape = (192,256,3)):
      inp = Input(shape= (192, 256, 3))
      h = Conv2D(16, (3, 3), padding='same', name='conv1')(inp)
      h = BatchNormalization(name='bn1')(h)
      h = Activation('relu')(h)
      h = Conv2D(32, (3, 3), padding='same', name='conv2')(h)
      h = BatchNormalization(name='bn2')(h)
      h = Activation('relu')(h)
      h = MaxPooling2D()(h)
      h = Conv2D(64, (3, 3), padding='same', name='conv3')(h)
      h = BatchNormalization(name='bn3')(h)
      h = Activation('relu')(h)
      h = Conv2D(64, (3, 3), padding='same', name='conv4')(h)
      h = BatchNormalization(name='bn4')(h)
      h = Activation('relu')(h)
      h = MaxPooling2D()(h)
      h = Conv2D(128, (3, 3), padding='same', name='conv5')(h)
      h = BatchNormalization(name='bn5')(h)
      h = Activation('relu')(h)
      h = Conv2D(128, (4, 4), padding='same', name='conv6')(h)
      h = BatchNormalization(name='bn6')(h)
      h = Activation('relu')(h)
      h = MaxPooling2D()(h)
      h = Conv2D(256, (3, 3), padding='same', name='conv7')(h)
      h = BatchNormalization(name='bn7')(h)
      h = Dropout(0.5)(h)
      h = Activation('relu')(h)
      h = Conv2D(256, (3, 3), padding='same', name='conv8')(h)
      h = BatchNormalization(name='bn8')(h)
      h = Activation('relu')(h)
      h = MaxPooling2D()(h)
      h = Conv2D(512, (3, 3), padding='same', name='conv9')(h)
      h = BatchNormalization(name='bn9')(h)
      h = Activation('relu')(h)
      h = Dense(1024, activation = 'relu', name='fc1')(h)
      h = Dense(1024, activation = 'relu', name='fc2')(h)
      
      # decoder: transposed convolutions, normalisation after the activation
      
      h = Conv2DTranspose(256, (3, 3), padding='same', name='deconv1')(h)
      h = BatchNormalization(name='bn19')(h)
      h = Activation('relu')(h)
      h = UpSampling2D()(h)
      h = Conv2DTranspose(256, (3, 3), padding='same', name='deconv2')(h)
      h = BatchNormalization(name='bn12')(h)
      h = Activation('relu')(h)
      h = Conv2DTranspose(128, (3, 3), padding='same', name='deconv3')(h)
      h = BatchNormalization(name='bn13')(h)
      h = Activation('relu')(h)
      h = UpSampling2D()(h)
      h = Conv2DTranspose(128, (4, 4), padding='same', name='deconv4')(h)
      h = BatchNormalization(name='bn14')(h)
      h = Activation('relu')(h)
      h = Conv2DTranspose(128, (3, 3), padding='same', name='deconv5')(h)
      h = BatchNormalization(name='bn15')(h)
      h = Activation('relu')(h)
      h = UpSampling2D()(h)
      h = Conv2DTranspose(64, (3, 3), padding='same', name='deconv6')(h)
      h = BatchNormalization(name='bn16')(h)
      h = Activation('relu')(h)
      h = Conv2DTranspose(32, (3, 3), padding='same', name='deconv7')(h)
      h = BatchNormalization(name='bn20')(h)
      h = Activation('relu')(h)
      h = UpSampling2D()(h)
      h = Conv2DTranspose(16, (3, 3), padding='same', name='deconv8')(h)
      h = BatchNormalization(name='bn17')(h)
      h = Dropout(0.5)(h)
      h = Activation('relu')(h)
      h = Conv2DTranspose(1, (3, 3), padding='same', name='deconv9')(h)
      h = BatchNormalization(name='bn18')(h)
      h = Activation('sigmoid')(h)
      mask_out = Reshape((192,256))(h)
      
      
      model = Model(inputs=inp, outputs=mask_out)

  
      model.compile(optimizer= Adam(lr = 0.01), loss=[jaccard_loss], metrics=[iou_score])      
      model.summary()
  
  
      return model

import tensorflow as tf
tf_sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
    
from keras import backend as K
print(K.tensorflow_backend._get_available_gpus())

seg_model = build_seg_net()
ckpt_cb = ModelCheckpoint('check_unet_membrane_e_50_lr_0_01_jc_bt_100.hdf5', monitor='loss',verbose=1, save_best_only=True)

fit_hist = seg_model.fit(isic_data.train_images,isic_data.train_masks,epochs=50,batch_size=100,validation_data=(isic_data.val_images,isic_data.val_masks),verbose=1,callbacks=[ckpt_cb])

seg_model.save("model.h5")

test_scores = seg_model.evaluate(x=isic_data.test_images,y=isic_data.test_masks,batch_size=16)
   


