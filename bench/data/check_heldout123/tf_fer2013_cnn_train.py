import sys, os
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation, Flatten
from keras.layers import Conv2D, MaxPooling2D, BatchNormalization
from keras.losses import categorical_crossentropy
from keras.optimizers import Adam
from keras.regularizers import l2
from keras.callbacks import ReduceLROnPlateau, TensorBoard, EarlyStopping, ModelCheckpoint
from keras.models import load_model
from keras.models import model_from_json
from keras.utils import plot_model
from IPython.display import SVG
from keras.utils.vis_utils import model_to_dot


n_filters = 64
n_classes = 7
bs = 64
n_epochs = 100
img_w, img_h = 48, 48

faces = np.load('./fdataX.npy')
onehot = np.load('./flabels.npy')

faces -= np.mean(faces, axis=0)
faces /= np.std(faces, axis=0)

#for k in range(10):
#    plt.figure(k)
#    plt.imshow(faces[k].reshape((48, 48)), interpolation='none', cmap='gray')
#plt.show()

#train / validation / test partition
x_tr, x_te, y_tr, y_te = train_test_split(faces, onehot, test_size=0.1, random_state=42)
x_tr, x_va, y_tr, y_va = train_test_split(x_tr, y_tr, test_size=0.1, random_state=41)

#keep the test part on disk for the scoring script
np.save('modXtest', x_te)
np.save('modytest', y_te)

#network definition
net = Sequential()

net.add(Conv2D(n_filters, kernel_size=(3, 3), activation='relu', input_shape=(img_w, img_h, 1), data_format='channels_last', kernel_regularizer=l2(0.01)))
net.add(Conv2D(n_filters, kernel_size=(3, 3), activation='relu', padding='same'))
net.add(BatchNormalization())
net.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2)))
net.add(Dropout(0.5))

net.add(Conv2D(2*n_filters, kernel_size=(3, 3), activation='relu', padding='same'))
net.add(BatchNormalization())
net.add(Conv2D(2*n_filters, kernel_size=(3, 3), activation='relu', padding='same'))
net.add(BatchNormalization())
net.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2)))
net.add(Dropout(0.5))

net.add(Conv2D(2*2*n_filters, kernel_size=(3, 3), activation='relu', padding='same'))
net.add(BatchNormalization())
net.add(Conv2D(2*2*n_filters, kernel_size=(3, 3), activation='relu', padding='same'))
net.add(BatchNormalization())
net.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2)))
net.add(Dropout(0.5))

net.add(Conv2D(2*2*2*n_filters, kernel_size=(3, 3), activation='relu', padding='same'))
net.add(BatchNormalization())
net.add(Conv2D(2*2*2*n_filters, kernel_size=(3, 3), activation='relu', padding='same'))
net.add(BatchNormalization())
net.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2)))
net.add(Dropout(0.5))

net.add(Flatten())

net.add(Dense(2*2*2*n_filters, activation='relu'))
net.add(Dropout(0.4))
net.add(Dense(2*2*n_filters, activation='relu'))
net.add(Dropout(0.4))
net.add(Dense(2*n_filters, activation='relu'))
net.add(Dropout(0.5))

net.add(Dense(n_classes, activation='softmax'))

#net.summary()

#adam with categorical cross-entropy
net.compile(loss=categorical_crossentropy,
              optimizer=Adam(lr=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7),
              metrics=['accuracy'])

print(net.summary())
plot_model(net, to_file='ExpressionNet.png')
SVG(model_to_dot(net).create(prog='dot', format='svg'))

#fitting (left disabled in the original)
#net.fit(np.array(x_tr), np.array(y_tr),
#          batch_size=bs,
#          epochs=n_epochs,
#          verbose=1,
#          validation_data=(np.array(x_va), np.array(y_va)),
#          shuffle=True)

#write the network out
#net_json = net.to_json()
#with open("expr.json", "w") as fh:
#    fh.write(net_json)
#net.save_weights("expr.h5")
#print("network written")
