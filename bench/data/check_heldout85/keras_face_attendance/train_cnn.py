import numpy as np

faces=np.load('data.npy')
onehot=np.load('target.npy')

from keras.models import Sequential
from keras.layers import Dense,Activation,Flatten,Dropout
from keras.layers import Conv2D,MaxPooling2D
from keras.callbacks import ModelCheckpoint

net=Sequential()

net.add(Conv2D(200,(3,3),input_shape=faces.shape[1:]))

net.add(Activation('relu'))
net.add(MaxPooling2D(pool_size=(2,2)))


net.add(Conv2D(100,(3,3)))
net.add(Activation('relu'))
net.add(MaxPooling2D(pool_size=(2,2)))


net.add(Flatten())
net.add(Dropout(0.5))


net.add(Dense(50,activation='relu'))

net.add(Dense(16,activation='softmax'))


net.compile(loss='categorical_crossentropy',optimizer='adam',metrics=['accuracy'])

from sklearn.model_selection import train_test_split

x_tr,x_te,y_tr,y_te=train_test_split(faces,onehot,test_size=0.1)

saver = ModelCheckpoint('faces-{epoch:03d}.model',monitor='val_loss',verbose=0,save_best_only=True,mode='auto')
log=net.fit(x_tr,y_tr,epochs=15,callbacks=[saver],validation_split=0.2)

from matplotlib import pyplot as plt

plt.plot(log.history['loss'],'r',label='train loss')
plt.plot(log.history['val_loss'],label='val loss')
plt.xlabel('epoch')
plt.ylabel('loss')
plt.legend()
plt.show()

plt.plot(log.history['accuracy'],'r',label='train accuracy')
plt.plot(log.history['val_accuracy'],label='val accuracy')
plt.xlabel('epoch')
plt.ylabel('accuracy')
plt.legend()
plt.show()

print(net.evaluate(x_te,y_te))
