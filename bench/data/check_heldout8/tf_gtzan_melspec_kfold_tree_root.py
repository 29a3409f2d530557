import os
import numpy as np
import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow.keras.models import Sequential, Model
from tensorflow.keras.layers import Input, Dense, Conv2D, MaxPooling2D, Flatten
from tensorflow.keras.callbacks import ModelCheckpoint, TensorBoard, ReduceLROnPlateau
from tensorflow.keras import backend as K
from tensorflow.keras import utils
from tensorflow.keras.optimizers import Adam
from tensorflow.keras import regularizers
from sklearn.model_selection import KFold
from os.path import isfile
from datetime import datetime

from tensorflow.compat.v1 import ConfigProto
from tensorflow.compat.v1 import Session

tf_cfg = ConfigProto()
tf_cfg.gpu_options.allow_growth = True
tf_sess = Session(config=tf_cfg)

if tf.test.gpu_device_name():
    print("a GPU is visible")
else:
    print("running without a GPU")

genre_ids = {'Blues':0, 'Classical':1, 'Country':2, 'Disco':3, 'Hip-Hop':4, 'Jazz':5, 'Metal':6, 'Pop':7, 'Reggae':8, 'Rock':9}

id_to_genre = {gid: gname for gname, gid in genre_ids.items()}
print(id_to_genre)

npz_data = np.load('data/all_targets_sets_train_new.npz')
print(npz_data.files)

train_X = npz_data['arr_0']
train_y = npz_data['arr_1']
print(train_X.shape, train_y.shape)

npz_data = np.load('data/all_targets_sets_valid_new.npz')
print(npz_data.files)

valid_X = npz_data['arr_0']
valid_y = npz_data['arr_1']
print(valid_X.shape, valid_y.shape)

batch_n = 32
n_out = 2
features_n = train_X.shape[2]
time_steps = train_X.shape[1]

filters_1=32
filters_2=64
filters_3=128
filters_4=512
kernel_hw = (3,3)
pool_hw= (2,2)

EPOCHS_N = 30

def build_cnn_model(input_layer):
    print('assembling the CNN')
    h_in = input_layer

    ### four conv + pool stages
    c1 = Conv2D(filters = filters_1, kernel_size = kernel_hw, strides=1, padding='valid', activation='relu', name='conv_1')(h_in)
    p1 = MaxPooling2D(pool_hw)(c1)

    c2 = Conv2D(filters = filters_2, kernel_size = kernel_hw, strides=1, padding='valid', activation='relu', name='conv_2')(p1)
    p2 = MaxPooling2D(pool_hw)(c2)

    c3 = Conv2D(filters = filters_3, kernel_size = kernel_hw, strides=1, padding='valid', activation='relu', name='conv_3')(p2)
    p3 = MaxPooling2D(pool_hw)(c3)

    c4 = Conv2D(filters = filters_4, kernel_size = kernel_hw, strides=1, padding='valid', activation='relu', name='conv_4')(p3)
    p4 = MaxPooling2D(pool_hw)(c4)

    flat = Flatten()(p4)

    probs = Dense(n_out, activation = 'softmax', name='preds')(flat)

    out_tensor = probs
    genre_model = Model(input_layer, out_tensor)

    adam_opt = Adam(learning_rate=0.001)

    genre_model.compile(loss='categorical_crossentropy', optimizer=adam_opt, metrics=['accuracy'])
    print(genre_model.summary())
    return genre_model

def train_fold_model(train_x, train_y, val_x, val_y, run_tag = "", genre_split_names = ""):
    frames_n = 128
    freq_bins = 128

    # add a channel axis for Conv2D
    train_x = np.expand_dims(train_x, axis = -1)
    val_x = np.expand_dims(val_x, axis = -1)

    in_shape = (frames_n, freq_bins, 1)
    input_layer = Input(in_shape, name='input')

    genre_model = build_cnn_model(input_layer)

    tb_dir = "./logs/tree_11/model_root/"+datetime.now().strftime("%Y%m%d-%H%M%S_")+run_tag
    tb_cb = TensorBoard(log_dir=tb_dir, histogram_freq=1, write_graph=True, write_images=False, update_freq='batch', profile_batch=2, embeddings_freq=0, embeddings_metadata=None)

    model_dir = "./models/tree_11/model_root/{}".format(run_tag)
    os.makedirs(model_dir, exist_ok=True)

    info_fh = open("{}/info.txt".format(model_dir), "w")
    info_fh.write("genres, positive vs rest: {}".format(genre_split_names))
    ckpt_cb = ModelCheckpoint('{}/model.h5'.format(model_dir), monitor='val_accuracy', verbose=1, save_best_only=True, mode='max')

    plateau_cb = ReduceLROnPlateau(monitor='val_accuracy', factor=0.5, patience=10, min_delta=0.01, verbose=1)
    cb_list = [tb_cb, ckpt_cb, plateau_cb]

    info_fh.close()

    # train, keeping the per-epoch history
    print('fitting')
    fit_history = genre_model.fit(train_x, train_y, batch_size=batch_n, epochs=EPOCHS_N, validation_data=(val_x, val_y), verbose=1, callbacks=cb_list)

    return genre_model, fit_history

def plot_history(fit_history):
    # which metrics were recorded
    print(fit_history.history.keys())

    # train and validation accuracy curves
    plt.plot(fit_history.history['accuracy'])
    plt.plot(fit_history.history['val_accuracy'])
    plt.title('accuracy per epoch')
    plt.ylabel('accuracy')
    plt.xlabel('epoch')
    plt.legend(['train', 'val'], loc='upper left')
    plt.show()

cross_X = np.concatenate((train_X, valid_X), axis=0)
cross_y = np.concatenate((train_y, valid_y), axis=0)

folds_to_run = 10
n_folds = 15

kf = KFold(n_folds, shuffle=True)

fold_i = 1
for train_idx, test_idx in kf.split(cross_X, cross_y):
    genre_id_list = list(genre_ids.values())
    genre_split = [[genre_id_list.pop(fold_i - 1)], genre_id_list]

    cross_y_binary = np.argmax(cross_y, axis=1)
    cross_y_binary = np.in1d(cross_y_binary, genre_split[0])
    cross_y_binary = utils.to_categorical(cross_y_binary*1, num_classes=2)

    print("fold {}".format(fold_i))
    genre_split_names = [[id_to_genre[code] for code in group] for group in genre_split]
    print("genres in this fold: {}".format(genre_split_names))

    genre_model, fit_history  = train_fold_model(cross_X[train_idx], cross_y_binary[train_idx], cross_X[test_idx], cross_y_binary[test_idx], "folder{}".format(fold_i), genre_split_names)
    plot_history(fit_history)

    fold_i += 1
    if fold_i > folds_to_run:
        break
