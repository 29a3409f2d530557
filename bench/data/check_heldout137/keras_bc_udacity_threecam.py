### Steering clone trainer for the simulator track
### version of the net from the spring run

### Libraries used for reading the log
import csv
import cv2
import numpy as np

### Pull every row of the simulator log
log_rows = []
with open('D:\\sim_runs\\udacity_term1\\behaviour_clone\\recordings\\CarND-BC-master\\CarND-BC-master\\data\\session_two\\driving_log.csv') as logfile:

    rows_in = csv.reader(logfile)
    for row in rows_in:
        log_rows.append(row)

### Gather every frame and its steering value named in the log
frames = []
steer_values = []
for row in log_rows:
    #go over the three cameras: middle, left side, right side
    for cam in range(3):

        #work out where the frame lives on disk
        recorded_path = row[cam]
        frame_name = recorded_path.split('\\')[-1]
        local_path = 'D:\\sim_runs\\udacity_term1\\behaviour_clone\\recordings\\CarND-BC-master\\CarND-BC-master\\data\\session_two\\IMG\\' + frame_name

        #read the frame and keep it
        frame = cv2.imread(local_path)
        frames.append(frame)

        #middle camera uses the logged value as is
        steer_mid = float(row[3])

        #side cameras get a fixed offset so the car learns to steer back
        #offset idea taken from the end-to-end driving paper
        offset = 0.2
        steer_left = steer_mid + offset
        steer_right = steer_mid - offset

        #choose the value that matches the camera
        if cam == 0: #middle
            steer = steer_mid
        elif cam == 1: #left side
            steer = steer_left
        elif cam == 2: #right side
            steer = steer_right

        #keep the steering value next to its frame
        steer_values.append(steer)

### Double the data with mirrored frames and negated steering
aug_frames, aug_steer = [], []
for frame, steer in zip(frames, steer_values):
    aug_frames.append(frame)
    aug_steer.append(steer)
    aug_frames.append(cv2.flip(frame,1)) #mirror horizontally
    aug_steer.append(steer*-1.0) #negate the steering

### Build the arrays handed to keras
features = np.array(aug_frames)
targets = np.array(aug_steer)

### Keras pieces
from keras.models import Sequential
from keras.layers import Flatten, Dense, Lambda, Cropping2D
from keras.layers import Convolution2D
from keras.layers.pooling import MaxPooling2D

### Network in the style of the end-to-end driving paper
net = Sequential()
net.add(Lambda(lambda x: x / 255.0 - 0.5, input_shape=(160,320,3))) #scale pixels to [-0.5, 0.5]
net.add(Cropping2D(cropping=((70,25),(0,0)))) #cut sky and bonnet
net.add(Convolution2D(24,5,5,subsample=(2,2),activation="relu")) #strided conv with relu
net.add(Convolution2D(36,5,5,subsample=(2,2),activation="relu")) #strided conv with relu
net.add(Convolution2D(48,5,5,subsample=(2,2),activation="relu")) #strided conv with relu
net.add(Convolution2D(64,3,3,activation="relu")) #plain conv with relu
net.add(Convolution2D(64,3,3,activation="relu")) #plain conv with relu
net.add(Flatten())
net.add(Dense(100)) #dense head
net.add(Dense(50)) #dense head
net.add(Dense(10)) #dense head
net.add(Dense(1))

### Compile and train

#mean squared error with adam
net.compile(loss='mse', optimizer='adam')
#a fifth held out for validation, shuffled, five passes
fit_log = net.fit(features, targets, validation_split=0.2, shuffle=True, nb_epoch=5, verbose=1)

#Write the trained net
net.save('model.h5')

### list what the history recorded
print(fit_log.history.keys())

### chart training and validation loss per pass
import matplotlib.pyplot as plt

plt.plot(fit_log.history['loss'])
plt.plot(fit_log.history['val_loss'])
plt.title('mse per pass')
plt.ylabel('mse')
plt.xlabel('pass')
plt.legend(['fit', 'held out'], loc='upper right')
plt.show()
