import random
import sys
import time
import os
import cv2
import tensorflow as tf

from keras.callbacks import TensorBoard, EarlyStopping, ModelCheckpoint, ReduceLROnPlateau, LearningRateScheduler
from keras import optimizers
from utils.helpers import StreetSceneData, SessionTools
from models.FCN import FCN8
from config import VGG_Weights_path
import pickle
from  utils.learning_rate import poly_decay, step_decay

if __name__ == '__main__':
    SessionTools.gpu_setup(gpu_device="0")           
    reader = StreetSceneData()
    X, Y = reader.read_all()
    (X_fit, y_fit), (X_hold, y_hold) = reader.split_arrays(X, Y, 0.85)
    with open('./data/X_test.pickle', 'wb') as fh:
        pickle.dump(X_hold, fh)
    with open('./data/y_test.pickle', 'wb') as fh:
        pickle.dump(y_hold, fh)
    board = TensorBoard(
         log_dir='./logs/dataset1/FCN-dataset1-{}'.format(time.strftime('%Y-%m-%d_%H_%M_%S', time.localtime())))
    net = FCN8(nClasses=12,
                 input_height=224,
                 input_width=224,
                 VGG_Weights_path=VGG_Weights_path)
    net.summary()

    #plateau = ReduceLROnPlateau(monitor='val_loss', factor=0.1, patience=10, verbose=1, mode='auto', epsilon=0.0001, cooldown=0, min_lr=0)
   #a step schedule should be compared against this one too
   
    lr_schedule = tf.keras.callbacks.LearningRateScheduler(poly_decay(lr=1e-2, max_epochs=100))
    sgd = optimizers.SGD(lr=1E-2, decay=5**(-4), momentum=0.9, nesterov=True)
    net.compile(loss='categorical_crossentropy',
                  optimizer=sgd,
                  metrics=['accuracy']
                  )
                  
    best_file = './models/FCN_best_weights.hdf5'
    stopper=EarlyStopping(monitor='val_loss', patience=30, verbose=1, mode='auto')
    best_file = './data/FCN_best_weights.hdf5'
    stopper=EarlyStopping(monitor='val_loss', patience=10, verbose=1, mode='auto')

    keep_best = ModelCheckpoint(best_file, monitor='val_loss', verbose=1, save_best_only=True, mode='auto')
    
        
    record = net.fit(X_fit, y_fit,
                      validation_data=(X_hold, y_hold),
                      batch_size=32, epochs=300, verbose=1, callbacks=[board, stopper, keep_best, lr_schedule])
    with open('./data/FCN-dataset1-keras.pickle', 'wb') as fh:
        pickle.dump(record.history, fh)
    
