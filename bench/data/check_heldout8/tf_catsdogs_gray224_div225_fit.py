from keras.models import Sequential
from keras.layers import Conv2D
from keras.layers import Dense
from keras.layers import Flatten
from keras.layers import Input
from keras.layers import MaxPooling2D
import numpy as np
from sklearn.utils import shuffle
import os
import cv2


# ---- img_input.py ----
def imginput(DOGDATADIR, CATDATADIR):
    IMG_SIZE = 224
    dog_arr = []
    cat_arr = []

    dog_data = np.empty(shape=(4000, 224, 224))
    cat_data = np.empty(shape=(4000, 224, 224))


    try:
        dogpath = "D:\\Work\\College\\Spring 2020\\DeepLearningCoursera-2\\dogsSaved"
        catpath = "D:\\Work\\College\\Spring 2020\\DeepLearningCoursera-2\\catsSaved"
        dogs = open(dogpath, 'rb')
        cats = open(catpath, 'rb')
        dog_data = np.load(dogs)
        cat_data = np.load(cats)
        print('Existing save files found....')
    except IOError:

        for img in os.listdir(DOGDATADIR):
            try:
                dog_img = cv2.imread(os.path.join(DOGDATADIR, img), cv2.IMREAD_GRAYSCALE)
                dog_img = cv2.resize(dog_img, (IMG_SIZE, IMG_SIZE))
                dog_arr.append(dog_img)
            except:
                continue

        for img in os.listdir(CATDATADIR):
            try:
                cat_img = cv2.imread(os.path.join(CATDATADIR, img), cv2.IMREAD_GRAYSCALE)
                cat_img = cv2.resize(cat_img,(IMG_SIZE, IMG_SIZE))
                cat_arr.append(cat_img)
            except:
                continue


        dog_data = np.asanyarray(dog_arr)
        cat_data = np.asanyarray(cat_arr)
        dog_data = np.expand_dims(dog_data, axis=4)
        cat_data = np.expand_dims(cat_data, axis=4)

        outfile = open('dogsSaved', 'wb')
        np.save(outfile, dog_data)
        outfile.close()
        outfile2 = open('catsSaved', 'wb')
        np.save(outfile2, cat_data)
        outfile2.close()
        print("save files created for future runs.")



    dog_label = np.ones((dog_data.shape[0], 1))
    cat_label = np.zeros((cat_data.shape[0],1))

    X_train_orig = np.concatenate((dog_data, cat_data), axis = 0)
    Y_train_orig = np.concatenate((dog_label, cat_label), axis = 0)

    X_train, Y_train = shuffle(X_train_orig, Y_train_orig, random_state = 0)
    X_train = X_train/225
    return X_train, Y_train


# ---- imgclsf_keras.py ----
model = Sequential()

X_train, Y_train = imginput("D:\\Work\\College\\Spring 2020\\DeepLearningCoursera-2\\training_set\\training_set\\dogs", "D:\\Work\\College\\Spring 2020\\DeepLearningCoursera-2\\training_set\\training_set\\cats")

model.add(Conv2D(64, (8, 8), padding='same', activation='relu'))
model.add(MaxPooling2D((2, 2)))
model.add(Conv2D(128, (4, 4), padding='same', activation='relu'))
model.add(MaxPooling2D((2, 2)))
model.add(Flatten())
model.add(Dense(1, activation='softmax'))

model.compile(optimizer='Adam', loss='binary_crossentropy', metrics=['accuracy'])
model.fit(X_train, Y_train, batch_size=50, epochs=2)
