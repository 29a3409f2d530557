#!/usr/bin/python3.7

import os
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Dense, Flatten, Dropout, BatchNormalization
import image_load

frame_wh = (64, 36)
frame_in = frame_wh + (3,)

class TinyDriver(Sequential):
	def __init__(self, in_shape=frame_in, n_cmds=4, name="tiny driver cnn"):
		super().__init__()
		self.add(
			BatchNormalization(
				axis=1,
				input_shape=in_shape
			)
		)
		# layers follow one after another
		self.add(
			BatchNormalization(

			)
		)

		self.add(
			Conv2D(
				filters=32,
				kernel_size=(3,3),
				strides=(1,1),
				padding="same",
				activation="relu"
			)
		)
		self.add(
			Conv2D(
				filters=32,
				kernel_size=(3,3),
				strides=(1,1),
				padding="same",
				activation="relu"
			)
		)

		self.add(
			MaxPooling2D(
				pool_size=(2,2),
				strides=None,
				padding="valid"
			)
		)
		self.add(
			Dropout(0.25)
		)
		# spatial size is now halved
		self.add(
			Conv2D(
				filters=64,
				kernel_size=(3,3),
				strides=(1,1),
				padding="same",
				activation="relu"
			)
		)

		self.add(
			MaxPooling2D(
				pool_size=(2,2),
				strides=None,
				padding="valid"
			)
		)

		self.add(
			Conv2D(
				filters=128,
				kernel_size=(3,3),
				strides=(1,1),
				padding="same",
				activation="relu"
			)
		)
		self.add(
			MaxPooling2D(
				pool_size=(2,2),
				strides=None,
				padding="valid"
			)
		)
		self.add(
			Dropout(0.25)
		)
		# halved again
		self.add(Flatten())
		
		# two dense layers close the net
		self.add(
			Dense(
				units=64,
				activation="relu",
				use_bias=True,
			)
		)
		self.add(
			Dropout(0.25)
		)

		# softmax over the drive commands
		self.add(
			Dense(
				units=n_cmds,
				activation="softmax",
				use_bias=True
			)
		)

		self.compile(optimizer="Adam", loss="categorical_crossentropy", metrics=["accuracy"])

	def fit(self, feats, cmds):
		super().fit(
			x=feats,
			y=cmds,
			batch_size=64,
			epochs=20,
			verbose=1,
			validation_split=0.2,
			shuffle=True
		)
	
	def predict(self, feats):
		# ask keras for the scores
		scores = super().predict(
			x=feats
		)
		
		return scores

def load_model(folder="model"):
	"""arch_file_path = os.path.join(folder, "architecture.json")
	with open(arch_file_path, 'r') as fh:
		arch_text = fh.read()
	net = K.models.model_from_json(arch_text, custom_objects={"TinyDriver": TinyDriver})"""
	driver = TinyDriver()
	w_path = os.path.join(folder, "weights.h5")
	driver.load_weights(w_path)

	driver.compile(optimizer="Adam", loss="categorical_crossentropy", metrics=["accuracy"])

	return driver