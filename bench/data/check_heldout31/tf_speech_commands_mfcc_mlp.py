#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
Dense MFCC word classifier

Speech Commands, 30 words
"""

#%% ---------------------------- imports ----------------------------

from keras.layers import (BatchNormalization, Dense, Dropout, Flatten)
import numpy as np
import pickle
from sklearn.utils import shuffle
import matplotlib.pyplot as plt

#%% ---------------------------- read the pickled MFCC lists ----------------------------
n_classes = 30   # how many words
with open('train_mfccs.pickle', 'rb') as fh:
    train_X, train_y = pickle.load(fh)  
    
with open('validation_mfccs.pickle', 'rb') as fh:
    val_X, val_y = pickle.load(fh)  
    
with open('test_mfccs.pickle', 'rb') as fh:
    test_X, test_y = pickle.load(fh)  
 
#%% ---------------------------- prepare arrays ----------------------------

# build one-hot rows by hand
def to_one_hot_rows(labels_in,n_classes):
    # n_classes: number of words
    to_one_hot_rows = list()
    for class_id in labels_in:
        row = [0 for _ in range(n_classes)]
        row[class_id] = 1
        to_one_hot_rows.append(row)
    return to_one_hot_rows

n_classes = 30   # how many words
train_y = to_one_hot_rows(train_y,n_classes)
test_y = to_one_hot_rows(test_y,n_classes)
val_y = to_one_hot_rows(val_y,n_classes)

# lists become numpy arrays
train_X  = np.array(train_X)
test_X  = np.array(test_X)
val_X  = np.array(val_X)
train_y  = np.array(train_y)
test_y  = np.array(test_y)
val_y  = np.array(val_y)

train_X, train_y = shuffle(train_X, train_y)


#%% ---------------------------- network ----------------------------
#%% dense classifier on flattened MFCC frames

from keras.models import Sequential
mlp_model = Sequential()
# flatten the 20 x 44 MFCC matrix
mlp_model.add(Flatten(input_shape=(20, 44)))
# normalise
mlp_model.add(BatchNormalization())
mlp_model.add(Dropout(rate = 0.1))
# hidden layer, ReLU
mlp_model.add(Dense(1024, activation = 'relu'))
mlp_model.add(Dropout(rate = 0.1))
# normalise
mlp_model.add(BatchNormalization())
mlp_model.add(Dropout(rate = 0.1))
# hidden layer, ReLU
mlp_model.add(Dense(512, activation = 'relu'))
mlp_model.add(Dropout(rate = 0.1))
# normalise
mlp_model.add(BatchNormalization())
# softmax over the word classes
mlp_model.add(Dropout(rate = 0.1))
mlp_model.add(Dense(n_classes, activation='softmax'))
mlp_model.compile(loss="categorical_crossentropy",
                  optimizer="adam",
                  metrics=['accuracy'])

mlp_model.summary()

#%% ---------------------------- fit and score ----------------------------

fit_history = mlp_model.fit(train_X, train_y, 
                batch_size=32, 
                epochs=50, 
                validation_data=(val_X, val_y), 
                verbose=1) 

mlp_model.evaluate(test_X, test_y) 

test_probs= mlp_model.predict(test_X)

#mlp_model.save('mlp_words_checkpoint.h5')


# loss curves
plt.plot(fit_history.history['loss'], label='loss (train)')
plt.plot(fit_history.history['val_loss'], label='loss (validation)')
plt.legend()
plt.show()
plt.savefig('LossVal_loss')

# accuracy curves
plt.plot(fit_history.history['accuracy'], label='accuracy (train)')
plt.plot(fit_history.history['val_accuracy'], label='accuracy (validation)')
plt.legend()
plt.show()
plt.savefig('AccVal_acc')
