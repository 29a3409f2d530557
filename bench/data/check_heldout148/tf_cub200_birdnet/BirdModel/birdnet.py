from keras.layers import Input,Conv2D,BatchNormalization,ReLU,MaxPooling2D,Dense,Softmax,Flatten
from keras.models import Model
import keras.backend as K
import keras

class BirdNet:
    def build(width,height,depth,classes):
        in_shape = (height,width,depth)
        ch_axis = -1
        if K.image_data_format() == "channels_first":
            in_shape = (depth,height,width)
            ch_axis = 1

        x_in = Input(shape = in_shape)

        b1 = Conv2D(48,(3,3),padding='same')(x_in)
        b1 = BatchNormalization()(b1)
        b1 = ReLU()(b1)
        b1 = MaxPooling2D((2,2),strides=(2,2))(b1)

        b2 = Conv2D(64,(3,3),padding='same')(b1)
        b2 = BatchNormalization()(b2)
        b2 = ReLU()(b2)
        b2 = MaxPooling2D((2,2),strides=(2,2))(b2)

        b3 = Conv2D(128,(3,3),padding='same')(b2)
        b3 = BatchNormalization()(b3)
        b3 = ReLU()(b3)
        b3 = MaxPooling2D((2,2),strides=(2,2))(b3)
        b3 = keras.layers.concatenate([MaxPooling2D((2,2),strides=(2,2))(b2),b3], axis=-1)

        b4 = Conv2D(256,(3,3),padding='same')(b3)
        b4 = BatchNormalization()(b4)
        b4 = ReLU()(b4)
        b4 = MaxPooling2D((2,2),strides=(2,2))(b4)
        b4 = keras.layers.concatenate([MaxPooling2D((8,8),strides=(8,8))(b1),b4], axis=-1)

        b5 = Conv2D(512,(3,3),padding='same')(b4)
        b5 = BatchNormalization()(b5)
        b5 = ReLU()(b5)

        d1 = Flatten()(b5)
        d1 = Dense(4096)(d1)

        d2 = Dense(4096)(d1)

        probs = Dense(200,activation='softmax')(d2)

        net = Model(inputs = x_in, outputs = probs)
        return net

# net.compile(metrics=['accuracy'],loss='categorical_crossentropy',optimizer = 'adam')
