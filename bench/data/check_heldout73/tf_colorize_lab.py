import tensorflow as tf
from tensorflow.keras.layers import Conv2D, UpSampling2D
from tensorflow.keras.models import Sequential
from tensorflow.keras.preprocessing.image import ImageDataGenerator, img_to_array, load_img
from tensorflow.keras.callbacks import ModelCheckpoint,ReduceLROnPlateau
import numpy as np

lum = np.load("../Data/X_values.npy")
chroma = np.load("../Data/Y_values.npy")
chroma=chroma/128

print(lum.shape,chroma.shape)
lum = lum.reshape(lum.shape+(1,)) #add a channel axis so lum matches chroma
print(lum.shape,chroma.shape)

net = Sequential()
net.add(Conv2D(64, (3, 3), activation='relu', padding='same', strides=2, input_shape=(256, 256, 1)))
net.add(Conv2D(128, (3, 3), activation='relu', padding='same'))
net.add(Conv2D(128, (3,3), activation='relu', padding='same', strides=2))
net.add(Conv2D(256, (3,3), activation='relu', padding='same'))
net.add(Conv2D(256, (3,3), activation='relu', padding='same', strides=2))
net.add(Conv2D(512, (3,3), activation='relu', padding='same'))
net.add(Conv2D(512, (3,3), activation='relu', padding='same'))
net.add(Conv2D(256, (3,3), activation='relu', padding='same'))

net.add(Conv2D(128, (3,3), activation='relu', padding='same'))
net.add(UpSampling2D((2, 2)))
net.add(Conv2D(64, (3,3), activation='relu', padding='same'))
net.add(UpSampling2D((2, 2)))
net.add(Conv2D(32, (3,3), activation='relu', padding='same'))
net.add(Conv2D(16, (3,3), activation='relu', padding='same'))
net.add(Conv2D(2, (3, 3), activation='tanh', padding='same'))
net.add(UpSampling2D((2, 2)))


net.compile(optimizer='adam', loss='mse' , metrics=['accuracy'])
net.summary()


ckpt_path="../models/weights_ImageColorization.hdf5"
ckpt = ModelCheckpoint(ckpt_path, monitor='loss', verbose=1, save_best_only=True, mode='min')
hist=net.fit(lum,chroma,batch_size=16,epochs=5,verbose=1,validation_split=0.1,callbacks=[ckpt])
