"""
Arrays written by the companion save script (flow_from_directory, one batch per split):
  train images  (8005, 150, 150, 3), float32 in [0, 1]
  train labels  (8005,)
  test images   (2023, 150, 150, 3)
  test labels   (2023,)
Cats vs dogs, binary.
"""

import time
import numpy as np
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPool2D, Dropout, Flatten, Dense
from tensorflow.keras.callbacks import EarlyStopping

train_x = np.load('../_save/_npy/keras59_4_x_train.npy')
train_y = np.load('../_save/_npy/keras59_4_y_train.npy')
test_x = np.load('../_save/_npy/keras59_4_x_test.npy')
test_y = np.load('../_save/_npy/keras59_4_y_test.npy')


cnn_model = Sequential()
cnn_model.add(Conv2D(filters=32, kernel_size=(2, 2), activation='relu', input_shape=(150, 150, 3))) 
cnn_model.add(Dropout(0.45))
cnn_model.add(Conv2D(32, kernel_size=(2, 2), activation='relu')) 
cnn_model.add(MaxPool2D())
cnn_model.add(Conv2D(16, kernel_size=(2, 2), activation='relu')) 
cnn_model.add(Dropout(0.45))
cnn_model.add(Conv2D(16, kernel_size=(2, 2), activation='relu')) 
cnn_model.add(MaxPool2D())
cnn_model.add(Flatten())
cnn_model.add(Dense(128, activation='relu'))
cnn_model.add(Dense(64, activation='relu'))
cnn_model.add(Dense(1, activation="sigmoid"))
cnn_model.summary()
cnn_model.compile(loss='binary_crossentropy', optimizer='adam', metrics=['acc'])

t0 = time.time()
early_stop = EarlyStopping(monitor='val_acc', mode='max', patience=12, verbose=2, restore_best_weights=True)
cnn_model.fit(train_x, train_y, epochs=128, validation_data=(test_x, test_y), verbose=2, callbacks=[early_stop])
elapsed = time.time() - t0

test_scores = cnn_model.evaluate(test_x, test_y)
print('seconds:', elapsed, 'bce:', test_scores[0], ',acc:', test_scores[1])
# one run: ~112 s, bce ~0.62, acc ~0.66

'''
notes from earlier tries:
  all conv layers frozen -> stuck at chance (acc 0.50)
  one extra conv layer   -> still stuck
  two conv blocks with pooling and dropout -> it learns

earlier, smaller model summary:
  conv 4 filters -> 149 x 149 x 4
  ----
  flatten -> 88,804
  ----
  dense 128 -> 11.4 M weights
  ----
  dense 32
  ----
  dense 8
'''