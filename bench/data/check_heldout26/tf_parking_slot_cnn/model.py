from lib import *

def build_model():

    cnn_model = Sequential()
    cnn_model.add(Conv2D(filters = 32, kernel_size = (5,5),padding = 'Same',activation ='relu', input_shape = (48,48,3)))
    cnn_model.add(MaxPooling2D(pool_size=(2,2)))


    cnn_model.add(Conv2D(filters = 64, kernel_size = (3,3),padding = 'Same',activation ='relu'))
    cnn_model.add(MaxPooling2D(pool_size=(2,2), strides=(2,2)))
    

    cnn_model.add(Conv2D(filters =96, kernel_size = (3,3),padding = 'Same',activation ='relu'))
    cnn_model.add(MaxPooling2D(pool_size=(2,2), strides=(2,2)))

    cnn_model.add(Conv2D(filters = 96, kernel_size = (3,3),padding = 'Same',activation ='relu'))
    cnn_model.add(MaxPooling2D(pool_size=(2,2), strides=(2,2)))

    cnn_model.add(Flatten())
    cnn_model.add(Dense(512))
    cnn_model.add(Activation('relu'))
    cnn_model.add(Dense(2, activation = "softmax"))
    return cnn_model