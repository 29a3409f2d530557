import time

from tensorflow.keras.layers import Dense, Flatten, GlobalAveragePooling2D,UpSampling2D
from tensorflow.python.keras.layers.core import Dropout
from tensorflow.keras.applications import VGG16, VGG19,Xception,ResNet101,InceptionV3
from tensorflow.keras.callbacks import EarlyStopping
from tensorflow.keras.models import Sequential
from tensorflow.keras.datasets import cifar100

from sklearn.preprocessing import MinMaxScaler, StandardScaler
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import OneHotEncoder


# step 1: data
(x_fit, y_fit), (x_eval, y_eval) = cifar100.load_data() # (50000, 32, 32, 3) (50000, 1) (10000, 32, 32, 3) (10000, 1)
x_fit = x_fit.reshape(50000, 32*32*3)
x_eval = x_eval.reshape(10000, 32*32*3)

mm = MinMaxScaler()
x_fit = mm.fit_transform(x_fit)
x_eval = mm.transform(x_eval)

enc = OneHotEncoder(sparse=False)
y_fit = enc.fit_transform(y_fit)
y_eval = enc.transform(y_eval)

x_fit = x_fit.reshape(50000, 32, 32, 3)
x_eval = x_eval.reshape(10000, 32, 32, 3)

# step 2: network
backbone = InceptionV3(weights='imagenet', include_top=False, input_shape=(96,96,3))

backbone.trainable = False

net = Sequential()
net.add(UpSampling2D(size=(3,3)))
net.add(backbone)
# net.add(Flatten())
net.add(GlobalAveragePooling2D())
net.add(Dense(512, activation='relu'))
net.add(Dropout(0.2))
net.add(Dense(128, activation='relu'))
net.add(Dense(100, activation='softmax'))

# step 3: fit
net.compile(loss='categorical_crossentropy', optimizer='adam', metrics='acc')
stopper = EarlyStopping(monitor='val_loss', patience=10, mode='min', verbose=1)
t0 = time.time()
log = net.fit(x_fit, y_fit, epochs=1000, batch_size=128,
                 verbose=2, validation_split=0.1, callbacks=[stopper])
took = time.time()-t0

loss = log.history['loss']
val_loss = log.history['val_loss']
acc = log.history['acc']
val_acc = log.history['val_acc']

print('seconds: ', took)
print('loss: ', loss[-6])
print('val_loss: ', val_loss[-6])
print('acc: ', acc[-6])
print('val_acc: ', val_acc[-6])

# --- cifar10--- ------
#   backbone.trainable = True /  Flatten  (best)
# secs =  712.632
# loss =  0.073
# val_loss =  0.606
# acc =  0.976
# val_acc = 0.855


# backbone.trainable = False /  Flatten
# secs =  165.887
# loss =  0.466
# val_loss =  1.073
# acc =  0.834
# val_acc = 0.675

# backbone.trainable = True /  GlobalAveragePooling2D 
# secs =  602.888
# loss =  0.094
# val_loss =  0.674
# acc =  0.970
# val_acc = 0.824

# backbone.trainable = False /  GlobalAveragePooling2D
# secs =  166.882
# loss =  0.428
# val_loss =  1.120
# acc =  0.846
# val_acc = 0.679

# --- cifar100--- ------
#  backbone.trainable = True /  Flatten
# secs =  1003.891
# loss =  0.619
# val_loss =  3.362
# acc =  0.820
# val_acc = 0.387

# backbone.trainable = False /  Flatten
# secs =  163.412
# loss =  1.337
# val_loss =  2.513
# acc =  0.612
# val_acc = 0.398

#   backbone.trainable = True /  GlobalAveragePooling2D   (best)

# secs =  757.781
# loss =  0.453
# val_loss =  2.288
# acc =  0.862
# val_acc = 0.534

# backbone.trainable = False /  GlobalAveragePooling2D
# secs =  166.796
# loss =  1.334
# val_loss =  2.642
# acc =  0.614
# val_acc = 0.391