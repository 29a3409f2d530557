from keras.layers import Conv2D, MaxPool2D, Conv2DTranspose, Input, Dropout, concatenate
from keras.models import Model
from keras.layers.core import Lambda


x_in = Input((768, 768, 3))

scaled = Lambda(lambda x: x / 255) (x_in)

enc1 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (scaled)
enc1 = Dropout(0.1) (enc1)
enc1 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (enc1)
pool1 = MaxPool2D((2, 2)) (enc1)

enc2 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (pool1)
enc2 = Dropout(0.1) (enc2)
enc2 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (enc2)
pool2 = MaxPool2D((2, 2)) (enc2)

enc3 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (pool2)
enc3 = Dropout(0.2) (enc3)
enc3 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (enc3)
pool3 = MaxPool2D((2, 2)) (enc3)

enc4 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (pool3)
enc4 = Dropout(0.2) (enc4)
enc4 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (enc4)
pool4 = MaxPool2D(pool_size=(2, 2)) (enc4)

enc5 = Conv2D(256, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (pool4)
enc5 = Dropout(0.3) (enc5)
enc5 = Conv2D(256, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (enc5)

up6 = Conv2DTranspose(128, (2, 2), strides=(2, 2), padding='same') (enc5)
up6 = concatenate([up6, enc4])
dec6 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (up6)
dec6 = Dropout(0.2) (dec6)
dec6 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (dec6)

up7 = Conv2DTranspose(64, (2, 2), strides=(2, 2), padding='same') (dec6)
up7 = concatenate([up7, enc3])
dec7 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (up7)
dec7 = Dropout(0.2) (dec7)
dec7 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (dec7)

up8 = Conv2DTranspose(32, (2, 2), strides=(2, 2), padding='same') (dec7)
up8 = concatenate([up8, enc2])
dec8 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (up8)
dec8 = Dropout(0.1) (dec8)
dec8 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (dec8)

up9 = Conv2DTranspose(16, (2, 2), strides=(2, 2), padding='same') (dec8)
up9 = concatenate([up9, enc1], axis=3)
dec9 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (up9)
dec9 = Dropout(0.1) (dec9)
dec9 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (dec9)

x_out = Conv2D(1, (1, 1), activation='sigmoid') (dec9)

model = Model(inputs=[x_in], outputs=[x_out])
