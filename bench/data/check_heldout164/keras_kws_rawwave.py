import tensorflow as tf
import numpy as np
import sklearn

from google.colab import drive
drive.mount('/content/drive')

X_train = np.load("/data/speech_commands/X_shuffled_0.npy").tolist()
Y_train = np.load("/data/speech_commands/Y_shuffled_0.npy").tolist()

X_train = np.array(X_train)

Y_train = np.array(Y_train)

from sklearn import preprocessing
enc = preprocessing.OneHotEncoder()
Y_train = Y_train.reshape(-1,1)
print(Y_train)
enc.fit(Y_train)
Y_train = enc.transform(Y_train).toarray()
print(Y_train)

X_train.shape, Y_train.shape

X_train = X_train.reshape(X_train.shape[0],X_train.shape[1],1)
print(X_train.shape)

input_shape = (X_train.shape[1],1)

from tensorflow.keras.layers import LSTM,Dense,ConvLSTM2D,MaxPool1D,Flatten,Dropout,Input,Conv1D

model = tf.keras.models.Sequential()
model.add(Conv1D(16,activation='relu',input_shape=input_shape,kernel_size=(10)))
model.add(MaxPool1D())
model.add(Dropout(0.2))
model.add(Conv1D(32,activation='relu',kernel_size=(10)))
model.add(MaxPool1D())
model.add(Dropout(0.2))
model.add(Conv1D(16,activation='relu',kernel_size=(10)))
model.add(MaxPool1D())
model.add(Dropout(0.2))
model.add(Flatten())
model.add(Dense(128,activation='relu'))
model.add(Dense(64,activation='relu'))
model.add(Dense(30,activation='softmax'))

model.compile(optimizer='adam',loss='categorical_crossentropy',metrics=['accuracy'])
model.fit(X_train,Y_train,batch_size=64,epochs=10)

model.save("model.h5")

list_of_classes = ['bed', 'bird', 'cat', 'dog', 'down', 'eight', 'five', 'four', 'go', 'happy', 'house', 'left', 'marvin', 'nine', 'no', 'off', 'on', 'one', 'right', 'seven', 'sheila', 'six', 'stop', 'three', 'tree', 'two', 'up', 'wow', 'yes', 'zero']

prediction = model.predict(X_train)
print(list_of_classes[np.argmax(Y_train[0])])
print(list_of_classes[np.argmax(prediction[0])])
