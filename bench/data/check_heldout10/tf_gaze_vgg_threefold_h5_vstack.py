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

# == taken from train_tools.py ==

def gaze_sq_loss(y_gt, y_est):
    return K.sum(K.square(y_est - y_gt), axis=-1)

class BinocularBatchMaker(object):
    def __init__(self, n_train, val_set_size, batch_n, epoch_steps,
                 train_imgs_left, train_imgs_right, train_gaze_vecs, train_head_poses, norm_mode='subtract_vgg'):
        self.all_ids = np.arange(n_train)
        self.val_ids = np.random.choice(n_train, val_set_size, replace=False)
        self.train_ids = np.setdiff1d(self.all_ids, self.val_ids)
        self.n_train_ids = len(self.train_ids)
        self.batch_n = batch_n
        self.epoch_steps = epoch_steps
        self.n_train = n_train
        self.val_set_size = val_set_size

        self.train_imgs_left = train_imgs_left
        self.train_imgs_right = train_imgs_right
        self.train_gaze_vecs = train_gaze_vecs
        self.train_head_poses = train_head_poses

        self.norm_mode = norm_mode

    def iter_train_data(self):
        step_ctr = -11

        while 1:
            if step_ctr % self.epoch_steps == 0:
                step_ctr = 1

                self.val_ids = np.random.choice(self.n_train, self.val_set_size, replace=False)
                self.train_ids = np.setdiff1d(self.all_ids, self.val_ids)
                self.n_train_ids = len(self.train_ids)
            else:
                step_ctr = step_ctr + 1

            batch_img_left = np.zeros((self.batch_n, 36, 60, 3))
            batch_img_right = np.zeros((self.batch_n, 36, 60, 3))
            batch_gaze = np.zeros((self.batch_n, 2))
            batch_pose = np.zeros((self.batch_n, 2))

            for i in range(self.batch_n):
                pick = np.random.randint(0, self.n_train_ids)
                sample_i = self.train_ids[pick]
                batch_img_left[i, :] = vgg_centre_image(self.train_imgs_left[sample_i, :], norm_mode=self.norm_mode)
                batch_img_right[i, :] = vgg_centre_image(self.train_imgs_right[sample_i, :], norm_mode=self.norm_mode)
                batch_gaze[i, :] = self.train_gaze_vecs[sample_i, :]
                batch_pose[i, :] = self.train_head_poses[sample_i, :]

            yield (
                {'img_input_L': batch_img_left, 'img_input_R': batch_img_right, 'headpose_input': batch_pose},
                {'pred_gaze': batch_gaze})

    def iter_val_data(self):
        while 1:
            batch_img_left = np.zeros((self.batch_n, 36, 60, 3))
            batch_img_right = np.zeros((self.batch_n, 36, 60, 3))
            batch_gaze = np.zeros((self.batch_n, 2))
            batch_pose = np.zeros((self.batch_n, 2))

            for i in range(self.batch_n):
                pick = np.random.randint(0, self.val_set_size)
                sample_i = self.val_ids[pick]
                batch_img_left[i, :] = vgg_centre_image(self.train_imgs_left[sample_i, :], norm_mode=self.norm_mode)
                batch_img_right[i, :] = vgg_centre_image(self.train_imgs_right[sample_i, :], norm_mode=self.norm_mode)
                batch_gaze[i, :] = self.train_gaze_vecs[sample_i, :]
                batch_pose[i, :] = self.train_head_poses[sample_i, :]

            yield (
                {'img_input_L': batch_img_left, 'img_input_R': batch_img_right, 'headpose_input': batch_pose},
                {'pred_gaze': batch_gaze})

def vgg_centre_image(raw_img, norm_mode):
    img_hwc = raw_img.copy().reshape(36, 60, 3, order='F').astype(np.float)

    if norm_mode == 'subtract_vgg':
        img_hwc[:, :, 0] = img_hwc[:, :, 0] - 103.939
        img_hwc[:, :, 1] = img_hwc[:, :, 1] - 116.779
        img_hwc[:, :, 2] = img_hwc[:, :, 2] - 123.68
    else:
        raise ValueError("unsupported norm_mode: "+norm_mode)

    return img_hwc

