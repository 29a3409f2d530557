import cv2
import numpy as np
import pandas as pd
from keras.layers import Dense, Conv2D, MaxPooling2D, Dropout, Flatten
from keras.models import Sequential
from keras.utils import to_categorical
import seaborn as sns
import matplotlib.pyplot as plt
from keras.models import model_from_json





# convnet for 27 letter classes
def build_letter_net():
    net = Sequential()
    net.add(Conv2D(32, (3, 3), padding='same', activation='relu', input_shape=(28,28,1)))
    net.add(Conv2D(32, (3, 3), activation='relu'))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.25))
  
    net.add(Conv2D(64, (3, 3), padding='same', activation='relu'))
    net.add(Conv2D(64, (3, 3), activation='relu'))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.25))
  
    net.add(Conv2D(64, (3, 3), padding='same', activation='relu'))
    net.add(Conv2D(64, (3, 3), activation='relu'))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.25))
  
    net.add(Flatten())
    net.add(Dense(512, activation='relu'))
    net.add(Dropout(0.5))
    net.add(Dense(27, activation='softmax'))
  
    return net


def run():
    pix_tr = pd.read_csv('E:\datasets\EMNIST\emnist-letters-train.csv')
    pix_te = pd.read_csv('E:\datasets\EMNIST\emnist-letters-test.csv')
    lab_tr = pix_tr['23']
    lab_te = pix_te['1']

    pix_tr = pix_tr.drop(labels = ["23"],axis = 1)
    pix_te = pix_te.drop(labels = ["1"],axis = 1)

    pix_tr.shape
    pix_te.shape
    lab_tr.shape
    lab_te.shape


    pix_tr = np.array(pix_tr)
    pix_te = np.array(pix_te)

    lab_tr = np.array(lab_tr)
    lab_tr = lab_tr.reshape(88799,1)
    lab_te = np.array(lab_te)
    

    # one-hot targets
    lab_tr = to_categorical(lab_tr)
    lab_te = to_categorical(lab_te)
    lab_tr.shape

    pix_tr = pix_tr.reshape(88799,28,28,1)
    pix_te = pix_te.reshape(14799,28,28,1)
    net1 = build_letter_net()
    bs = 1024
    n_epochs = 20
    net1.compile(optimizer='rmsprop', loss='categorical_crossentropy', metrics=['accuracy'])
    
    log = net1.fit(pix_tr, lab_tr, batch_size=bs, epochs=n_epochs, verbose=1)

    write_net(net1)



def write_net(net):
    arch = net.to_json()
    with open("model.json", "w") as fh:
        fh.write(arch)
    # weights as HDF5
    net.save_weights("model.h5")
    print("network written")




if __name__== '__main__':
    run()
