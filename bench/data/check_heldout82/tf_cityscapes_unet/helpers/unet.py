from tensorflow.keras.layers import Conv2D, UpSampling2D, Concatenate, Dropout, MaxPooling2D, Input, BatchNormalization
from tensorflow.keras.models import Model

def build_unet(n_labels, in_shape):

    # contracting path

    inp = Input(in_shape)

    enc1 = Conv2D(filters=32, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(inp)
    enc1 = BatchNormalization()(enc1)
    enc1 = Conv2D(filters=32, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(enc1)
    enc1 = BatchNormalization()(enc1)

    pool1 = MaxPooling2D(pool_size=2)(enc1)
    enc2 = Conv2D(filters=64, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(pool1)
    enc2 = BatchNormalization()(enc2)
    enc2 = Conv2D(filters=64, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(enc2)
    enc2 = BatchNormalization()(enc2)
    
    pool2 = MaxPooling2D(pool_size=2)(enc2)
    enc3 = Conv2D(filters=128, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(pool2)
    enc3 = BatchNormalization()(enc3)
    enc3 = Conv2D(filters=128, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(enc3)
    enc3 = BatchNormalization()(enc3)
    
    pool3 = MaxPooling2D(pool_size=2)(enc3)
    enc4 = Conv2D(filters=256, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(pool3)
    enc4 = BatchNormalization()(enc4)
    enc4 = Conv2D(filters=256, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(enc4)
    enc4 = BatchNormalization()(enc4)
    
    pool4 = MaxPooling2D(pool_size=2)(enc4)
    enc5 = Conv2D(filters=512, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(pool4)
    enc5 = BatchNormalization()(enc5)
    enc5 = Conv2D(filters=512, kernel_size=3, strides=1, padding='same', activation = 'relu', kernel_initializer = 'he_normal')(enc5)
    enc5 = BatchNormalization()(enc5)

    bottleneck = Dropout(0.5)(enc5)

    # expanding path

    dec4 = Conv2D(256, 2, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(UpSampling2D(size = (2,2))(bottleneck))
    skip1 = Concatenate()([enc4, dec4])
    dec4 = Conv2D(256, 3, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(skip1)
    dec4 = BatchNormalization()(dec4)
    dec4 = Conv2D(256, 3, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(dec4)
    dec4 = BatchNormalization()(dec4)

    dec3 = Conv2D(128, 2, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(UpSampling2D(size = (2,2))(dec4))
    skip2 = Concatenate()([dec3, enc3])
    dec3 = Conv2D(128, 3, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(skip2)
    dec3 = BatchNormalization()(dec3)
    dec3 = Conv2D(128, 3, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(dec3)
    dec3 = BatchNormalization()(dec3)

    dec2 = Conv2D(64, 2, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(UpSampling2D(size = (2,2))(dec3))
    skip3 = Concatenate()([dec2, enc2])
    dec2 = Conv2D(64, 3, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(skip3)
    dec2 = BatchNormalization()(dec2)
    dec2 = Conv2D(64, 3, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(dec2)
    dec2 = BatchNormalization()(dec2)

    dec1 = Conv2D(32, 2, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(UpSampling2D(size = (2,2))(dec2))
    skip4 = Concatenate()([dec1, enc1])
    dec1 = Conv2D(32, 3, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(skip4)
    dec1 = BatchNormalization()(dec1)
    dec1 = Conv2D(32, 3, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(dec1)
    dec1 = BatchNormalization()(dec1)

    dec1 = Conv2D(32, 3, padding = 'same', activation = 'relu', kernel_initializer = 'he_normal')(dec1)

    out = Conv2D(n_labels, (1, 1), activation='sigmoid')(dec1)

    net = Model(inputs=inp, outputs=out)

    return net