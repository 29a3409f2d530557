#######################################################
# DRIVE vessel segmentation: sample patches, build a small U-Net, fit it





#######################################################


import numpy as np
import configparser as ConfigParser

from keras.models import Model
from keras.layers import Input, concatenate, Conv2D, MaxPooling2D, UpSampling2D, Reshape, core, Dropout
from keras.optimizers import Adam
from keras.callbacks import ModelCheckpoint, LearningRateScheduler
from keras import backend as K
from keras.utils.vis_utils import plot_model as plot
from keras.optimizers import SGD

import sys
sys.path.insert(0, './lib/')
from help_functions import *


from extract_patches import get_data_training




def build_small_unet(chans,ph,pw):
    inputs = Input(shape=(chans,ph,pw))
    e1 = Conv2D(32, (3, 3), activation='relu', padding='same',data_format='channels_first')(inputs)
    e1 = Dropout(0.2)(e1)
    e1 = Conv2D(32, (3, 3), activation='relu', padding='same',data_format='channels_first')(e1)
    q1 = MaxPooling2D((2, 2))(e1)

    e2 = Conv2D(64, (3, 3), activation='relu', padding='same',data_format='channels_first')(q1)
    e2 = Dropout(0.2)(e2)
    e2 = Conv2D(64, (3, 3), activation='relu', padding='same',data_format='channels_first')(e2)
    q2 = MaxPooling2D((2, 2))(e2)

    mid = Conv2D(128, (3, 3), activation='relu', padding='same',data_format='channels_first')(q2)
    mid = Dropout(0.2)(mid)
    mid = Conv2D(128, (3, 3), activation='relu', padding='same',data_format='channels_first')(mid)

    v1 = UpSampling2D(size=(2, 2))(mid)
    v1 = concatenate([e2,v1],axis=1)
    d2 = Conv2D(64, (3, 3), activation='relu', padding='same',data_format='channels_first')(v1)
    d2 = Dropout(0.2)(d2)
    d2 = Conv2D(64, (3, 3), activation='relu', padding='same',data_format='channels_first')(d2)

    v2 = UpSampling2D(size=(2, 2))(d2)
    v2 = concatenate([e1,v2], axis=1)
    d1 = Conv2D(32, (3, 3), activation='relu', padding='same',data_format='channels_first')(v2)
    d1 = Dropout(0.2)(d1)
    d1 = Conv2D(32, (3, 3), activation='relu', padding='same',data_format='channels_first')(d1)

    head = Conv2D(2, (1, 1), activation='relu',padding='same',data_format='channels_first')(d1)
    head = core.Reshape((2,ph*pw))(head)
    head = core.Permute((2,1))(head)
#######################################################
    probs = core.Activation('softmax')(head)

    net = Model(inputs=inputs, outputs=probs)


    net.compile(optimizer='sgd', loss='categorical_crossentropy',metrics=['accuracy'])

    return net



