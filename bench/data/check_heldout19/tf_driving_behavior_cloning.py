"""
Behavioural cloning for the simulator track: regress the steering angle
from the centre-camera frame with an NVIDIA-style convolutional network.
"""
import csv
import cv2
import numpy as np

from keras.models import Sequential
from keras.layers import Dense, Activation, Flatten, Dropout, Cropping2D, Lambda
from keras.layers.convolutional import Convolution2D
from keras.layers.pooling import MaxPooling2D

rec_dir = '../P3_data/recording2/'

# kernel sizes used by the conv stack
k5 = 5
k3 = 3

# ---------------------------------------------------------------
# read the simulator log (one row per recorded frame)
# ---------------------------------------------------------------
log_rows = []
log_file = rec_dir + 'driving_log.csv'
with open(log_file) as fh:
    rdr = csv.reader(fh)
    for row in rdr:
        log_rows.append(row)

# ---------------------------------------------------------------
# decode every centre-camera frame and keep its steering value
# ---------------------------------------------------------------
frames = []
angles = []
for row in log_rows:
    src = row[0]
    fname = src.split('/')[-1]
    local = rec_dir + 'IMG/' + fname
    frame = cv2.imread(local)
    frames.append(frame)

    steer = float(row[3])
    angles.append(steer)

# ---------------------------------------------------------------
# augmentation: mirror each frame and negate its steering angle
# ---------------------------------------------------------------
frames_aug, angles_aug = [], []
for frame, steer in zip(frames, angles):
    frames_aug.append(frame)
    frames_aug.append(np.fliplr(frame))

    angles_aug.append(steer)
    angles_aug.append(-steer)

print('Samples after mirroring: {}' .format(len(angles_aug)))

X_all = np.array(frames_aug)
y_all = np.array(angles_aug)

print(X_all.shape)
print(y_all.shape)

net = Sequential()
# scale pixels to [-0.5, 0.5]
net.add(Lambda(lambda t: t / 255.0 - 0.5, input_shape = (160, 320, 3)))
# -> 3 planes of 160x320

# drop sky and bonnet rows
net.add(Cropping2D(cropping=((70, 25), (0, 0))))

# convolution stack (valid padding, unit stride)
# block 1
net.add(Convolution2D(24, k5, k5, activation="relu"))
#net.add(MaxPooling2D())
# block 2
net.add(Convolution2D(36, k5, k5, activation="relu"))
#net.add(MaxPooling2D())
# block 3
net.add(Convolution2D(48, k5, k5, activation="relu"))
# block 4
net.add(Convolution2D(64, k5, k5, activation="relu"))
# block 5
net.add(Convolution2D(64, k5, k5, activation="relu"))

# regression head
net.add(Flatten())
net.add(Dense(100))
net.add(Dense(50))
net.add(Dense(10))
net.add(Dense(1))

net.compile(loss='mse', optimizer='adam')



net.fit(X_all, y_all, validation_split=0.2, shuffle=True, nb_epoch = 5)

net.save('model.h5')
