# source: https://github.com/berkgulay/weather-prediction-from-image/blob/346cd5aeb429d69468cc12a369977a449b3b5cae/CNN_train.py (memory issue: https://github.com/berkgulay/weather-prediction-from-image/issues/29)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import numpy as np
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, Flatten, Dropout, Dense
from keras.utils import np_utils

np.random.seed(0)


def split_by_class(values, targets, wanted):
    kept_values = []
    kept_targets = []
    for k in range(len(values)):
        if wanted == int(targets[k]):
            kept_values.append(values[k])
            kept_targets.append(wanted)
    return (np.array(kept_values), np_utils.to_categorical(np.array(kept_targets), 5))


side = 50
x_all = np.load("data/" + str(side) + "/train_data.npy")
y_all = np.load("data/" + str(side) + "/train_label.npy")

# scale pixels to [0, 1]
x_all = x_all / 255.0

x_all = x_all.reshape(x_all.shape[0], side, side, 3)

n_weather_kinds = 5

y_all = np_utils.to_categorical(y_all, n_weather_kinds)

net = Sequential()
net.add(Conv2D(32, kernel_size=(1, 1), input_shape=(side, side, 3), activation='relu'))
net.add(MaxPooling2D(pool_size=(2, 2)))
net.add(Conv2D(32, kernel_size=(3, 3), activation='relu'))
net.add(MaxPooling2D(pool_size=(2, 2)))

net.add(Flatten())

net.add(Dense(100, activation='relu'))
net.add(Dropout(0.3))

net.add(Dense(n_weather_kinds, activation='softmax'))

net.compile(loss='categorical_crossentropy',
            optimizer='rmsprop',
            metrics=['accuracy'])

record = net.fit(x_all,
                 y_all,
                 epochs=100,
                 verbose=2,
                 batch_size=64)

net.save("modelsCNN/trainedModel.h5", overwrite=True)