def build_gnet(chans,ph,pw):
    inputs = Input((chans, ph, pw))
    e1 = Convolution2D(32, 3, 3, activation='relu', border_mode='same')(inputs)
    e1 = Dropout(0.2)(e1)
    e1 = Convolution2D(32, 3, 3, activation='relu', border_mode='same')(e1)
    v1 = UpSampling2D(size=(2, 2))(e1)

    e2 = Convolution2D(16, 3, 3, activation='relu', border_mode='same')(v1)
    e2 = Dropout(0.2)(e2)
    e2 = Convolution2D(16, 3, 3, activation='relu', border_mode='same')(e2)
    q1 = MaxPooling2D(pool_size=(2, 2))(e2)

    mid = Convolution2D(32, 3, 3, activation='relu', border_mode='same')(q1)
    mid = Dropout(0.2)(mid)
    mid = Convolution2D(32, 3, 3, activation='relu', border_mode='same')(mid)
    q2 = MaxPooling2D(pool_size=(2, 2))(mid)

    d2 = Convolution2D(64, 3, 3, activation='relu', border_mode='same')(q2)
    d2 = Dropout(0.2)(d2)
    d2 = Convolution2D(64, 3, 3, activation='relu', border_mode='same')(d2)
    pool3 = MaxPooling2D(pool_size=(2, 2))(d2)

    d1 = Convolution2D(128, 3, 3, activation='relu', border_mode='same')(pool3)
    d1 = Dropout(0.2)(d1)
    d1 = Convolution2D(128, 3, 3, activation='relu', border_mode='same')(d1)

    v2 = merge([UpSampling2D(size=(2, 2))(d1), d2], mode='concat', concat_axis=1)
    head = Convolution2D(64, 3, 3, activation='relu', border_mode='same')(v2)
    head = Dropout(0.2)(head)
    head = Convolution2D(64, 3, 3, activation='relu', border_mode='same')(head)

    up3 = merge([UpSampling2D(size=(2, 2))(head), mid], mode='concat', concat_axis=1)
    probs = Convolution2D(32, 3, 3, activation='relu', border_mode='same')(up3)
    probs = Dropout(0.2)(probs)
    probs = Convolution2D(32, 3, 3, activation='relu', border_mode='same')(probs)

    up4 = merge([UpSampling2D(size=(2, 2))(probs), e2], mode='concat', concat_axis=1)
    conv8 = Convolution2D(16, 3, 3, activation='relu', border_mode='same')(up4)
    conv8 = Dropout(0.2)(conv8)
    conv8 = Convolution2D(16, 3, 3, activation='relu', border_mode='same')(conv8)

    pool4 = MaxPooling2D(pool_size=(2, 2))(conv8)
    conv9 = Convolution2D(32, 3, 3, activation='relu', border_mode='same')(pool4)
    conv9 = Dropout(0.2)(conv9)
    conv9 = Convolution2D(32, 3, 3, activation='relu', border_mode='same')(conv9)

    conv10 = Convolution2D(2, 1, 1, activation='relu', border_mode='same')(conv9)
    conv10 = core.Reshape((2,ph*pw))(conv10)
    conv10 = core.Permute((2,1))(conv10)
#######################################################
    conv10 = core.Activation('softmax')(conv10)

    net = Model(input=inputs, output=conv10)


    net.compile(optimizer='sgd', loss='categorical_crossentropy',metrics=['accuracy'])

    return net


cfg = ConfigParser.RawConfigParser()
cfg.read('configuration.txt')

data_root = cfg.get('data paths', 'path_local')

run_name = cfg.get('experiment name', 'name')

n_epochs = int(cfg.get('training settings', 'N_epochs'))
bs = int(cfg.get('training settings', 'batch_size'))



# read the hdf5 volumes and cut random training patches out of them
x_patches, y_patches = get_data_training(
    DRIVE_train_imgs_original = data_root + cfg.get('data paths', 'train_imgs_original'),
    DRIVE_train_groudTruth = data_root + cfg.get('data paths', 'train_groundTruth'),
    ph = int(cfg.get('data attributes', 'patch_height')),
    pw = int(cfg.get('data attributes', 'patch_width')),
    N_subimgs = int(cfg.get('training settings', 'N_subimgs')),
    inside_FOV = cfg.getboolean('training settings', 'inside_FOV')
)



n_show = min(x_patches.shape[0],40)
save_png(tile_grid(x_patches[0:n_show,:,:,:],5),'./'+run_name+'/'+"preview_inputs")
save_png(tile_grid(y_patches[0:n_show,:,:,:],5),'./'+run_name+'/'+"preview_targets")



chans = x_patches.shape[1]
ph = x_patches.shape[2]
pw = x_patches.shape[3]
net = build_small_unet(chans, ph, pw)
print("output shape of the net:")
print(net.output_shape)
plot(net, to_file='./'+run_name+'/'+run_name + '_graph.png')
arch_json = net.to_json()
open('./'+run_name+'/'+run_name +'_net.json', 'w').write(arch_json)




best_cb = ModelCheckpoint(filepath='./'+run_name+'/'+run_name +'_best.h5', verbose=1, monitor='val_loss', mode='auto', save_best_only=True)










# targets become (patches, pixels, 2) for the softmax head
y_patches = masks_to_two_class(y_patches)
net.fit(x_patches, y_patches, nb_epoch=n_epochs, batch_size=bs, verbose=2, shuffle=True, validation_split=0.1, callbacks=[best_cb])



net.save_weights('./'+run_name+'/'+run_name +'_final.h5', overwrite=True)























