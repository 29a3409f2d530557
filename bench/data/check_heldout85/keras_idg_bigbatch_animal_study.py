import pandas as pd
import numpy as np
from keras.models import Sequential
from keras.layers import Dense,Conv2D,Flatten,Dropout,MaxPooling2D
from keras.utils import to_categorical
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score
import numpy as np
import pandas as pd
from sklearn.preprocessing import OneHotEncoder
from keras.callbacks import EarlyStopping,ModelCheckpoint
from keras.preprocessing.image import ImageDataGenerator
import time

t0=time.time()
gen_tr=ImageDataGenerator(rescale=1./255,
                                #  horizontal flips
                                #  vertical flips
                                #  width shifts
                                #  height shifts
                                #  rotations
                                #  zoom
                                #  shear
                                #  fill mode
                                 )

gen_te=ImageDataGenerator(rescale=1./255)

dir_tr = 'd:/study/data/pets/train//'
# dir_te = 'd:/study/data/pets/test//'

flow_tr=gen_tr.flow_from_directory(dir_tr,
                                           target_size=(200,200),
                                           batch_size=2000,
                                           class_mode='binary',
                                           shuffle=True)

# one huge batch holds the pictures
xs=flow_tr[0][0]
ys=flow_tr[0][1]
# xs_te=flow_te[0][0]
# ys_te=flow_te[0][1]
print(flow_tr[0][0].shape)
print(flow_tr[0][1].shape)


xs,xs_te,ys,ys_te=train_test_split(flow_tr[0][0],flow_tr[0][1],train_size=0.8,
                                               stratify=flow_tr[0][1])

print(xs.shape,ys.shape)  # pictures of the training part
print(xs_te.shape,ys_te.shape)    # pictures of the test part
print(pd.value_counts(ys_te))
print(np.unique(ys,return_counts=True))


net=Sequential()
net.add(Conv2D(47,(2,2),input_shape=(200,200,3)))
net.add(Conv2D(31,(2,2)))
net.add(Conv2D(27,(2,2)))
net.add(Flatten())
net.add(Dropout(0.2))
net.add(Dense(25))
net.add(Dense(31))
net.add(Dense(11))
net.add(Dropout(0.2))
net.add(Dense(31))
net.add(Dense(1,activation='sigmoid'))

net.summary()

stopper=EarlyStopping(monitor='val_loss',mode='auto',patience=100,
                 restore_best_weights=True)
net.compile(loss='binary_crossentropy',optimizer='adam',
              metrics=['acc'])
net.fit(xs,ys,epochs=220,batch_size=50,verbose=1,
          validation_split=0.1,callbacks=[stopper])
t1=time.time()

scores=net.evaluate(xs_te,ys_te)
pred=np.round(net.predict(xs_te))

print("loss:",scores[0])
print("acc:",scores[1])

print("elapsed:", round(t1-t0,2))
