from tensorflow.keras.preprocessing.image import ImageDataGenerator
import numpy as np
import pandas as pd
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Conv2D, Flatten
from tensorflow.keras.callbacks import EarlyStopping
from sklearn.metrics import accuracy_score
from tensorflow.keras.utils import to_categorical

save_dir = 'e:/study/save/pets/'
tr_x = np.load(save_dir + 'pets_flow_x_train.npy')
te_x = np.load(save_dir + 'pets_flow_x_test.npy')
tr_y = np.load(save_dir + 'pets_flow_y_train.npy')
te_y = np.load(save_dir + 'pets_flow_y_test.npy')

# model
net = Sequential()
net.add(Conv2D(64, 2, input_shape=(100, 100, 3)))
net.add(Conv2D(64, 2))
net.add(Flatten())
net.add(Dense(64, activation='relu'))
net.add(Dense(32, activation='relu'))
net.add(Dense(32, activation='relu'))
net.add(Dense(1, activation='sigmoid'))

# compile and train
net.compile(loss='binary_crossentropy', optimizer='adam', metrics='acc')
stop = EarlyStopping(monitor='acc', mode='auto', patience=20, restore_best_weights=True)
net.fit(tr_x, tr_y, epochs=10, batch_size=128, validation_split=0.2, callbacks=[stop])

# evaluate and predict
scores = net.evaluate(te_x, te_y)
print('loss : ', scores)

pred = net.predict(te_x)
print('acc : ', accuracy_score(te_y, np.round(pred)))
