from keras.preprocessing.image import array_to_img, img_to_array, load_img

def files_to_image_arrays(img_files):
    decoded_images=[]
    for img_file in img_files:
        # decode the file into a float array
        decoded_images.append(img_to_array(load_img(img_file)))
    return decoded_images

train_x = np.array(files_to_image_arrays(train_x))
print('train image array:',train_x.shape)

valid_x = np.array(files_to_image_arrays(valid_x))
print('validation image array:',valid_x.shape)

test_x = np.array(files_to_image_arrays(test_x))
print('test image array:',test_x.shape)

from keras.models import Sequential
from keras.layers import Conv2D,MaxPooling2D
from keras.layers import Activation, Dense, Flatten, Dropout
from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import ModelCheckpoint
from keras import backend as K

fruit_model=Sequential()
fruit_model.add(Conv2D(filters = 16, kernel_size = 2,input_shape=(100,100,3),padding='same'))
fruit_model.add(Activation('relu'))
fruit_model.add(MaxPooling2D(pool_size=2))

fruit_model.add(Conv2D(filters = 32,kernel_size = 2,activation= 'relu',padding='same'))
fruit_model.add(MaxPooling2D(pool_size=2))

fruit_model.add(Conv2D(filters = 64,kernel_size = 2,activation= 'relu',padding='same'))
fruit_model.add(MaxPooling2D(pool_size=2))

fruit_model.add(Conv2D(filters = 128,kernel_size = 2,activation= 'relu',padding='same'))
fruit_model.add(MaxPooling2D(pool_size=2))

fruit_model.add(Conv2D(filters = 256,kernel_size = 2,activation= 'relu',padding='same'))
fruit_model.add(MaxPooling2D(pool_size=2))

fruit_model.add(Dropout(0.2))
fruit_model.add(Flatten())
fruit_model.add(Dense(150))
fruit_model.add(Activation('relu'))
fruit_model.add(Dropout(0.3))
fruit_model.add(Dense(41,activation = 'softmax'))
fruit_model.summary()

fruit_model.compile(loss='categorical_crossentropy',
              optimizer='adam',
              metrics=['accuracy'])
print('model compiled')

from keras.models import Sequential
from keras.layers import Conv2D,MaxPooling2D
from keras.layers import Activation, Dense, Flatten, Dropout
from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import ModelCheckpoint
from keras import backend as K
batch_len = 50

best_ckpt = ModelCheckpoint(filepath = 'cnn_from_scratch_fruits.hdf5', verbose = 1, save_best_only = True)

fit_log = fruit_model.fit(train_x,train_y,
        batch_size = 50,
        epochs=15,
        validation_data=(valid_x, valid_y),
        callbacks = [best_ckpt],
                    verbose=2,shuffle=True
        )
        
fruit_model.load_weights('cnn_from_scratch_fruits.hdf5')
test_score = fruit_model.evaluate(test_x, test_y, verbose=0)
print('\n', 'held-out accuracy:', test_score[1])

import matplotlib.pyplot as plt

# accuracy curves
plt.plot(fit_log.history['accuracy'])
plt.plot(fit_log.history['val_accuracy'])
plt.title('accuracy per epoch')
plt.ylabel('acc')
plt.xlabel('epoch')
plt.legend(['train', 'validation'], loc='upper left')
plt.show()

# loss curves
plt.plot(fit_log.history['loss'])
plt.plot(fit_log.history['val_loss'])
plt.title('loss per epoch')
plt.ylabel('loss value')
plt.xlabel('epoch')
plt.legend(['train', 'validation'], loc='upper left')
plt.show()
