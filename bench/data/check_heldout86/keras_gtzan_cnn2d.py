import numpy as np
import matplotlib.pyplot as plt
import matplotlib
import os, sys
import soundfile as sf
import time
from keras.callbacks import ModelCheckpoint
from livelossplot    import PlotLossesKeras
from keras           import optimizers
from sklearn.utils import shuffle
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import normalize
from sklearn.preprocessing import scale
from keras import regularizers

import os, sys
from keras.utils import np_utils
from keras.models import Model
from keras.layers import Conv1D, Dense, MaxPool1D, Flatten
from keras.callbacks import TensorBoard
from tensorflow.keras.utils import to_categorical
from keras import optimizers
from tensorflow.keras.layers import BatchNormalization
from keras.layers.core import Dropout
import keras.initializers as init

os.environ["CUDA_VISIBLE_DEVICES"]="0"
import tensorflow as tf
sess_cfg = tf.compat.v1.ConfigProto()
sess_cfg.gpu_options.allow_growth = True
session   = tf.compat.v1.Session(config=sess_cfg)
from keras import backend as K
K.set_session(session)

# run settings
bs = 50 
n_genres = 10
n_epochs   = 100

# which folds to use
fit_folds = [1, 2]
eval_fold = 3

fold_tag = "fold"+str(fit_folds[0])+"-"+str(fit_folds[1])

# fitting arrays
X_fit = np.load( "/splits/2_GTzan_Xs_train_"+fold_tag+"_110250_75_frozen.npy" )
Y_fit = np.load( "/splits/2_GTzan_Ys_train_"+fold_tag+"_110250_75_frozen.npy" )

# add a channel axis for the 2-D convolutions
X_fit = np.squeeze(X_fit)
X_fit = np.expand_dims(X_fit, axis = 3)

rows = X_fit.shape[1]
cols = X_fit.shape[2]

def build_genre_net():
    
    from keras.layers      import Input, Dense, Conv2D, AveragePooling1D, LeakyReLU, MaxPool2D, Flatten
    from keras.layers.core import Dropout
    from keras.models      import Model
    from tensorflow.compat.v1.keras             import initializers, optimizers, regularizers
    from keras.callbacks   import ModelCheckpoint
    from tensorflow.python.keras.utils.multi_gpu_utils import multi_gpu_model
    
    from tensorflow.keras.layers import BatchNormalization
        
    import keras.initializers as init
    
    #from kapre.utils          import Normalization2D
    #from kapre.augmentation   import AdditiveNoise    
    
    rate = 22050
    
    x_in   = Input(shape = (rows, cols, 1)) 
    #----------------------
    c1  = Conv2D(filters = 32, kernel_size = (3, 3), activation = 'relu')(x_in)
    bn1  = BatchNormalization()(c1)
    #----------------------
    c2  = Conv2D(filters = 32, kernel_size = (3, 3) )(bn1)
    a2   = LeakyReLU(alpha = 0.2)(c2)
    p2  = MaxPool2D(pool_size = 2, strides = 2)(a2)
    d2  = Dropout(0.05)(p2)
    #----------------------
    c3  = Conv2D(filters = 64, kernel_size = (3, 3) )(d2)
    a3   = LeakyReLU(alpha = 0.2)(c3)
    #----------------------
    c4  = Conv2D(filters = 64, kernel_size = (3, 3) )(a3)
    a4   = LeakyReLU(alpha = 0.2)(c4)
    p4  = MaxPool2D(pool_size = 4, strides = 2)(a4)
    #----------------------
    flat   = Flatten()(p4)
    #----------------------    
    #fc1 = Dense(1024, activation='relu', kernel_initializer = initializers.glorot_uniform( seed = 0))(flat)
    #fd1  = Dropout(0.80)(fc1)    
    #----------------------    
    #fc2 = Dense(128, activation='relu', kernel_initializer = initializers.glorot_uniform( seed = 0))(flat)
    #fd2  = Dropout(0.80)(fc2)    
     #----------------------    
    fc3 = Dense(1024, activation='relu', kernel_initializer = initializers.glorot_uniform(seed = 0))(flat)
    fd3  = Dropout(0.80)(fc3)    
    #----------------------
    y_out = Dense(n_genres, activation='softmax')(fd3)
    #----------------------

    net  = Model(x_in, y_out)


    net.compile(loss = 'categorical_crossentropy',
                  optimizer = optimizers.Adadelta(learning_rate = 1.0, rho = 0.95, epsilon = 1e-08, decay = 0.0),
                  metrics = ['accuracy'] )
    
    net.summary()
    
    return net
	
	
histories = []

net = build_genre_net()

# checkpoint file
ck_dir = "ckpt/"
ck_name = "genre_net_3f_"+fold_tag+"_20p_110250_75_frozen_stft" 
ck_ext = ".best.hdf5" 
ck_path = ck_dir+ck_name+ck_ext
print(ck_path)

saver = ModelCheckpoint( ck_path, monitor = 'val_acc', verbose = 1, save_best_only = True, mode = 'max' ) 

cb_list = [saver, PlotLossesKeras()]

# fit 

bs = 50
histories.append(net.fit(X_fit, Y_fit,
                      batch_size = bs, 
                      epochs     = 100,
                      verbose    = 1,
                      shuffle    = True,
                      callbacks  = cb_list,
                      validation_split = 0.2                   
                     ))
