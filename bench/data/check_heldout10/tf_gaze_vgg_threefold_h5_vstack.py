import argparse
import os
import math

import h5py
import gc
import numpy as np

import tensorflow as tf
from tensorflow.keras import backend as K
from tensorflow.keras.callbacks import ModelCheckpoint
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.applications.vgg16 import VGG16
from tensorflow.keras.applications.vgg19 import VGG19
from tensorflow.keras.layers import Dense, GlobalAveragePooling2D, Input, concatenate, BatchNormalization, Activation
from tensorflow.keras import initializers
from tensorflow.keras.models import Model

# ---- train_tools.py ----

def angle_loss(y_true, y_pred):
    return K.sum(K.square(y_pred - y_true), axis=-1)

class GeneratorsTwoEyes(object):
    def __init__(self, train_num, size_validation_set, batch_size, num_steps_epoch,
                 train_images_l, train_images_r, train_gazes, train_headposes, norm_type='subtract_vgg'):
        self.total_idx = np.arange(train_num)
        self.validation_idx = np.random.choice(train_num, size_validation_set, replace=False)
        self.train_idx = np.setdiff1d(self.total_idx, self.validation_idx)
        self.size_train_idx = len(self.train_idx)
        self.batch_size = batch_size
        self.num_steps_epoch = num_steps_epoch
        self.train_num = train_num
        self.size_validation_set = size_validation_set

        self.train_images_L = train_images_l
        self.train_images_R = train_images_r
        self.train_gazes = train_gazes
        self.train_headposes = train_headposes

        self.norm_type = norm_type

    def get_train_data(self):
        counter = -11

        while 1:
            if counter % self.num_steps_epoch == 0:
                counter = 1

                self.validation_idx = np.random.choice(self.train_num, self.size_validation_set, replace=False)
                self.train_idx = np.setdiff1d(self.total_idx, self.validation_idx)
                self.size_train_idx = len(self.train_idx)
            else:
                counter = counter + 1

            tr_img_l = np.zeros((self.batch_size, 36, 60, 3))
            tr_img_r = np.zeros((self.batch_size, 36, 60, 3))
            tr_gazes = np.zeros((self.batch_size, 2))
            tr_headposes = np.zeros((self.batch_size, 2))

            for i in range(self.batch_size):
                rand_index = np.random.randint(0, self.size_train_idx)
                index = self.train_idx[rand_index]
                tr_img_l[i, :] = get_normalized_image(self.train_images_L[index, :], norm_type=self.norm_type)
                tr_img_r[i, :] = get_normalized_image(self.train_images_R[index, :], norm_type=self.norm_type)
                tr_gazes[i, :] = self.train_gazes[index, :]
                tr_headposes[i, :] = self.train_headposes[index, :]

            yield (
                {'img_input_L': tr_img_l, 'img_input_R': tr_img_r, 'headpose_input': tr_headposes},
                {'pred_gaze': tr_gazes})

    def get_validation_data(self):
        while 1:
            tr_img_l = np.zeros((self.batch_size, 36, 60, 3))
            tr_img_r = np.zeros((self.batch_size, 36, 60, 3))
            tr_gazes = np.zeros((self.batch_size, 2))
            tr_headposes = np.zeros((self.batch_size, 2))

            for i in range(self.batch_size):
                rand_index = np.random.randint(0, self.size_validation_set)
                index = self.validation_idx[rand_index]
                tr_img_l[i, :] = get_normalized_image(self.train_images_L[index, :], norm_type=self.norm_type)
                tr_img_r[i, :] = get_normalized_image(self.train_images_R[index, :], norm_type=self.norm_type)
                tr_gazes[i, :] = self.train_gazes[index, :]
                tr_headposes[i, :] = self.train_headposes[index, :]

            yield (
                {'img_input_L': tr_img_l, 'img_input_R': tr_img_r, 'headpose_input': tr_headposes},
                {'pred_gaze': tr_gazes})

