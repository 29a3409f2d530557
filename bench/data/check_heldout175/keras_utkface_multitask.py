import pandas as pd
import numpy as np
import os
from PIL import Image, ImageOps
from sklearn.model_selection import train_test_split

from tensorflow.keras.models import Sequential, Model
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Activation, Dropout, Flatten, Dense, Input
from tensorflow.keras import optimizers
from tensorflow.keras.preprocessing.image import ImageDataGenerator
import tensorflow as tf
import cv2



# UTKFace file names carry the labels, e.g. 28_1_2_20170116164204569.jpg.chip:
#   first field  = age in years
#   second field = gender (0 male, 1 female)
#   third field  = race (0 White, 1 Black, 2 Asian, 3 Indian, 4 Other)


image_directory =  r'/data/utkface/crop_part1'

valid_image = ['.jpg']

race_counts = {
    'White': 0,
    'Black': 0,
    'Asian': 0,
    'Indian': 0,
    'Other': 0
}


images = []
ages = []
genders = []
races = []

for file_name in os.listdir(image_directory)[:8000]:
    if any(file_name.lower().endswith(ext) for ext in valid_image):
        try:
            split = file_name.split('_')
            age = int(split[0])
            gender = int(split[1])
            race = int(split[2])
            img = Image.open(os.path.join(image_directory, file_name)).resize((128, 128)).convert('RGB')
            images.append(np.array(img))
            ages.append(age)
            genders.append(gender)
            races.append(race)
        except Exception as e:
            print(f"Error processing {file_name}: {e}")
            continue

# turn the python lists into arrays
images = np.array(images)
ages = np.array(ages)
genders = np.array(genders)
races = np.array(races)

# hold out a fifth of the faces
X_train, X_test, y_train_age, y_test_age, y_train_gender, y_test_gender, y_train_race, y_test_race = train_test_split(
    images, ages, genders, races, test_size=0.2, random_state=42)

# scale pixels into [0, 1]
X_train = X_train / 255.0
X_test = X_test / 255.0

# image input
input_img = Input(shape=(128, 128, 3))

# trunk shared by the three heads
x = Conv2D(32, (3, 3), activation='relu')(input_img)
x = MaxPooling2D((2, 2))(x)
x = Conv2D(64, (3, 3), activation='relu')(x)
x = MaxPooling2D((2, 2))(x)
x = Conv2D(128, (3, 3), activation='relu')(x)
x = MaxPooling2D((2, 2))(x)
x = Flatten()(x)
x = Dense(128, activation='relu')(x)
x = Dropout(0.5)(x)

# regression head for age
age_output = Dense(1, name='age')(x)

# binary head for gender
gender_output = Dense(1, activation='sigmoid', name='gender')(x)

# five-way head for race
race_output = Dense(5, activation='softmax', name='race')(x)

# assemble the three-output model
model = Model(inputs=input_img, outputs=[age_output, gender_output, race_output])

# one loss per head
model.compile(optimizer='adam', 
              loss={'age': 'mse', 'gender': 'binary_crossentropy', 'race': 'categorical_crossentropy'},
              metrics={'age': 'mae', 'gender': 'accuracy', 'race': 'accuracy'})

# one-hot race targets
y_train_race = tf.keras.utils.to_categorical(y_train_race, num_classes=5)
y_test_race = tf.keras.utils.to_categorical(y_test_race, num_classes=5)

# fit on the in-memory arrays
model.fit(X_train, {'age': y_train_age, 'gender': y_train_gender, 'race': y_train_race}, epochs=10, 
          validation_data=(X_test, {'age': y_test_age, 'gender': y_test_gender, 'race': y_test_race}))
