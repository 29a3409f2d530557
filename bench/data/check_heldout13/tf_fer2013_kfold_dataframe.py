#!/usr/bin/env python
# -*- coding: utf-8 -*-

import numpy as np
import pandas as pd
import os
import tensorflow as tf
import datetime

import sys
sys.path.append('library');

print("GPUs visible to TensorFlow:", len(tf.config.list_physical_devices('GPU')))

# ---- settings ----

# RNG seed
rng_seed=0;

# image folder and its label table
images_dir    = 'D:\\FernandoPujaicoRivera\\dataset\\FACE-EMOTION\\fer2013\\archive\\train';
labels_csv_file = 'training_labels.csv';

# cross-validation
n_folds=5;                    # number of folds
use_stratified=True; # stratify folds by class (else plain KFold)

# fitting
N_EPOCHS=50;
BATCH_LEN=32;

# backbone
arch_name  = 'mobilenet_v3';
# alternatives: 'efficientnet_b3',
# 'inception_v3',
# 'inception_resnet_v2',
# 'resnet_v2_50'

# where results go
out_root_dir = 'D:\\FernandoPujaicoRivera\\output\\cnn_face_emotion_free\\cross-validation';

# ---- command line (--model NAME) ----

for arg_i in range(len(sys.argv)):
    if sys.argv[arg_i]=='--model':
        arch_name=sys.argv[arg_i+1];
        
print('backbone:',arch_name)

# ---- seeding ----
#

np.random.seed(rng_seed)
tf.keras.utils.set_random_seed(rng_seed);

# ---- fold splitter ----
#

from sklearn.model_selection import KFold, StratifiedKFold

if use_stratified:
    run_out_dir = os.path.join(out_root_dir,'skfold');
    splitter = StratifiedKFold(n_splits = n_folds, shuffle = True, random_state = rng_seed);
else:
    run_out_dir = os.path.join(out_root_dir,'kfold');
    splitter  = KFold(n_splits = n_folds, shuffle=True, random_state=rng_seed); 

# ---- label table ----

# file names and their classes
train_table_data = pd.read_csv(os.path.join(images_dir,labels_csv_file));
print(train_table_data)
# class column
label_Y   = train_table_data[['label']];
n_rows=np.shape(label_Y)[0];

# ---- augmentation ----

from tensorflow.keras.preprocessing.image import ImageDataGenerator

aug_gen    = ImageDataGenerator(rescale=1./255,
                            rotation_range = 10,
                            width_shift_range= 0.07,
                            height_shift_range= 0.07,
                            horizontal_flip=True,
                            shear_range=1.25,
                            zoom_range = [0.9, 1.1] 
                            )

val_gen_factory= ImageDataGenerator(rescale=1./255 )

# ---- helper ----

def fold_weights_name(fold_no):
    return 'model_'+str(fold_no)+'.h5'

# ---- output folder ----

try: 
    os.mkdir(run_out_dir) 
except: 
    pass

# ---- folds ----

import lib_model as model_lib
import matplotlib.pyplot as plt

VAL_ACC_LIST = []
VAL_LOSS_LIST = []

fold_idx=1;
for train_idx, val_idx in splitter.split(np.zeros(n_rows),label_Y):
    fold_train_data   = train_table_data.iloc[train_idx]
    fold_val_data = train_table_data.iloc[val_idx]

    print('\n=== fold',fold_idx);
    
    # a fresh network for this fold
    cnn_model, input_size = model_lib.create_model('',model_type=arch_name);
    cnn_model.summary()
    
    train_batches_gen = aug_gen.flow_from_dataframe(fold_train_data, 
                                                   directory = images_dir,
                                                   target_size=input_size,
                                                   x_col = "filename", 
                                                   y_col = "label",
                                                   batch_size=BATCH_LEN,
                                                   class_mode="categorical",
                                                   shuffle = True);
    
    valid_batches_gen  = val_gen_factory.flow_from_dataframe(fold_val_data, 
                                                    directory = images_dir,
                                                    target_size=input_size,
                                                    x_col = "filename", 
                                                    y_col = "label",
                                                    batch_size=BATCH_LEN,
                                                    class_mode="categorical",
                                                    shuffle = True)
    
    STEPS_PER_EPOCH_N=len(train_batches_gen);
    

    
    # loss, optimiser, metric
    cnn_model.compile(loss='categorical_crossentropy',
                  optimizer='adam',
                  metrics=['categorical_accuracy'])
    
    # callbacks
    best_weights_file=os.path.join(run_out_dir,fold_weights_name(fold_idx));
    ckpt_cb = tf.keras.callbacks.ModelCheckpoint(filepath=best_weights_file, 
                                                    save_weights_only=True,
                                                    monitor='val_categorical_accuracy', 
                                                    save_best_only=True, 
                                                    verbose=1);
    
    tb_log_dir = "logs/fit/" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    tb_cb = tf.keras.callbacks.TensorBoard(log_dir=tb_log_dir, histogram_freq=1)

    
    # the checkpoint keeps the weights with the best
    # validation accuracy of this fold
    # fit
    fit_history = cnn_model.fit(train_batches_gen,
                        steps_per_epoch=STEPS_PER_EPOCH_N,
                        epochs=N_EPOCHS,
                        validation_data=valid_batches_gen,
                        callbacks=[ckpt_cb,tb_cb],
                        verbose=1
                       );
    
    # write the per-epoch curves
    model_lib.save_model_history(fit_history,os.path.join(run_out_dir,"historical_"+str(fold_idx)+".csv"), show=False, labels=['categorical_accuracy','loss']);
    
    # reload the best weights and score them
    cnn_model.load_weights(best_weights_file);
    
    eval_scores = cnn_model.evaluate(valid_batches_gen)
    eval_scores = dict(zip(cnn_model.metrics_names,eval_scores))
    print(eval_scores,"\n\n");
    
    VAL_ACC_LIST.append(eval_scores['categorical_accuracy'])
    VAL_LOSS_LIST.append(eval_scores['loss'])
    
    tf.keras.backend.clear_session()
    
    fold_idx += 1

stats_path=os.path.join(run_out_dir,"final_stats.m");
mean_val_accuracy=model_lib.save_model_stat_kfold(VAL_ACC_LIST,VAL_LOSS_LIST, stats_path);

model_lib.save_model_parameters(cnn_model, os.path.join(run_out_dir,'parameters_stats.m'));

os.rename(run_out_dir,run_out_dir+str(n_folds)+'_'+arch_name+'_acc'+str(int(mean_val_accuracy*10000)));
print(mean_val_accuracy)
