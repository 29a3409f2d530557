from keras.layers import Conv2D, UpSampling2D, Input, Reshape, concatenate, BatchNormalization
from keras.models import Model
from keras.layers.core import RepeatVector


def fusion_colorizer():
    emb_in = Input(shape=(1000,))

    #encoder
    grey_in = Input(shape=(256, 256, 1,))
    h = Conv2D(64, (3,3), activation='relu', padding='same', strides=2)(grey_in)
    h = Conv2D(128, (3,3), activation='relu', padding='same')(h)
    h = Conv2D(128, (3,3), activation='relu', padding='same', strides=2)(h)
    h = Conv2D(256, (3,3), activation='relu', padding='same')(h)
    h = Conv2D(256, (3,3), activation='relu', padding='same', strides=2)(h)
    h = Conv2D(512, (3,3), activation='relu', padding='same')(h)
    h = Conv2D(512, (3,3), activation='relu', padding='same')(h)
    h = Conv2D(256, (3,3), activation='relu', padding='same')(h)

    #fusion with the classifier embedding
    u = RepeatVector(32 * 32)(emb_in) 
    u = Reshape(([32, 32, 1000]))(u)
    u = concatenate([h, u], axis=3) 
    u = Conv2D(256, (1, 1), activation='relu', padding='same')(u) 

    #decoder
    o = Conv2D(128, (3,3), activation='relu', padding='same')(u)
    o = UpSampling2D((2, 2))(o)
    o = Conv2D(64, (3,3), activation='relu', padding='same')(o)
    o = UpSampling2D((2, 2))(o)
    o = Conv2D(32, (3,3), activation='relu', padding='same')(o)
    o = Conv2D(16, (3,3), activation='relu', padding='same')(o)
    o = Conv2D(2, (3, 3), activation='tanh', padding='same')(o)
    o = UpSampling2D((2, 2))(o)

    model = Model(inputs=[grey_in, emb_in], outputs=o)
    return model