def get_normalized_image(raw_image, norm_type):
    reshaped_image = raw_image.copy().reshape(36, 60, 3, order='F').astype(np.float)

    if norm_type == 'subtract_vgg':
        reshaped_image[:, :, 0] = reshaped_image[:, :, 0] - 103.939
        reshaped_image[:, :, 1] = reshaped_image[:, :, 1] - 116.779
        reshaped_image[:, :, 2] = reshaped_image[:, :, 2] - 123.68
    else:
        raise ValueError("wrong norm_type!:"+norm_type)

    return reshaped_image

def get_vgg_twoeyes(optimizer='adam', model_type='VGG19', fc1_size=1024, fc2_size=512, fc3_size=256):
    kern_init = initializers.glorot_normal()

    img_input_l = Input(shape=(36, 60, 3), name='img_input_L')
    img_input_r = Input(shape=(36, 60, 3), name='img_input_R')
    headpose_input = Input(shape=(2,), name='headpose_input')

    # create the base pre-trained model
    if model_type == 'VGG19':
        base_model_l = VGG19(input_tensor=img_input_l, weights='imagenet', include_top=False)
        base_model_r = VGG19(input_tensor=img_input_r, weights='imagenet', include_top=False)
    elif model_type == 'VGG16':
        base_model_l = VGG16(input_tensor=img_input_l, weights='imagenet', include_top=False)
        base_model_r = VGG16(input_tensor=img_input_r, weights='imagenet', include_top=False)
    else:
        raise Exception('Unknown model type in get_vgg_twoeyes')

    # add a global spatial average pooling layer
    x_l = GlobalAveragePooling2D()(base_model_l.output)
    x_r = GlobalAveragePooling2D()(base_model_r.output)

    # let's add a fully-connected layer
    x_l = Activation('relu')(BatchNormalization()(Dense(fc1_size, kernel_initializer=kern_init)(x_l)))
    x_r = Activation('relu')(BatchNormalization()(Dense(fc1_size, kernel_initializer=kern_init)(x_r)))

    x = concatenate([x_l, x_r])
    x = Dense(fc2_size, kernel_initializer=kern_init)(x)
    x = concatenate([x, headpose_input])
    x = Activation('relu')(BatchNormalization()(x))
    x = Dense(fc3_size, activation='relu', kernel_initializer=kern_init)(x)

    gaze_predictions = Dense(2, kernel_initializer=kern_init, name='pred_gaze')(x)

    # this is the model we will train
    model = Model(inputs=[img_input_l, img_input_r, headpose_input], outputs=gaze_predictions)
    model.compile(optimizer=optimizer, loss=angle_loss, metrics=['accuracy'])
    return model

def get_train_test_data_twoeyes(files, label, do_shuffle=True):
    gazes = np.vstack([files[idx][label]['gazes'] for idx in range(len(files))])
    headposes = np.vstack([files[idx][label]['headposes'] for idx in range(len(files))])
    images_l = np.vstack([files[idx][label]['imagesL'] for idx in range(len(files))])
    images_r = np.vstack([files[idx][label]['imagesR'] for idx in range(len(files))])

    num_instances = images_l.shape[0]

    if do_shuffle:
        shuffle_idx = np.arange(num_instances)
        np.random.shuffle(shuffle_idx)
        images_l = images_l[shuffle_idx]
        images_r = images_r[shuffle_idx]
        gazes = gazes[shuffle_idx]
        headposes = headposes[shuffle_idx]

    print("%s %s images loaded" % (num_instances, label))
    print("shape of 'images' is %s" % (images_l.shape,))

    return images_l, images_r, gazes, headposes, num_instances

def get_train_info(train_num, validation_split, batch_size):
    num_steps_epoch = int(train_num*(1-validation_split))//batch_size
    num_steps_epoch = max(num_steps_epoch, 1)
    num_steps_validation = int(train_num*validation_split)//batch_size
    num_steps_validation = max(num_steps_validation, 1)
    size_validation_set = int(train_num*validation_split)

    return num_steps_epoch, num_steps_validation, size_validation_set

