# imports
# data: the Kaggle FER-2013 facial-expression csv (fer2013.csv)
# (Challenges in Representation Learning: Facial Expression Recognition)

import os
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '2'
import numpy as np
import pandas as pd
from tensorflow.keras.models import Sequential,load_model
from tensorflow.keras.layers import Dense,Dropout,Activation,Flatten
from keras.layers import Conv2D,MaxPooling2D,BatchNormalization
from keras.losses import categorical_crossentropy
from keras.optimizers import Adam, SGD
from keras.optimizers import   RMSprop
from keras.regularizers import l2
from keras.utils import np_utils

# read the csv
fer_df=pd.read_csv('data/fer2013/fer2013.csv')
print(fer_df.info())
# print(fer_df["Usage"].value_counts())
# print(fer_df["Usage"].value_counts)
print(fer_df.head())

train_X,train_Y,test_X,test_Y=[],[],[],[]

for row_idx,fer_row in fer_df.iterrows():
    pixel_strs=fer_row['pixels'].split(" ")
    try:
        if 'Training' in fer_row['Usage']:
            train_X.append(np.array(pixel_strs,'float32'))
            train_Y.append(fer_row['emotion'])
        elif 'PublicTest' in fer_row['Usage']:
            test_X.append(np.array(pixel_strs, 'float32'))
            test_Y.append(fer_row['emotion'])
    except:
        print(f"could not parse row {row_idx}: {fer_row}")

print(f"first train images: {train_X[0:2]}")
print(f"first train labels: {train_Y[0:2]}")
print(f"first test images: {test_X[0:2]}")
print(f"first test labels: {test_Y[0:2]}")

train_X=np.array(train_X,'float32')
train_Y=np.array(train_Y,'float32')
test_X=np.array(test_X,'float32')
test_Y=np.array(test_Y,'float32')

n_filters=64
n_labels=7
train_batch_size=256
n_epochs=30
img_w,img_h=48,48

train_Y=np_utils.to_categorical(train_Y , num_classes=n_labels)
test_Y=np_utils.to_categorical(test_Y, num_classes=n_labels)

# scale pixels to [0, 1]

train_X/=255
test_X/=255


train_X=train_X.reshape(train_X.shape[0],img_w,img_h,1)
train_X=train_X.astype('float32')
test_X=test_X.reshape(test_X.shape[0],img_w,img_h,1)
test_X=test_X.astype('float32')

# the CNN

fer_model=Sequential()

# conv block 1
fer_model.add(Conv2D(64, kernel_size=(5, 5), activation='relu', input_shape=(48,48,1)))
# fer_model.add(BatchNormalization())
fer_model.add(MaxPooling2D(pool_size=(5,5), strides=(2, 2)))

# conv block 2
fer_model.add(Conv2D(64, (3, 3), activation='relu'))
#fer_model.add(Conv2D(64, (3, 3), activation='relu'))
# fer_model.add(BatchNormalization())
fer_model.add(MaxPooling2D(pool_size=(3,3), strides=(2, 2)))

# conv block 3
fer_model.add(Conv2D(128, (3, 3), activation='relu'))
#fer_model.add(Conv2D(128, (3, 3), activation='relu'))
# fer_model.add(BatchNormalization())
fer_model.add(MaxPooling2D(pool_size=(3,3), strides=(2, 2)))

fer_model.add(Flatten())

# dense head
fer_model.add(Dense(1024, activation='relu'))
fer_model.add(Dropout(0.2))
fer_model.add(Dense(1024, activation='relu'))
fer_model.add(Dropout(0.2))

fer_model.add(Dense(n_labels, activation='softmax'))

# fer_model.summary()
# compile
fer_model.compile(loss=categorical_crossentropy,
              optimizer=RMSprop(),
              metrics=['accuracy'])

# train
fer_model.fit(train_X, train_Y,
          batch_size=train_batch_size,
          epochs=n_epochs,
          verbose=1,
          validation_data=(test_X, test_Y),
          shuffle=True)


# write architecture and weights for the recommender app
arch_json = fer_model.to_json()
with open("fer.json", "w") as json_fh:
    json_fh.write(arch_json)
fer_model.save_weights("fer.h5")