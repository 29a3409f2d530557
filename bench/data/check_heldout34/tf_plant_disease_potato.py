import glob
import numpy as np
from cv2 import resize
from matplotlib.image import imread
from matplotlib.pyplot import imshow
from sklearn.model_selection import train_test_split
from keras.models import Sequential
from keras.layers import Conv2D,Dropout,Dense,MaxPool2D,Flatten
from keras.preprocessing.image import ImageDataGenerator

# only the potato leaves
crop = "Potato"
n_images = 2152
(img_w,img_h) = (28,28)
leaf_images = np.zeros((n_images,img_w,img_h,3))
labels_num = np.zeros((n_images))
class_to_id = {'Early_blight':0,'Late_blight':1,'healthy':2}

n_read = 0
for class_dir in sorted(glob.glob('PlantVillage-Dataset/raw/color/*')):
  if crop in class_dir:
      print(class_dir)
      for img_file in glob.glob(class_dir+'/*'):
        leaf_images[n_read] = resize(imread(img_file)[:,:,:3],(img_w,img_h))
        labels_num[n_read] = class_to_id[class_dir.split('___')[1]]
        n_read += 1
print(n_read)

y = to_categorical(labels_num,num_classes=len(class_to_id))
leaf_images = leaf_images/255
np.savez("{}_X_y.npz".format(crop),X=leaf_images,y=y)

train_X,test_X,train_y,test_y = train_test_split(leaf_images,y,random_state=5,test_size=0.2)

model = Sequential()
model.add(Conv2D(128,3,3,input_shape=(img_w,img_h,3),activation='relu'))
model.add(Conv2D(256,2,1,activation='relu'))
model.add(Conv2D(512,2,1,activation='relu'))
model.add(MaxPool2D())
model.add(Flatten())
model.add(Dense(1024,activation='relu'))
model.add(Dropout(0.5))
model.add(Dense(512,activation='relu'))
model.add(Dropout(0.4))
model.add(Dense(100,activation='relu'))
model.add(Dropout(0.4))
model.add(Dense(len(class_to_id),activation="softmax"))
model.compile(loss="categorical_crossentropy",optimizer="adam",metrics=['accuracy'])
model.summary()

#'''
augmenter = ImageDataGenerator(width_shift_range=0.3,height_shift_range=0.3,zoom_range=[0.8,1.2],horizontal_flip=True)
train_flow = augmenter.flow(train_X,train_y)
model.fit_generator(train_flow,steps_per_epoch=40,epochs=10,validation_data=(test_X,test_y))
#'''

# model.fit(train_X,train_y,epochs=10,batch_size=128,validation_data=(test_X,test_y))

model.save("{}_dieases.h5".format(crop))