def build_binocular_vgg(optimizer_obj='adam', backbone_name='VGG19', fc_width1=1024, fc_width2=512, fc_width3=256):
    w_init = initializers.glorot_normal()

    left_img_in = Input(shape=(36, 60, 3), name='img_input_L')
    right_img_in = Input(shape=(36, 60, 3), name='img_input_R')
    pose_in = Input(shape=(2,), name='headpose_input')

    # ImageNet-pretrained VGG trunk per eye
    if backbone_name == 'VGG19':
        left_backbone_model = VGG19(input_tensor=left_img_in, weights='imagenet', include_top=False)
        right_backbone_model = VGG19(input_tensor=right_img_in, weights='imagenet', include_top=False)
    elif backbone_name == 'VGG16':
        left_backbone_model = VGG16(input_tensor=left_img_in, weights='imagenet', include_top=False)
        right_backbone_model = VGG16(input_tensor=right_img_in, weights='imagenet', include_top=False)
    else:
        raise Exception('backbone_name must be VGG16 or VGG19')

    # pool each trunk globally
    x_left = GlobalAveragePooling2D()(left_backbone_model.output)
    x_right = GlobalAveragePooling2D()(right_backbone_model.output)

    # one dense block per eye
    x_left = Activation('relu')(BatchNormalization()(Dense(fc_width1, kernel_initializer=w_init)(x_left)))
    x_right = Activation('relu')(BatchNormalization()(Dense(fc_width1, kernel_initializer=w_init)(x_right)))

    x = concatenate([x_left, x_right])
    x = Dense(fc_width2, kernel_initializer=w_init)(x)
    x = concatenate([x, pose_in])
    x = Activation('relu')(BatchNormalization()(x))
    x = Dense(fc_width3, activation='relu', kernel_initializer=w_init)(x)

    gaze_out = Dense(2, kernel_initializer=w_init, name='pred_gaze')(x)

    # assemble and compile the network
    gaze_model = Model(inputs=[left_img_in, right_img_in, pose_in], outputs=gaze_out)
    gaze_model.compile(optimizer=optimizer_obj, loss=gaze_sq_loss, metrics=['accuracy'])
    return gaze_model

def read_eye_arrays(h5_files, split_key, shuffle_rows=True):
    gaze_arr = np.vstack([h5_files[k][split_key]['gazes'] for k in range(len(h5_files))])
    pose_arr = np.vstack([h5_files[k][split_key]['headposes'] for k in range(len(h5_files))])
    images_left = np.vstack([h5_files[k][split_key]['imagesL'] for k in range(len(h5_files))])
    images_right = np.vstack([h5_files[k][split_key]['imagesR'] for k in range(len(h5_files))])

    n_samples = images_left.shape[0]

    if shuffle_rows:
        perm_idx = np.arange(n_samples)
        np.random.shuffle(perm_idx)
        images_left = images_left[perm_idx]
        images_right = images_right[perm_idx]
        gaze_arr = gaze_arr[perm_idx]
        pose_arr = pose_arr[perm_idx]

    print("read %s %s samples" % (n_samples, split_key))
    print("left-eye array shape: %s" % (images_left.shape,))

    return images_left, images_right, gaze_arr, pose_arr, n_samples

def plan_steps(n_train, val_frac, batch_n):
    epoch_steps = int(n_train*(1-val_frac))//batch_n
    epoch_steps = max(epoch_steps, 1)
    val_steps_n = int(n_train*val_frac)//batch_n
    val_steps_n = max(val_steps_n, 1)
    val_set_size = int(n_train*val_frac)

    return epoch_steps, val_steps_n, val_set_size

# == taken from train_model.py ==

tf.compat.v1.disable_eager_execution()

data_dir_path = '/recordings_hdd/mtcnn_twoeyes_inpainted_eccv/'

