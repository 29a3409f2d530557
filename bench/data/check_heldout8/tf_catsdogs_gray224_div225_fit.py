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


# == reading and caching the images (img_input.py) ==
def read_pet_images(dog_img_dir, cat_img_dir):
    side = 224
    dog_frames = []
    cat_frames = []

    dog_images = np.empty(shape=(4000, 224, 224))
    cat_images = np.empty(shape=(4000, 224, 224))


    try:
        dog_cache_path = "D:\\Work\\College\\Spring 2020\\DeepLearningCoursera-2\\dogsSaved"
        cat_cache_path = "D:\\Work\\College\\Spring 2020\\DeepLearningCoursera-2\\catsSaved"
        dog_fh = open(dog_cache_path, 'rb')
        cat_fh = open(cat_cache_path, 'rb')
        dog_images = np.load(dog_fh)
        cat_images = np.load(cat_fh)
        print('using the cached arrays')
    except IOError:

        for img_file in os.listdir(dog_img_dir):
            try:
                dog_pic = cv2.imread(os.path.join(dog_img_dir, img_file), cv2.IMREAD_GRAYSCALE)
                dog_pic = cv2.resize(dog_pic, (side, side))
                dog_frames.append(dog_pic)
            except:
                continue

        for img_file in os.listdir(cat_img_dir):
            try:
                cat_pic = cv2.imread(os.path.join(cat_img_dir, img_file), cv2.IMREAD_GRAYSCALE)
                cat_pic = cv2.resize(cat_pic,(side, side))
                cat_frames.append(cat_pic)
            except:
                continue


        dog_images = np.asanyarray(dog_frames)
        cat_images = np.asanyarray(cat_frames)
        dog_images = np.expand_dims(dog_images, axis=4)
        cat_images = np.expand_dims(cat_images, axis=4)

        dog_out = open('dogsSaved', 'wb')
        np.save(dog_out, dog_images)
        dog_out.close()
        cat_out = open('catsSaved', 'wb')
        np.save(cat_out, cat_images)
        cat_out.close()
        print("cached arrays written for the next run")



    dog_labels = np.ones((dog_images.shape[0], 1))
    cat_labels = np.zeros((cat_images.shape[0],1))

    all_X = np.concatenate((dog_images, cat_images), axis = 0)
    all_Y = np.concatenate((dog_labels, cat_labels), axis = 0)

    train_X, train_Y = shuffle(all_X, all_Y, random_state = 0)
    train_X = train_X/225
    return train_X, train_Y


# == a small CNN on the cached arrays (imgclsf_keras.py) ==
pet_model = Sequential()

train_X, train_Y = read_pet_images("D:\\Work\\College\\Spring 2020\\DeepLearningCoursera-2\\training_set\\training_set\\dogs", "D:\\Work\\College\\Spring 2020\\DeepLearningCoursera-2\\training_set\\training_set\\cats")

pet_model.add(Conv2D(64, (8, 8), padding='same', activation='relu'))
pet_model.add(MaxPooling2D((2, 2)))
pet_model.add(Conv2D(128, (4, 4), padding='same', activation='relu'))
pet_model.add(MaxPooling2D((2, 2)))
pet_model.add(Flatten())
pet_model.add(Dense(1, activation='softmax'))

pet_model.compile(optimizer='Adam', loss='binary_crossentropy', metrics=['accuracy'])
pet_model.fit(train_X, train_Y, batch_size=50, epochs=2)
