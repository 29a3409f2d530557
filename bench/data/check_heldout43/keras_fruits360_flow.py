import warnings
import keras
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation, Flatten
from keras.layers import Conv2D, MaxPooling2D


bs = 32
n_classes = 70
n_epochs = 50
out_name = "fruit_cnn.h5"
out_dir = ""

train_root = "fruits//Training"
test_root = "fruits//Test"

gen = ImageDataGenerator()
train_flow = gen.flow_from_directory(train_root, (100, 100), batch_size=bs)

test_flow = gen.flow_from_directory(test_root, (100, 100), batch_size=bs)

net = Sequential()

net.add(Conv2D(16, (5, 5), input_shape=(100, 100, 3), activation='relu'))
net.add(MaxPooling2D(pool_size=(2, 2), strides=2))
net.add(Dropout(0.05))

net.add(Conv2D(32, (5, 5), activation='relu'))
net.add(MaxPooling2D(pool_size=(2, 2), strides=2))
net.add(Dropout(0.05))

net.add(Conv2D(64, (5, 5),activation='relu'))
net.add(MaxPooling2D(pool_size=(2, 2), strides=2))
net.add(Dropout(0.05))

net.add(Conv2D(128, (5, 5), activation='relu'))
net.add(MaxPooling2D(pool_size=(2, 2), strides=2))
net.add(Dropout(0.05))

net.add(Flatten())

net.add(Dense(1024, activation='relu'))
net.add(Dropout(0.05))

net.add(Dense(256, activation='relu'))
net.add(Dropout(0.05))

net.add(Dense(n_classes, activation="softmax"))
net.summary()

net.compile(loss=keras.losses.categorical_crossentropy,
              optimizer=keras.optimizers.Adam(),
              metrics=['accuracy'])
net.fit_generator(train_flow,
                    steps_per_epoch=1000//bs,
                    epochs=n_epochs,
                    verbose=1,
                    validation_data=test_flow, validation_steps = 3)

net.save(out_name)
