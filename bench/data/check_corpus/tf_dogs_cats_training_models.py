# source: https://github.com/GOWTHAM5603/imageclassification/blob/677919ac93ee094d3e5596a63c174a54031ac21c/training_models.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import pickle
import time
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, Flatten, Dense
from tensorflow.keras.callbacks import TensorBoard

RUN = 'pets-cnn-' + str(int(time.time()))

board = TensorBoard(log_dir='runs\\' + RUN + '\\')
pixels = pickle.load(open('pixels.pkl', 'rb'))
labels = pickle.load(open('labels.pkl', 'rb'))

pixels = pixels / 255

net = Sequential()

net.add(Conv2D(64, (3, 3), activation='relu'))
net.add(MaxPooling2D((2, 2)))

net.add(Conv2D(64, (3, 3), activation='relu'))
net.add(MaxPooling2D((2, 2)))

net.add(Flatten())

net.add(Dense(128, activation='relu', input_shape=pixels.shape[1:]))

net.add(Dense(2, activation='softmax'))

net.compile(loss='sparse_categorical_crossentropy', optimizer='adam', metrics=['accuracy'])

net.fit(pixels, labels, batch_size=32, epochs=5, callbacks=[board], validation_split=0.1)
