from keras.layers import Input, Dense, Conv2D, MaxPooling2D, UpSampling2D
from keras.models import Model
from keras import backend as K
from keras.datasets import fashion_mnist
from keras.datasets import mnist
from keras.preprocessing.image import ImageDataGenerator
from keras.preprocessing.image import load_img
from keras.preprocessing.image import img_to_array
from keras.callbacks import TensorBoard
import tensorflow_core.python
import tensorflow
import numpy as np
import matplotlib.pyplot as plt
import pandas as pd
import cv2
import os
from PIL import Image



# read every picture of a folder
def read_folder_images(folder) :
    print('reading pictures')
    pictures = []
    for fname in os.listdir(folder):
        frame = cv2.imread(folder + fname)
        frame = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        frame = cv2.resize(frame, (800, 600))
        pictures.append(frame)

    pictures = np.array(pictures, dtype="uint8")

    return pictures

# training routine
def run_training():
    print('starting training')

    #######################################################

    train_x = read_folder_images('D:\\thesis\\work\\photos\\')
    test_x = read_folder_images('D:\\thesis\\work\\photos\\')
    #######################################################
    train_x = train_x.astype('float32')/255
    test_x = test_x.astype('float32')/255
    train_x = train_x.reshape(len(train_x), np.prod(train_x.shape[1:]))
    test_x = test_x.reshape(len(test_x), np.prod(test_x.shape[1:]))
    print(train_x.shape)
    print(test_x.shape)


    inp = Input(shape=(480000,))
    code = Dense(1028, activation='relu')(inp)
    code = Dense(512, activation='relu')(code)
    code = Dense(256, activation='relu')(code)
    code = Dense(128, activation='relu')(code)
    code = Dense(64, activation='relu')(code)
    code = Dense(32, activation='relu')(code)

    recon = Dense(64, activation='relu')(code)
    recon = Dense(128, activation='relu')(recon)
    recon = Dense(256, activation='relu')(recon)
    recon = Dense(512, activation='relu')(recon)
    recon = Dense(1028, activation='relu')(recon)
    recon = Dense(480000, activation='sigmoid')(recon)

    full_model=Model(inp, recon)

    enc_model = Model(inp, code)

    full_model.summary()

    enc_model.summary()

    full_model.compile(optimizer='adam', loss='mean_squared_error', metrics=['accuracy'])

    full_model.fit(train_x, train_x,
        epochs=1000,
        batch_size=256,
        shuffle=True,
        validation_data=(test_x, test_x))

    codes = enc_model.predict(test_x)
    rebuilt = full_model.predict(test_x)

    # keep the trained model
    full_model.save('.\saved_ae')

    for k in range(10):
        # top row: inputs
        axis = plt.subplot(2, 10, k + 1)
        plt.imshow(test_x[k].reshape(800, 600))
        plt.gray()
        axis.get_xaxis().set_visible(False)
        axis.get_yaxis().set_visible(False)

        # # middle row: codes
        # axis = plt.subplot(3, 20, k + 1 + 20)
        # plt.imshow(codes[k].reshape(8,4))
        # plt.gray()
        # axis.get_xaxis().set_visible(False)
        # axis.get_yaxis().set_visible(False)
        # bottom row: reconstructions
        axis = plt.subplot(2, 10, 10 + k + 1)
        plt.imshow(rebuilt[k].reshape(800, 600))
        plt.gray()
        axis.get_xaxis().set_visible(False)
        axis.get_yaxis().set_visible(False)

    plt.show()

if __name__ == "__main__":
    run_training()
