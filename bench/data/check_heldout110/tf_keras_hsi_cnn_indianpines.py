import numpy as np
import scipy
import os
from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten
from keras.layers import Conv2D, MaxPooling2D
from keras.optimizers import SGD
from keras import backend as K
K.set_image_dim_ordering('th')
from keras.utils import np_utils
#from sklearn.cross_validation import StratifiedKFold
#%%
HERE = os.getcwd()
print (HERE)
#%%
# read window size, PCA components and test ratio from the settings file
fh = open('global_variables.txt', 'r') 
rows = fh.readlines()[:]


for row in rows:

    if row[0:3] == "win":

        eq = row.find('=')
        win = int(row[eq+1:-1],10)

    elif row[0:3] == "num":

        eq = row.find('=')
        n_pc = int(row[eq+2:-1],10)

    else:

        eq = row.find('=')
        test_frac = float(row[eq+1:])

#%%
# defaults in the settings file
#win = 5
#n_pc = 30
#test_frac = 0.25
#%%
xs = np.load("X_trainPatches_" + str(win) + "PCA" + str(n_pc) + "testRatio" + str(test_frac)  + ".npy")

ys = np.load("y_trainPatches_" + str(win) + "PCA" + str(n_pc) + "testRatio" + str(test_frac) + ".npy")
#%%
# channels first: (samples, channels, rows, cols)
xs = np.reshape(xs, (xs.shape[0],xs.shape[3], xs.shape[1], xs.shape[2]))
#%%
# one-hot class vectors
ys = np_utils.to_categorical(ys)
#%%
# shape of one sample
in_shape= xs[0].shape
print(in_shape)
#%%
# filters in the first layer
F1 = 3*n_pc
#%%
# the network
net = Sequential()

net.add(Conv2D(F1, (3, 3), activation='relu', input_shape=in_shape))
net.add(Conv2D(3*F1, (3, 3), activation='relu'))
net.add(Dropout(0.25))



net.add(Flatten())
net.add(Dense(6*n_pc, activation='relu'))
net.add(Dropout(0.5))
net.add(Dense(16, activation='softmax'))
#%%
opt = SGD(lr=0.0001, decay=1e-6, momentum=0.9, nesterov=True)
net.compile(loss='categorical_crossentropy', optimizer=opt, metrics=['accuracy'])
#%%
net.fit(xs, ys, batch_size=32, epochs=15)
#%%
import h5py
from keras.models import load_model
#%%
net.save('my_model' + str(win) + 'PCA' + str(n_pc) + "testRatio" + str(test_frac) + '.h5')
#%%

#%%
