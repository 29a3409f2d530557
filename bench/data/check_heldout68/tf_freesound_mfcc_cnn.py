import sys, csv, os
import pandas as pd
import numpy as np
import keras
# from sklearn.preprocessing import StandardScaler
from keras.utils import *
from keras.layers import Input, Dense, Flatten, Dropout, merge, Embedding, BatchNormalization, Add, Convolution2D, MaxPool2D, Activation, AveragePooling2D
from keras.models import Model, load_model
from keras.optimizers import Adam
from sklearn.model_selection import train_test_split
from keras.callbacks import EarlyStopping, ModelCheckpoint
from keras.constraints import non_neg
from keras.metrics import top_k_categorical_accuracy
# from keras.initializers import glorot_normal

print("keras version in use:", keras.__version__)
N_EPOCHS = 200
RESUME = False


def top3_acc(t, p):
    return top_k_categorical_accuracy(t, p, k=3)
def avg_output(t, p):	# unused helper
	return K.mean(p)
def minmax_scale(arr):			# unused helper
	hi = np.max(arr)
	lo = np.min(arr)
	arr = (arr-lo)/(hi-lo+1e-6)
	return arr-0.5



def build_cnn(n_out, d1, d2):
	
	src = Input(shape=(1, d1, d2))
	h = Convolution2D(32, (2,5), data_format='channels_first', padding="same")(src)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = MaxPool2D(data_format='channels_first')(h)
	
	h = Convolution2D(64, (2,5), data_format='channels_first', padding="same")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = MaxPool2D(data_format='channels_first')(h)
	
	h = Convolution2D(128, (2,5), data_format='channels_first', padding="same")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = MaxPool2D(data_format='channels_first')(h)
	
	h = Convolution2D(256, (2,5), data_format='channels_first', padding="same")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = MaxPool2D(data_format='channels_first')(h)

	h = Flatten()(h)
	h = Dense(1024, activation="relu")(h)
	h = Dropout(0.5)(h)
	h = Dense(128, activation="relu")(h)
	# h = BatchNormalization()(h)

	probs = Dense(n_out, activation="softmax")(h)
	net = Model(inputs=src, outputs=probs)

	return net

def build_cnn_long(n_out, d1, d2):
	
	src = Input(shape=(1, d1, d2))
	h = Convolution2D(32, (2,5), data_format='channels_first', padding="same")(src)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = MaxPool2D(data_format='channels_first')(h)
	
	h = Convolution2D(64, (2,5), data_format='channels_first', padding="same")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = MaxPool2D(data_format='channels_first')(h)
	
	h = Convolution2D(128, (2,5), data_format='channels_first', padding="same")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = MaxPool2D(data_format='channels_first')(h)
	
	h = Convolution2D(256, (2,5), data_format='channels_first', padding="same")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = MaxPool2D(data_format='channels_first')(h)

	h = Convolution2D(384, (2,5), data_format='channels_first', padding="same")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = MaxPool2D(data_format='channels_first')(h)

	h = Flatten()(h)
	h = Dense(1024, activation="relu")(h)
	h = Dropout(0.5)(h)
	h = Dense(128, activation="relu")(h)
	# h = BatchNormalization()(h)

	probs = Dense(n_out, activation="softmax")(h)
	net = Model(inputs=src, outputs=probs)

	return net

def build_resnetish(n_out, d1, d2):

	def res_block(t, width):
		skip = t
		t = Convolution2D(width//4, kernel_size=1, strides=1, padding='same', data_format='channels_first')(t)
		t = Convolution2D(width//4, kernel_size=(2,5), strides=1, padding='same', data_format='channels_first')(t)
		t = Convolution2D(width, kernel_size=1, strides=1, padding='same', data_format='channels_first')(t)
		t = Add()([t, skip])
		t = Activation('relu')(t)
		return t

	src = Input(shape=(1, d1, d2))
	h = Convolution2D(32, (2,5), data_format='channels_first', padding="same")(src)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)	
	h = MaxPool2D(data_format='channels_first')(h)
	h = Dropout(0.5)(h)

	h = Convolution2D(64, (2,5), data_format='channels_first', padding="same")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	for _ in range(2):
		h = res_block(h, 64)

	h = Convolution2D(128, (2,5), data_format='channels_first', padding="same")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	for _ in range(2):
		h = res_block(h, 128)
	h = AveragePooling2D(data_format='channels_first')(h)


	h = Flatten()(h)
	h = Dense(1024, activation="relu")(h)
	h = Dropout(0.5)(h)
	h = Dense(128, activation="relu")(h)
	# h = BatchNormalization()(h)

	probs = Dense(n_out, activation="softmax")(h)
	net = Model(inputs=src, outputs=probs)

	return net

def build_cnn_nopool(n_out, d1, d2):
	
	src = Input(shape=(1, d1, d2))
	h = Convolution2D(32, (2,5), data_format='channels_first', padding="valid")(src)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	# h = AveragePooling2D(data_format='channels_first')(h)
	# h = Dropout(0.2)(h)

	h = Convolution2D(64, (2,5), data_format='channels_first', padding="valid")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	# h = AveragePooling2D(data_format='channels_first')(h)
	# h = Dropout(0.2)(h)

	h = Convolution2D(128, (2,5), data_format='channels_first', padding="valid")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = AveragePooling2D(data_format='channels_first')(h)
	# h = Dropout(0.2)(h)

	h = Convolution2D(256, (2,5), data_format='channels_first', padding="valid")(h)
	h = BatchNormalization()(h)
	h = Activation("relu")(h)
	h = AveragePooling2D(data_format='channels_first')(h)
	# h = Dropout(0.2)(h)

	h = Flatten()(h)
	h = Dense(1024, activation="relu")(h)
	h = Dropout(0.5)(h)
	h = Dense(128, activation="relu")(h)
	h = BatchNormalization()(h)

	probs = Dense(n_out, activation="softmax")(h)
	net = Model(inputs=src, outputs=probs)

	return net

## read the precomputed MFCC features
labels = np.load(sys.argv[2])
feats = np.expand_dims(np.load(sys.argv[1]), axis=1)
print(feats.shape)
labels = np_utils.to_categorical(labels, num_classes=41)

x_tr, x_va, y_tr, y_va \
= train_test_split(feats, labels, test_size = 0.1, random_state = 17)

# build or restore the network
if RESUME:
	print("restoring a saved network")
	with CustomObjectScope({'top_3_accuracy': top3_acc}):
		net = load_model(sys.argv[3])
else:
	# net = build_cnn(41, feats.shape[2], feats.shape[3])
	net = build_cnn_long(41, feats.shape[2], feats.shape[3])
	# net = build_resnetish(41, feats.shape[2], feats.shape[3])
	# net = build_cnn_nopool(41, feats.shape[2], feats.shape[3])

	opt = Adam(1e-4)
	net.compile(optimizer=opt,
		loss=['categorical_crossentropy'],
		metrics=['acc', top3_acc],
		loss_weights=None)

ckpt_path = sys.argv[3]
stopper = EarlyStopping(monitor='val_loss', patience=10, mode='min')
saver = ModelCheckpoint(ckpt_path, monitor='val_top_3_accuracy', verbose=1, save_best_only=True, mode='max')
cbs = [saver, stopper]
# print(net.summary())
hist = net.fit(x_tr, y_tr,
					validation_data=(x_va, y_va),
					epochs=N_EPOCHS,
					batch_size=32,
					verbose=1,
					shuffle=True,
					callbacks=cbs
				)

# net.save(sys.argv[3])
