import csv
import cv2
import numpy as np
import matplotlib.pyplot as plt

from keras.models import Sequential
from keras.layers import Flatten, Dense, Lambda, Cropping2D, Dropout
from keras.layers.convolutional import Convolution2D
from keras.layers.pooling import MaxPooling2D

log_lines = []
camera_images = []
steer_labels = []
flipped_images = []
flipped_steer_labels = []

drive_images = []
steer_targets = []

log_csv_file = './CarND-Behavioral-Cloning-P3/data/driving_log.csv'
img_dir = './CarND-Behavioral-Cloning-P3/data/IMG/'

with open(log_csv_file, encoding="utf-8") as log_fh:
    row_reader = csv.reader(log_fh)
    for log_row in row_reader:
        angle_mid = float(log_row[3])

        # shift the steering value for the two side-mounted cameras
        side_offset = 0.2 # tunable offset
        angle_port = angle_mid + side_offset
        angle_starboard = angle_mid - side_offset

        # load the middle, port and starboard camera frames
        img_file = log_row[0].split('\\')[-1]
        img_path = img_dir + img_file
        img_mid = cv2.imread(img_path)
        camera_images.append(img_mid)
        steer_labels.append(angle_mid)

        img_file = log_row[1].split('\\')[-1]
        img_path = img_dir + img_file
        img_port = cv2.imread(img_path)
        camera_images.append(img_port)
        steer_labels.append(angle_port)

        img_file = log_row[2].split('\\')[-1]
        img_path = img_dir + img_file
        img_starboard = cv2.imread(img_path)
        camera_images.append(img_starboard)
        steer_labels.append(angle_starboard)

for camera_image, steer_label in zip(camera_images, steer_labels):
    flipped_images.append(camera_image)
    flipped_steer_labels.append(steer_label)
    flipped_images.append(cv2.flip(camera_image,1))
    flipped_steer_labels.append(steer_label*-1.0)

train_X = np.array(flipped_images)
train_y = np.array(flipped_steer_labels)

drive_model = Sequential()
drive_model.add(Lambda(lambda x: x /255.0 -0.5, input_shape=(160, 320, 3)))
drive_model.add(Cropping2D(cropping=((65,20), (0,0))))
drive_model.add(Convolution2D(24, 5, 5, subsample=(2,2), activation='relu'))
drive_model.add(Convolution2D(36, 5, 5, subsample=(2,2), activation='relu'))
drive_model.add(Convolution2D(48, 5, 5, subsample=(2,2), activation='relu'))
drive_model.add(Convolution2D(64, 3, 3, activation='relu'))
drive_model.add(Convolution2D(64, 3, 3, activation='relu'))
drive_model.add(Flatten())
drive_model.add(Dense(100))
drive_model.add(Dense(50))
drive_model.add(Dense(10))
drive_model.add(Dense(1))

drive_model.compile(loss='mse', optimizer='adam')
fit_log = drive_model.fit(train_X, train_y, validation_split=0.2, shuffle=True, epochs=5, verbose=1)
drive_model.save('./CarND-Behavioral-Cloning-P3/model.h5')

### show which metrics the fit log recorded
print(fit_log.history.keys())
print(fit_log.history['loss'])
print(fit_log.history['val_loss'])