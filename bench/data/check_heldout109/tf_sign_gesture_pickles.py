import numpy as np
import pickle
import cv2, os
from glob import glob
from keras import optimizers
from keras.models import Sequential
from keras.layers import Dense
from keras.layers import Dropout
from keras.layers import Flatten
from keras.layers.convolutional import Conv2D
from keras.layers.convolutional import MaxPooling2D
from keras.utils import np_utils
from keras.callbacks import ModelCheckpoint
from keras import backend as K
K.set_image_dim_ordering('tf')

os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'

def frame_shape():
	probe = cv2.imread('gestures/1/100.jpg', 0)
	return probe.shape

def count_signs():
	return len(glob('gestures/*'))

rows_px, cols_px = frame_shape()

def build_net():
	n_signs = count_signs()
	net = Sequential()
	net.add(Conv2D(16, (2,2), input_shape=(rows_px, cols_px, 1), activation='relu'))
	net.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), padding='same'))
	net.add(Conv2D(32, (3,3), activation='relu'))
	net.add(MaxPooling2D(pool_size=(3, 3), strides=(3, 3), padding='same'))
	net.add(Conv2D(64, (5,5), activation='relu'))
	net.add(MaxPooling2D(pool_size=(5, 5), strides=(5, 5), padding='same'))
	net.add(Flatten())
	net.add(Dense(128, activation='relu'))
	net.add(Dropout(0.2))
	net.add(Dense(n_signs, activation='softmax'))
	opt = optimizers.SGD(lr=1e-2)
	net.compile(loss='categorical_crossentropy', optimizer=opt, metrics=['accuracy'])
	ckpt_file="cnn_model_keras2.h5"
	saver = ModelCheckpoint(ckpt_file, monitor='val_acc', verbose=1, save_best_only=True, mode='max')
	hooks = [saver]
	#from keras.utils import plot_model
	#plot_model(net, to_file='net.png', show_shapes=True)
	return net, hooks

def run_training():
	with open("train_images", "rb") as fh:
		fit_x = np.array(pickle.load(fh))
	with open("train_labels", "rb") as fh:
		fit_y = np.array(pickle.load(fh), dtype=np.int32)

	with open("val_images", "rb") as fh:
		hold_x = np.array(pickle.load(fh))
	with open("val_labels", "rb") as fh:
		hold_y = np.array(pickle.load(fh), dtype=np.int32)

	fit_x = np.reshape(fit_x, (fit_x.shape[0], rows_px, cols_px, 1))
	hold_x = np.reshape(hold_x, (hold_x.shape[0], rows_px, cols_px, 1))
	fit_y = np_utils.to_categorical(fit_y)
	hold_y = np_utils.to_categorical(hold_y)

	print(hold_y.shape)

	net, hooks = build_net()
	net.summary()
	net.fit(fit_x, fit_y, validation_data=(hold_x, hold_y), epochs=15, batch_size=500, callbacks=hooks)
	res = net.evaluate(hold_x, hold_y, verbose=0)
	print("CNN Error: %.2f%%" % (100-res[1]*100))
	#net.save('cnn_model_keras2.h5')

run_training()
K.clear_session();
