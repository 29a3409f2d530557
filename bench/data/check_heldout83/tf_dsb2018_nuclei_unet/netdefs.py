import tensorflow as tf
from tensorflow.keras.layers import Conv2D, Conv2DTranspose, Dropout, MaxPooling2D, UpSampling2D, Concatenate
from tensorflow.keras.callbacks import EarlyStopping
import numpy as np

class UNetBuilder():
    
    def __init__(self):
        pass

    
    def unet(self):
        # encoder-decoder with skips
        shape_in = (256, 256, 1)
        x_in = tf.keras.Input(shape=shape_in)
        widths = 2** np.array([4, 5, 6, 7, 8])
        # widths = np.array([32,64,128])
        ksize = (3, 3)
        h = x_in
        skips = []
        # down
        for w in widths:
            h = Conv2D(w, ksize, activation='relu', padding='same')(h)
            h = Dropout(0.2)(h)
            h = Conv2D(w, ksize, activation='relu', padding='same')(h)
            skips.append(h)
            print(h)
            if w < widths[-1]:
                h = MaxPooling2D((2, 2))(h)
            
        # up
        u = h
        skips_rev = skips[::-1][1:] # deepest first
        widths_up = widths[::-1][1:]
        for j, w in enumerate(widths_up):
            u = Conv2DTranspose(w, (3, 3), activation='relu', padding='same')(u)
            u = Concatenate(axis=-1)([UpSampling2D((2,2))(u), skips_rev[j]])
            u = Conv2D(w, (3, 3), activation='relu', padding='same')(u)            
            u = Dropout(0.2)(u)
            u = Conv2D(w, (3, 3), activation='relu', padding='same')(u)
            u = Dropout(0.2)(u)

        y_out = Conv2D(3, (1, 1), padding='same', activation='softmax')(u)

        net = tf.keras.Model(x_in, y_out)

        return net

class Fitter():

    def __init__(self):
        pass
    

    def train(self, net, x, y):
        opt = tf.keras.optimizers.RMSprop(lr=0.001, decay=1e-5)
        net.compile(optimizer = opt, 
                loss='sparse_categorical_crossentropy', 
                metrics=['sparse_categorical_accuracy'])
        EPOCHS = 10
        BS = 5
        HOLDOUT = 0.25
        STOPPER = EarlyStopping(monitor='val_sparse_categorical_accuracy', min_delta=0.0001, patience=2)
        hist = net.fit(x, y,
                            batch_size=BS,
                            epochs= EPOCHS,
                            validation_split=HOLDOUT,
                            callbacks=[STOPPER])
        

        return hist
