import numpy as np
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Conv2D, Flatten, MaxPooling2D, Dropout, GlobalAveragePooling2D
from tensorflow.keras.callbacks import EarlyStopping
import time
from sklearn.model_selection import train_test_split
from keras.preprocessing import image

# step 1: arrays saved earlier
pics = np.load('./saved_arrays/catdog_fit_x.npy')
tags = np.load('./saved_arrays/catdog_fit_y.npy')

pics, pics_hold, tags, tags_hold = train_test_split(
    pics, tags, train_size=0.7, shuffle=True, random_state=79)
print(pics.shape, tags.shape)  # (1400, 150, 150, 3) (1400,)
print(pics_hold.shape, tags_hold.shape)  # (600, 150, 150, 3) (600,)

# step 2: network
net = Sequential()
net.add(Conv2D(32, kernel_size=(2, 2),
          input_shape=(150, 150, 3), activation='relu'))
net.add(Dropout(0.2))
net.add(Conv2D(64, kernel_size=(2, 2), activation='relu'))
net.add(Dropout(0.2))
net.add(Conv2D(64, kernel_size=(2, 2), activation='relu'))
net.add(Dropout(0.2))
net.add(Conv2D(128, kernel_size=(2, 2), activation='relu'))
net.add(Flatten())
net.add(Dense(128, activation='relu'))
net.add(Dense(64, activation='relu'))
net.add(Dense(32, activation='relu'))
net.add(Dense(1, activation='sigmoid'))


# step 3: compile and fit
net.compile(loss='categorical_crossentropy',
              optimizer='adam', metrics=['acc'])
stopper = EarlyStopping(monitor='val_loss', patience=20, mode='min', verbose=1)

t0 = time.time()
log = net.fit(pics, tags, epochs=100, batch_size=10,
                 verbose=2, validation_split=0.2, callbacks=[stopper], steps_per_epoch=32)
took = time.time() - t0

acc = log.history['acc']
val_acc = log.history['val_acc']
loss = log.history['loss']
val_loss = log.history['val_loss']

# step 4: score
loss = net.evaluate(pics_hold, tags_hold)
print('acc = ', acc[-1])
print('val_acc = ', val_acc[-1])

# last run: acc = 0.525
# val_acc = 0.493
