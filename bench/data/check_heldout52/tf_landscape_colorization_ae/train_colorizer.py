import numpy as np
from keras.models import Sequential
from keras.preprocessing.image import load_img, img_to_array
from keras.callbacks import ModelCheckpoint
from keras.layers import *
from keras.optimizers import Adam

# read the prepared stacks
grey = np.load("../data/landscapes/grey_stack.npy")
colour = np.load("../data/landscapes/colour_stack.npy")

print(colour.shape, grey.shape)

grey_tr = grey[:5500]
colour_tr = colour[:5500]

colour_te = colour[5500:]
grey_te = grey[5500:]

net = Sequential()

# downsampling half
net.add(Conv2D(filters=128, kernel_size=(3, 3), padding="same", activation="relu", input_shape=(128, 128, 1)))
net.add(Conv2D(filters=256, kernel_size=(3, 3), padding="same", strides=2, activation="relu"))
net.add(Conv2D(filters=256, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Conv2D(filters=512, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Conv2D(filters=512, kernel_size=(3, 3), padding="same", strides=2, activation="relu"))
net.add(Conv2D(filters=256, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Conv2D(filters=256, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Conv2D(filters=512, kernel_size=(3, 3), padding="same", strides=2, activation="relu"))
net.add(Conv2D(filters=512, kernel_size=(3, 3), padding="same", activation="relu"))

# upsampling half
net.add(Conv2D(filters=128, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Conv2D(filters=128, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Dropout(0.1))
net.add(UpSampling2D((2, 2)))
net.add(Conv2D(filters=256, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Conv2D(filters=256, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Dropout(0.1))
net.add(UpSampling2D((2, 2)))
net.add(Conv2D(filters=512, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Conv2D(filters=512, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Dropout(0.1))
net.add(Conv2D(filters=256, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Conv2D(filters=128, kernel_size=(3, 3), padding="same", activation="relu"))
net.add(Conv2D(3, (3, 3), activation="relu", padding="same"))
net.add(UpSampling2D((2, 2)))

# compile and show
net.compile(loss="mse", optimizer=Adam(learning_rate=0.0001), metrics=["acc"])

net.summary()

# keep the best weights
ckpt = ModelCheckpoint(filepath="../weights/colorizer", monitor="acc", save_best_only=True)

net.fit(grey_tr, colour_tr, epochs=50, batch_size=32, validation_data=(grey_te, colour_te),
          callbacks=[ckpt])

