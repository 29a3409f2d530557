import os
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'


import tensorflow as tf
from cnn import CNN
from data import Data


# INNER_ACTS = ['relu', 'sigmoid', 'tanh']
# LAST_ACTS = ['linear', 'sigmoid', 'softmax']
# OPTS = ['sgd', 'rmsprop', 'adam', 'adadelta', 'adagrad']
# LOSSES = ['sparse_categorical_crossentropy']
# DROPS = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]

INNER_ACTS = ['relu', 'sigmoid', 'softmax', 'softplus', 'softsign', 'tanh', 'selu', 'elu', 'exponential']
LAST_ACTS = ['relu', 'sigmoid', 'softmax', 'softplus', 'softsign', 'tanh', 'selu', 'elu', 'exponential']
OPTS = ['sgd', 'rmsprop', 'adam', 'adadelta', 'adagrad', 'adamax', 'nadam', 'ftrl']
LOSSES = ['sparse_categorical_crossentropy']
DROPS = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]


with tf.device('/gpu:0'):
    pics, letters = Data().load_train_dataset()
    CNN().train(pics, letters, INNER_ACTS, LAST_ACTS, OPTS, LOSSES, DROPS)
