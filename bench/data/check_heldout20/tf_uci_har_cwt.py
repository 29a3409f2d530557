import numpy as np

with open('test.npy', 'rb') as npy_file:
    train_x = np.load(npy_file)
    train_y = np.load(npy_file)
    test_x = np.load(npy_file)
    test_y = np.load(npy_file)



import keras
from keras.layers import Dense, Flatten
from keras.layers import Conv2D, MaxPooling2D
from keras.models import Sequential
from keras.callbacks import History
fit_log = History()
img_rows = 127
img_cols = 127
img_chans = 9
in_shape = (img_rows, img_cols, img_chans)

n_classes = 6
batch_n = 16
n_classes = 7
n_epochs = 10

train_x = train_x.astype('float32')
test_x = test_x.astype('float32')

train_y = keras.utils.to_categorical(train_y, n_classes)
test_y = keras.utils.to_categorical(test_y, n_classes)

cwt_model = Sequential()
cwt_model.add(Conv2D(32, kernel_size=(5, 5), strides=(1, 1),
                     activation='relu',
                     input_shape=in_shape))
cwt_model.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2)))
cwt_model.add(Conv2D(64, (5, 5), activation='relu'))
cwt_model.add(MaxPooling2D(pool_size=(2, 2)))
cwt_model.add(Flatten())
cwt_model.add(Dense(1000, activation='relu'))
cwt_model.add(Dense(n_classes, activation='softmax'))

cwt_model.compile(loss=keras.losses.categorical_crossentropy,
                  optimizer=keras.optimizers.Adam(),
                  metrics=['accuracy'])

cwt_model.fit(train_x, train_y,
              batch_size=batch_n,
              epochs=n_epochs,
              verbose=1,
              validation_data=(test_x, test_y),
              callbacks=[fit_log])
