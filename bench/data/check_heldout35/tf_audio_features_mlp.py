# Based on https://github.com/mtobeiyf/audio-classification

import numpy as np
import keras
from keras.models import Sequential
from keras.layers import Dense, Dropout
from sklearn.model_selection import train_test_split
import os.path

features = np.load('feat.npy')
labels = np.load('label.npy').ravel()

train_X, test_X, train_y, test_y = train_test_split(features, labels, test_size=0.4, random_state=0)

model = Sequential()
model.add(Dense(512, activation='relu', input_dim=193))
model.add(Dropout(0.5))
model.add(Dense(512, activation='relu'))
model.add(Dropout(0.5))
model.add(Dense(10, activation='softmax'))
model.compile(optimizer='rmsprop',
              loss='categorical_crossentropy',
              metrics=['accuracy'])

train_y = keras.utils.to_categorical(train_y - 1, num_classes=10)
test_y = keras.utils.to_categorical(test_y - 1, num_classes=10)

if os.path.isfile('audio.h5'):
    model.load_weights("audio.h5")
else:
    model.fit(train_X, train_y, epochs=1000, batch_size=64)
    model.save_weights("audio.h5")

test_score, test_acc = model.evaluate(test_X, test_y, batch_size=32)
print('\n\nAccuracy on the held-out clips:', test_acc)
