"""Fit the log-mel branch of the network on its own (one CV fold per run)"""

import pickle
import sys
import os
import numpy as np
import pandas as pd
import keras as kr
from keras import backend as ktf
from tqdm import tqdm
from utils import mel_0_1, get_random_eraser, CyclicLR, pushbullet_callback
from mel_model_funcs import TrainGenerator, ValGenerator, create_mel_model

# read metadata and every precomputed log-mel file
meta_df = pd.read_csv('./data/train.csv')
all_clip_names = meta_df.fname.values

mel_by_clip = {
    clip: mel_0_1(np.load('./data/mel_spec_train/' + clip + '.npy'))
    for clip in tqdm(meta_df.fname.values)
}

# which CV split to run
with open('./data/cv_splits.pkl', 'rb') as fh:
    cv_splits = pickle.load(fh)
fold_no = int(sys.argv[1])
print("fold", fold_no)

# map the class names to integers
label_names_all = meta_df.label.tolist()
labels = list(sorted(list(set(label_names_all))))
num_classes = len(labels)
name_to_id = {lab: k for k, lab in enumerate(labels)}
id_to_name = {k: lab for k, lab in enumerate(labels)}
label_ids_all = [name_to_id[lab] for lab in label_names_all]
meta_df['label_idx'] = pd.Series(label_ids_all,
                                        index=meta_df.index)
# split into fitting and holdout parts
meta_df.set_index("fname", inplace=True)
fit_names, holdout_names = cv_splits[fold_no]
fit_onehot = kr.utils.to_categorical(
    meta_df.label_idx.loc[fit_names].values,
    num_classes)
holdout_onehot = kr.utils.to_categorical(
    meta_df.label_idx.loc[holdout_names].values,
    num_classes)

print(fit_names.shape)
print(holdout_names.shape)
print(fit_onehot.shape)
print(holdout_onehot.shape)

# batch feeders
batch_size = 64

aug = kr.preprocessing.image.ImageDataGenerator(
    rotation_range=0,
    width_shift_range=0.6,
    height_shift_range=0,
    horizontal_flip=True,
    preprocessing_function=get_random_eraser(v_l=0, v_h=1)
)

fit_gen = TrainGenerator(
    fit_names,
    y_one_hot=fit_onehot,
    batch_size=batch_size,
    alpha=1,
    datagen=aug,
    mel_data=mel_by_clip)

holdout_gen = ValGenerator(
    holdout_names,
    y_one_hot=holdout_onehot,
    batch_size=batch_size,
    mel_data=mel_by_clip)


# network
model = create_mel_model()
model.summary()

fold_out = 'model_outs/mel_model/fold' + str(fold_no)
os.makedirs(fold_out, exist_ok=True)

print('stage 1: cyclic learning rate')
callbacks = [
    kr.callbacks.ModelCheckpoint(fold_out + '/best_model_1.h5',
                                 verbose=1,
                                 monitor='val_loss',
                                 save_best_only=True,
                                 save_weights_only=True),

    CyclicLR(base_lr=0.0001,
             max_lr=0.001,
             step_size=len(fit_gen),
             mode='triangular'),

    kr.callbacks.CSVLogger(fold_out + '/train.log', append=True)
]

if 'PB_API_KEY' in os.environ:
    callbacks.append(pushbullet_callback(fold_no))

model.fit_generator(fit_gen,
                    steps_per_epoch=len(fit_gen),
                    epochs=100,
                    verbose=2,
                    validation_data=holdout_gen,
                    validation_steps=len(holdout_gen),
                    max_queue_size=1,
                    workers=1,
                    use_multiprocessing=False,
                    callbacks=callbacks)


print('stage 2: plateau schedule, low lr')
model.load_weights(fold_out + '/best_model_1.h5')

ktf.set_value(model.optimizer.lr, 0.00001)

callbacks = [
    kr.callbacks.ModelCheckpoint(fold_out + '/best_model_2.h5',
                                 verbose=1,
                                 monitor='val_loss',
                                 save_best_only=True,
                                 save_weights_only=True),

    kr.callbacks.EarlyStopping(monitor="val_loss", mode="min", verbose=1, patience=10),

    kr.callbacks.ReduceLROnPlateau(monitor='val_loss', factor=0.1, patience=3,
                                   verbose=1, min_delta=0.0001, mode='min'),

    kr.callbacks.CSVLogger(fold_out + '/train.log', append=True),
]

if 'PB_API_KEY' in os.environ:
    callbacks.append(pushbullet_callback(fold_no))

model.fit_generator(fit_gen,
                    steps_per_epoch=len(fit_gen),
                    epochs=100,
                    verbose=2,
                    validation_data=holdout_gen,
                    validation_steps=len(holdout_gen),
                    max_queue_size=1,
                    workers=1,
                    use_multiprocessing=False,
                    callbacks=callbacks)


print('stage 3: plateau schedule again')
model.load_weights(fold_out + '/best_model_2.h5')

ktf.set_value(model.optimizer.lr, 0.0001)

callbacks = [
    kr.callbacks.ModelCheckpoint(fold_out + '/best_model_3.h5',
                                 verbose=1,
                                 monitor='val_loss',
                                 save_best_only=True,
                                 save_weights_only=True),

    kr.callbacks.EarlyStopping(monitor="val_loss", mode="min", verbose=1, patience=10),

    kr.callbacks.ReduceLROnPlateau(monitor='val_loss', factor=0.1, patience=3,
                                   verbose=1, min_delta=0.0001, mode='min'),

    kr.callbacks.CSVLogger(fold_out + '/train.log', append=True),

]

if 'PB_API_KEY' in os.environ:
    callbacks.append(pushbullet_callback(fold_no))

model.fit_generator(fit_gen,
                    steps_per_epoch=len(fit_gen),
                    epochs=100,
                    verbose=2,
                    validation_data=holdout_gen,
                    validation_steps=len(holdout_gen),
                    max_queue_size=1,
                    workers=1,
                    use_multiprocessing=False,
                    callbacks=callbacks)
