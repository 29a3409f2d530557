
import numpy as np
import tensorflow as tf
import random
import os

import keras
import keras.backend as K

import nibabel as nib
from medpy.io import load
from medpy.io import save


TRAIN_IMG_FOLDER = '/data/train/image'
TRAIN_LABEL_FOLDER = '/data/train/label'
TEST_IMG_FOLDER = '/data/test'
MODEL_FOLDER = '/data/model'
OUT_FOLDER = '/data/output'


train_image_files = [fname for fname in os.listdir(TRAIN_IMG_FOLDER) if os.path.isfile(os.path.join(TRAIN_IMG_FOLDER, fname))]
train_label_files = [fname for fname in os.listdir(TRAIN_LABEL_FOLDER) if os.path.isfile(os.path.join(TRAIN_LABEL_FOLDER, fname))]
test_image_files = [fname for fname in os.listdir(TEST_IMG_FOLDER) if os.path.isfile(os.path.join(TEST_IMG_FOLDER, fname))]


def load_volume_chunks(n_volumes = 4):
    
    volume_shapes = []
    image_chunks = []
    label_chunks = []
    
    picked = random.sample(range(0, len(train_label_files)), n_volumes)

    # fixed volumes while trying things out 
    picked = [i for i in range(165,175)]
    
    for i in range(len(picked)):
        
#        (file names of the picked image and
#         label volume could be printed here)
        
        image_volume, image_hdr = load(os.path.join(TRAIN_IMG_FOLDER, train_image_files[picked[i]*2]))
        label_volume, label_hdr = load(os.path.join(TRAIN_LABEL_FOLDER, train_label_files[picked[i]]))
        
        volume_shapes.append(image_volume.shape)
        
        print (image_volume.shape, label_volume.shape)
        
        n_x, n_y, n_z = image_volume.shape
        
        for k in range(int(n_z/5)):
            image_chunks.append(image_volume[:,:,k*5:(k+1)*5])
            label_chunks.append(label_volume[:,:,k*5:(k+1)*5])
       # (whole volumes were appended here before
       #  the five-slice chunking)
        
    return np.array(image_chunks), np.array(label_chunks), volume_shapes # chunks, label chunks, shapes
        # (an extra channel axis is added by the caller)
        

volumes_to_read = 8

data_X, data_y, shapes_read = load_volume_chunks(n_volumes = volumes_to_read)
print (data_X.shape, data_y.shape)

data_X = np.expand_dims(data_X, axis=4)
data_y = np.expand_dims(data_y, axis=4)
print (data_X.shape, data_y.shape)
n_train = int(len(data_X)*0.8)

train_X = data_X[:n_train]
train_y = data_y[:n_train]
valid_X = data_X[n_train:]
valid_y = data_y[n_train:]




from keras import layers
from keras.layers import Input, Dense, Conv3D, MaxPooling3D, AveragePooling3D, UpSampling3D, Flatten, Reshape, Dropout, Conv3DTranspose
from keras.layers import Concatenate, BatchNormalization, Add
from keras.models import Model, Sequential
from keras.layers import InputLayer
from keras.utils.training_utils import multi_gpu_model
from keras.models import load_model




K.clear_session()
def build_model(image_volume):
    
    dim_h,dim_w,dim_d, dim_c = image_volume[0].shape
    print (image_volume[0].shape)
    
    in_tensor = Input(shape=(image_volume[0].shape))
    
    t_x = Conv3D(256, kernel_size=(3, 3, 3), padding='same', strides=(1, 1, 1))(in_tensor)
    t_x = layers.Activation('relu')(t_x)
    t_x = BatchNormalization()(t_x)
    t_x = Conv3D(128, kernel_size=(3, 3, 3), padding='same', strides=(1, 1, 1))(t_x)
    t_x = layers.Activation('relu')(t_x)
    t_x = BatchNormalization()(t_x)
    t_x = Conv3D(64, kernel_size=(3, 3, 3), padding='same', strides=(1, 1, 1))(t_x)
    t_x = layers.Activation('relu')(t_x)
    t_x = BatchNormalization()(t_x)
    t_x = Conv3D(32, kernel_size=(3, 3, 3), padding='same', strides=(1, 1, 1))(t_x)
    t_x = layers.Activation('relu')(t_x)
    t_x = BatchNormalization()(t_x)
    t_x = Conv3D(1, kernel_size=(3, 3, 3), padding='same', strides=(1, 1, 1))(t_x)
    t_x = layers.Activation('relu')(t_x)
    t_x = BatchNormalization()(t_x)
    # no pooling: output keeps the input grid
    print (t_x.shape)
    
    out_tensor = t_x

    seg_model = Model(inputs=in_tensor, outputs=out_tensor)
    
    return seg_model

with tf.device("/gpu:0"):
    seg_model = build_model(data_X)
print (seg_model.summary())


from keras.callbacks import ModelCheckpoint
from keras.optimizers import SGD, Adam

from keras.callbacks import Callback

class LrPrinter(Callback):
    def on_epoch_end(self, epoch, logs={}):
        opt_obj = self.model.optimizer
        lr_value = K.eval(opt_obj.lr) # base rate only, decay not applied
        print('step size now {:.6f}'.format(lr_value))

# (a TensorBoard callback was considered here)
stop_early = keras.callbacks.EarlyStopping(monitor='mean_squared_error', min_delta=0, patience=100, verbose=0, mode='min')


import time
t_start = time.time() 
N_EPOCHS = 2
BASE_LR = 0.001

seg_model.compile(loss=['mean_squared_error'], optimizer=Adam(lr=BASE_LR,  decay=0.01), metrics=['mean_squared_error'])
fit_log = seg_model.fit(train_X , train_y,
                  batch_size=8,
                  epochs=N_EPOCHS,
                  callbacks=[stop_early],# the LrPrinter could be added too
                  shuffle = True,
                  verbose=2
                  ,validation_data=(valid_X, valid_y)
                 )

t_end = time.time()
print("fit took %0.2f hours" %(  (t_end - t_start)/3600  ))

weights_file = 'tumor_test.h5'
seg_model.save(os.path.join(MODEL_FOLDER,weights_file))
