import csv
import cv2
import numpy as np

#################################################################
# Part 1: gather the log rows
#################################################################
# Folders holding recorded driving sessions
# sim_default : the sample recording shipped with the simulator
# laps_ccw : extra laps driven counter-clockwise
# laps_cw : one extra lap driven clockwise
session_dirs = ['../data/','../andrew/','../andrewright/']

# Collect every log row together with the folder of its frames
records = []
for session in session_dirs:

	print("Reading session {} ".format(session))

	# path of the csv log and the frame folder
	log_path = session + 'driving_log.csv'
	frame_dir = session + 'IMG/'
	with open(log_path, 'r') as fh:
	        rows = csv.reader(fh)
	        next(rows)	# drop header
	        for entry in rows:
	        	records.append((entry,frame_dir))	# row plus folder

# hold out a validation part of the rows
from sklearn.model_selection import train_test_split
from sklearn.utils import shuffle
fit_records, holdout_records = train_test_split(records, test_size=0.2)

################################################################
# Part 2: a batch generator that reads frames lazily
################################################################
def batch_stream(records, batch_size):
	total = len(records)
	while True:	
		shuffle(records)
		for start in range(0,total,batch_size):	# one slice of rows per batch
			chunk = records[start:start+batch_size]
			frames = []
			angles = []

			for entry,frame_dir in chunk:		# each row of this slice
				angle_mid = float(entry[3])	# steering of the middle camera
				
				# side cameras get a shifted steering target
				# so the car learns to come back to the middle
				# shift below is a tuning knob
				shift = 0.25 # tuning knob
				angle_l = angle_mid + shift
				angle_r = angle_mid - shift

				# decode the three camera frames
				fname = entry[0].split('/')[-1]
				frame_mid = cv2.imread(frame_dir+fname)
				frame_mid = cv2.cvtColor(frame_mid, cv2.COLOR_BGR2RGB)

				fname = entry[1].split('/')[-1]
				frame_l = cv2.imread(frame_dir+fname)
				frame_l = cv2.cvtColor(frame_l, cv2.COLOR_BGR2RGB)

				fname = entry[2].split('/')[-1]
				frame_r = cv2.imread(frame_dir+fname)
				frame_r = cv2.cvtColor(frame_r, cv2.COLOR_BGR2RGB)

				# put frames and targets in the batch
				frames.append(frame_mid)
				frames.append(frame_l)
				frames.append(frame_r)
				angles.append(angle_mid)
				angles.append(angle_l)
				angles.append(angle_r)

			# mirror augmentation
			# each frame also goes in mirrored with negated steering
			aug_frames, aug_angles = [], []
			for frame,angle in zip(frames,angles):
				aug_frames.append(frame)
				aug_angles.append(angle)
				aug_frames.append(cv2.flip(frame,1))
				aug_angles.append(angle*-1.0)

			# to arrays
			xb = np.array(aug_frames)
			yb = np.array(aug_angles)

			# a batch here holds 6x batch_size frames (3 cameras x mirror)
			yield shuffle(xb, yb)

# rows per batch
batch_size = 32  # effective batch is six times this

# generators for fit and validation
fit_stream = batch_stream(fit_records, batch_size=batch_size)
holdout_stream = batch_stream(holdout_records, batch_size=batch_size)

#######################################################################
# Part 3: the network
#######################################################################
from keras.models import Sequential
from keras.layers import Flatten, Dense, Lambda, Convolution2D, MaxPooling2D, Cropping2D
net = Sequential()
# scale pixels to [-0.5, 0.5]
net.add(Lambda(lambda x: x/255.0 - 0.5, input_shape=(160,320,3)))
# remove sky and hood rows
net.add(Cropping2D(cropping=((70,25),(0,0))))
# small LeNet style stack
net.add(Convolution2D(6,5,5,activation="relu"))
net.add(MaxPooling2D())
net.add(Convolution2D(6,5,5,activation="relu"))
net.add(MaxPooling2D())
net.add(Flatten())
net.add(Dense(120))
net.add(Dense(84))
net.add(Dense(1))

###########################################################################
# Part 4: training
###########################################################################
print("fitting ...")
net.compile(loss='mse', optimizer='adam')		# regression on steering
net.fit_generator(generator=fit_stream, samples_per_epoch=len(fit_records)*6, 
validation_data=holdout_stream, nb_val_samples=len(holdout_records)*6, nb_epoch=3)

###########################################################################
# Part 5: write the weights
###########################################################################
net.save('model.h5')