# ---- train_model.py ----

tf.compat.v1.disable_eager_execution()

path = '/recordings_hdd/mtcnn_twoeyes_inpainted_eccv/'

subjects_test_threefold = [['s001', 's002', 's008', 's010'], ['s003', 's004', 's007', 's009'],
                           ['s005', 's006', 's011', 's012', 's013']]
subjects_train_threefold = [['s003', 's004', 's007', 's009', 's005', 's006', 's011', 's012', 's013'],
                            ['s001', 's002', 's008', 's010', 's005', 's006', 's011', 's012', 's013'],
                            ['s001', 's002', 's008', 's010', 's003', 's004', 's007', 's009']]

parser = argparse.ArgumentParser()
parser.add_argument("fc1_size", type=int)
parser.add_argument("fc2_size", type=int)
parser.add_argument("fc3_size", type=int)
parser.add_argument("batch_size", type=int)
parser.add_argument("model_type", choices=['VGG16', 'VGG19'])
parser.add_argument("ensemble_num", type=int)
parser.add_argument("gpu_num", choices=['0', '1', '2', '3'])

args = parser.parse_args()

# Parameters
model_type = args.model_type
fc1_size = args.fc1_size
fc2_size = args.fc2_size
fc3_size = args.fc3_size

batch_size = args.batch_size
num_epochs = 4
validation_split = 0.05

suffix = 'eccv_'+model_type+'_'+str(fc1_size)+'_'+str(fc2_size)+'_'+str(fc3_size)+'_'+str(batch_size)+'_'+str(args.ensemble_num)

config = tf.compat.v1.ConfigProto()
config.gpu_options.allow_growth = True
config.gpu_options.visible_device_list = args.gpu_num

for subjects_train, subjects_test in zip(subjects_train_threefold, subjects_test_threefold):
    print('subjects_test:', subjects_test)

    if os.path.isfile(path+"3Fold"+''.join(subjects_test)+suffix+"_04.h5"):
        print('Skip training, model already exists: '+path+"3Fold"+''.join(subjects_test)+suffix+"_XX.h5")
        continue

    K.clear_session()
    tf.compat.v1.keras.backend.set_session(tf.compat.v1.Session(config=config))

    train_file_names = [path+'/RT_GENE_train_'+subject+'.mat' for subject in subjects_train]
    train_files = [h5py.File(train_file_name) for train_file_name in train_file_names]

    train_images_L, train_images_R, train_gazes, train_headposes, train_num = get_train_test_data_twoeyes(train_files, 'train')

    num_steps_epoch, num_steps_validation, size_validation_set = get_train_info(train_num, validation_split, batch_size)

    generator = GeneratorsTwoEyes(train_num, size_validation_set, batch_size, num_steps_epoch,
                           train_images_L, train_images_R, train_gazes, train_headposes)

    adam = Adam(lr=0.00075, beta_1=0.9, beta_2=0.95)
    model = get_vgg_twoeyes(adam, model_type=model_type, fc1_size=fc1_size, fc2_size=fc2_size, fc3_size=fc3_size)

    checkpointer = ModelCheckpoint(filepath=path+"3Fold"+''.join(subjects_test)+suffix+"_{epoch:02d}.h5",
                                   verbose=1, save_best_only=False, period=1)

    history = model.fit_generator(generator.get_train_data(),
                                  steps_per_epoch=int(num_steps_epoch),
                                  epochs=num_epochs,
                                  use_multiprocessing=False,
                                  validation_data=generator.get_validation_data(),
                                  validation_steps=int(num_steps_validation),
                                  callbacks=[checkpointer])

    for train_file in train_files:
        train_file.close()

    train_images_L, train_images_R, train_gazes, train_headposes = None, None, None, None
    model = None
    gc.collect()
