#!/usr/bin/env python
# -*- coding: utf-8 -*-

# cell 1

from __future__ import print_function

import warnings
warnings.filterwarnings('ignore')
import os
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'  # silence TF logging
import keras
print("keras version {}".format(keras.__version__))
import tensorflow as tf
print("tensorflow version {}".format(tf.__version__))
try:
    tf.compat.v1.logging.set_verbosity(tf.compat.v1.logging.ERROR)
except:
    pass

import shutil
import numpy as np
from tqdm import tqdm
from config import GenesisConfig
from utils import *
from unet3d import *
from keras.callbacks import LambdaCallback,TensorBoard,ReduceLROnPlateau

os.environ["CUDA_VISIBLE_DEVICES"] = "0"

cfg = GenesisConfig()
cfg.show()


# read the pre-cut CT cubes

# cell 2


train_x = []
for fi,fold_id in enumerate(tqdm(cfg.train_folds)):
    cube_file = "bat_"+str(cfg.cubes_per_scan)+"_s_"+str(cfg.input_rows)+"x"+str(cfg.input_cols)+"x"+str(cfg.input_deps)+"_"+str(fold_id)+".npy"
    fold_cubes = np.load(os.path.join(cfg.cube_dir, cube_file))
    train_x.extend(fold_cubes)
train_x = np.expand_dims(np.array(train_x), axis=1)

valid_x = []
for fi,fold_id in enumerate(tqdm(cfg.valid_folds)):
    cube_file = "bat_"+str(cfg.cubes_per_scan)+"_s_"+str(cfg.input_rows)+"x"+str(cfg.input_cols)+"x"+str(cfg.input_deps)+"_"+str(fold_id)+".npy"
    fold_cubes = np.load(os.path.join(cfg.cube_dir, cube_file))
    valid_x.extend(fold_cubes)
valid_x = np.expand_dims(np.array(valid_x), axis=1)

print("train cubes {} range {:.2f} to {:.2f}".format(train_x.shape, np.min(train_x), np.max(train_x)))
print("valid cubes {} range {:.2f} to {:.2f}".format(valid_x.shape, np.min(valid_x), np.max(valid_x)))


# build the 3D U-Net

# cell 3


if cfg.arch == "Vnet":
    genesis_model = unet_model_3d((1, cfg.input_rows, cfg.input_cols, cfg.input_deps), batch_normalization=True)
if cfg.init_weights is not None:
    print("starting from weights {}".format(cfg.init_weights))
    genesis_model.load_weights(cfg.init_weights)
genesis_model.compile(optimizer=keras.optimizers.SGD(lr=cfg.base_lr, momentum=0.9, decay=0.0, nesterov=False), 
              loss="MSE", 
              metrics=["MAE", "MSE"])

if os.path.exists(os.path.join(cfg.weights_dir, cfg.exp_name+".txt")):
    os.remove(os.path.join(cfg.weights_dir, cfg.exp_name+".txt"))
with open(os.path.join(cfg.weights_dir, cfg.exp_name+".txt"),'w') as summary_fh:
    genesis_model.summary(positions=[.3, .55, .67, 1.], print_fn=lambda line_txt: summary_fh.write(line_txt + '\n'))

shutil.rmtree(os.path.join(cfg.logs_dir, cfg.exp_name), ignore_errors=True)
if not os.path.exists(os.path.join(cfg.logs_dir, cfg.exp_name)):
    os.makedirs(os.path.join(cfg.logs_dir, cfg.exp_name))
tb_callback = TensorBoard(log_dir=os.path.join(cfg.logs_dir, cfg.exp_name),
                         histogram_freq=0,
                         write_graph=True, 
                         write_images=True,
                        )
tb_callback.set_model(genesis_model)

early_stop_cb = keras.callbacks.EarlyStopping(monitor='val_loss', 
                                               patience=cfg.es_patience, 
                                               verbose=0,
                                               mode='min',
                                              )
ckpt_cb = keras.callbacks.ModelCheckpoint(os.path.join(cfg.weights_dir, cfg.exp_name+".h5"),
                                              monitor='val_loss', 
                                              verbose=1, 
                                              save_best_only=True, 
                                              mode='min',
                                             )
lr_plateau_cb = ReduceLROnPlateau(monitor='val_loss', factor=0.5, patience=10,
                                    min_delta=0.0001, min_lr=1e-6, verbose=1)

cb_list = [ckpt_cb, early_stop_cb, tb_callback, lr_plateau_cb]


# self-supervised restoration training

# cell


while cfg.gen_batch_size > 1:
    # shrink the batch until it fits on the GPU
    try:
        genesis_model.fit_generator(generate_pair(train_x, cfg.gen_batch_size, config=cfg, status="train"),
                            validation_data=generate_pair(valid_x, cfg.gen_batch_size, config=cfg, status="test"), 
                            validation_steps=valid_x.shape[0]//cfg.gen_batch_size,
                            steps_per_epoch=train_x.shape[0]//cfg.gen_batch_size, 
                            epochs=cfg.max_epochs,
                            max_queue_size=cfg.queue_len, 
                            workers=cfg.n_workers, 
                            use_multiprocessing=True, 
                            shuffle=True,
                            verbose=cfg.verbosity, 
                            callbacks=cb_list,
                           )
        break
    except tf.errors.ResourceExhaustedError as oom_err:
        cfg.gen_batch_size = int(cfg.gen_batch_size - 2)
        print("\nretrying with batch size {}".format(cfg.gen_batch_size))


# cell




