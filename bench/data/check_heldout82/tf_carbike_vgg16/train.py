import numpy as np
from tensorflow import keras
from tensorflow.keras.models import Sequential, Model
from tensorflow.keras.layers import Dense, Dropout, Flatten
from tensorflow.keras.layers import Conv2D, MaxPooling2D
from tensorflow.keras.optimizers import SGD, Adam
from tensorflow.python.keras.utils import np_utils
from tensorflow.python.keras.applications import VGG16

# settings
kinds = ["car", "motorbike"]
n_kinds = len(kinds)
side = 224

# read the arrays written by make_arrays.py
x_tr, x_te, t_tr, t_te = np.load("./imagefiles_224.npy", allow_pickle=True)
t_tr = np_utils.to_categorical(t_tr, n_kinds)
t_te = np_utils.to_categorical(t_te, n_kinds)
x_tr = x_tr.astype("float") / 255.0
x_te = x_te.astype("float") / 255.0

# network: frozen VGG16 trunk plus a small head
backbone = VGG16(weights='imagenet', include_top=False, input_shape=(side,side,3))
# print('trunk ready')
# backbone.summary()

head = Sequential()
head.add(Flatten(input_shape=backbone.output_shape[1:]))
head.add(Dense(256, activation='relu'))
head.add(Dropout(0.5))
head.add(Dense(n_kinds, activation='softmax'))

backbone = Model(inputs=backbone.input, outputs=head(backbone.output))

# backbone.summary()

for lyr in backbone.layers[:15]:
    lyr.trainable = False

# optim = SGD(lr=0.01) # or rmsprop, adam

optim = Adam(lr=0.0001)

backbone.compile(loss='categorical_crossentropy', optimizer=optim,metrics=['accuracy'])

backbone.fit(x_tr, t_tr, batch_size=32, epochs=17)

result = backbone.evaluate(x_te, t_te, batch_size=32)

# write the weights out
backbone.save("./vgg16_transfer.h5")
