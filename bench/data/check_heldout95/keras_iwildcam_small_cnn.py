import os
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import keras
from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation, Flatten
from keras.layers import Conv2D, MaxPooling2D
cam_x = np.load('../input/reducing-image-sizes-to-32x32/X_train.npy')
cam_x_test = np.load('../input/reducing-image-sizes-to-32x32/X_test.npy')
cam_y = np.load('../input/reducing-image-sizes-to-32x32/y_train.npy')
cam_x = cam_x.astype('float32')
cam_x_test = cam_x_test.astype('float32')
cam_x /= 255.
cam_x_test /= 255.
bs = 64
n_species = 14
n_epochs = 30
hold_frac = 0.1
in_shape=cam_x.shape[1:]
def small_cnn():
    net = Sequential()
    net.add(Conv2D(32, (3, 3), padding='same', input_shape=in_shape))
    net.add(Activation('relu'))
    net.add(Conv2D(32, (3, 3)))
    net.add(Activation('relu'))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Conv2D(64, (3, 3), padding='same'))
    net.add(Activation('relu'))
    net.add(Conv2D(64, (3, 3)))
    net.add(Activation('relu'))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Flatten())
    net.add(Dense(1024))
    net.add(Activation('relu'))
    net.add(Dropout(0.5))
    net.add(Dense(1024))
    net.add(Activation('relu'))
    net.add(Dropout(0.5))
    net.add(Dense(n_species))
    net.add(Activation('softmax'))
    return net
net = small_cnn()
net.compile(
    loss='categorical_crossentropy',
    optimizer='adam',
    metrics=['accuracy']
)
fit_log = net.fit(
    cam_x,
    cam_y,
    batch_size=bs,
    epochs=n_epochs,
    validation_split=hold_frac,
    shuffle=True
)
curves = fit_log.history
fig, panels = plt.subplots(2)
panels[0].plot(curves['acc'])
panels[0].plot(curves['val_acc'])
panels[0].legend(['fit acc', 'hold-out acc'])
panels[1].plot(curves['loss'])
panels[1].plot(curves['val_loss'])
panels[1].legend(['fit loss', 'hold-out loss'])
for p in panels.flat:
    p.label_outer()
cam_pred = net.predict(cam_x_test)
sub = pd.read_csv('../input/iwildcam-2019-fgvc6/sample_submission.csv')
sub['Predicted'] = cam_pred.argmax(axis=1)
print(sub.shape)
sub.head()
sub.to_csv('submission.csv',index=False)