test_subject_folds = [['s001', 's002', 's008', 's010'], ['s003', 's004', 's007', 's009'],
                           ['s005', 's006', 's011', 's012', 's013']]
train_subject_folds = [['s003', 's004', 's007', 's009', 's005', 's006', 's011', 's012', 's013'],
                            ['s001', 's002', 's008', 's010', 's005', 's006', 's011', 's012', 's013'],
                            ['s001', 's002', 's008', 's010', 's003', 's004', 's007', 's009']]

arg_parser = argparse.ArgumentParser()
arg_parser.add_argument("fc1_size", type=int)
arg_parser.add_argument("fc2_size", type=int)
arg_parser.add_argument("fc3_size", type=int)
arg_parser.add_argument("batch_size", type=int)
arg_parser.add_argument("model_type", choices=['VGG16', 'VGG19'])
arg_parser.add_argument("ensemble_num", type=int)
arg_parser.add_argument("gpu_num", choices=['0', '1', '2', '3'])

cli_args = arg_parser.parse_args()

# run settings
backbone_name = cli_args.model_type
fc_width1 = cli_args.fc1_size
fc_width2 = cli_args.fc2_size
fc_width3 = cli_args.fc3_size

batch_n = cli_args.batch_n
epoch_total = 4
val_frac = 0.05

run_tag = 'eccv_'+backbone_name+'_'+str(fc_width1)+'_'+str(fc_width2)+'_'+str(fc_width3)+'_'+str(batch_n)+'_'+str(cli_args.ensemble_num)

sess_cfg = tf.compat.v1.ConfigProto()
sess_cfg.gpu_options.allow_growth = True
sess_cfg.gpu_options.visible_device_list = cli_args.gpu_num

for train_subjects, test_subjects in zip(train_subject_folds, test_subject_folds):
    print('held-out subjects:', test_subjects)

    if os.path.isfile(data_dir_path+"3Fold"+''.join(test_subjects)+run_tag+"_04.h5"):
        print('checkpoint present, fold skipped: '+data_dir_path+"3Fold"+''.join(test_subjects)+run_tag+"_XX.h5")
        continue

    K.clear_session()
    tf.compat.v1.keras.backend.set_session(tf.compat.v1.Session(config=sess_cfg))

    train_file_paths = [data_dir_path+'/RT_GENE_train_'+subj+'.mat' for subj in train_subjects]
    train_h5_files = [h5py.File(train_file_path) for train_file_path in train_file_paths]

    train_imgs_left, train_imgs_right, train_gaze_vecs, train_head_poses, n_train = read_eye_arrays(train_h5_files, 'train')

    epoch_steps, val_steps_n, val_set_size = plan_steps(n_train, val_frac, batch_n)

    batch_maker = BinocularBatchMaker(n_train, val_set_size, batch_n, epoch_steps,
                           train_imgs_left, train_imgs_right, train_gaze_vecs, train_head_poses)

    adam_optimizer = Adam(lr=0.00075, beta_1=0.9, beta_2=0.95)
    gaze_model = build_binocular_vgg(adam_optimizer, backbone_name=backbone_name, fc_width1=fc_width1, fc_width2=fc_width2, fc_width3=fc_width3)

    ckpt_cb = ModelCheckpoint(filepath=data_dir_path+"3Fold"+''.join(test_subjects)+run_tag+"_{epoch:02d}.h5",
                                   verbose=1, save_best_only=False, period=1)

    fit_log = gaze_model.fit_generator(batch_maker.iter_train_data(),
                                  steps_per_epoch=int(epoch_steps),
                                  epochs=epoch_total,
                                  use_multiprocessing=False,
                                  validation_data=batch_maker.iter_val_data(),
                                  validation_steps=int(val_steps_n),
                                  callbacks=[ckpt_cb])

    for train_h5 in train_h5_files:
        train_h5.close()

    train_imgs_left, train_imgs_right, train_gaze_vecs, train_head_poses = None, None, None, None
    gaze_model = None
    gc.collect()
