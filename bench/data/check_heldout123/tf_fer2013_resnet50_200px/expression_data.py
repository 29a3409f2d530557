import numpy as np
import os
import re
import scipy.misc
from keras.applications.resnet50 import ResNet50
from keras.layers import Input, Dense, Dropout, LeakyReLU, Activation
from keras.models import Model
from keras.callbacks import ModelCheckpoint
from keras import metrics
from keras import regularizers
from keras.optimizers import SGD
import resnet
#from ResNet50_noBN import ResNet50_noBN

class ExpressionData:
	def __init__(self, resize=None):
		csv_path = "fer2013/fer2013.csv"
		if not os.path.exists(csv_path):
			print("expression csv missing: {}".format(csv_path))
			print("get it from the Kaggle FER2013 challenge page")

		# read rows
		n_lines = 0
		fit_x = []
		fit_y = []
		val_x = []
		val_y = []
		tst_x = []
		tst_y = []
		with open(csv_path, "r") as fh:
			for row in fh:
				n_lines += 1
				# header line
				if n_lines == 1:
					continue

				# the three fields
				try:
					cls, pix, part = row.split(",")
				except ValueError:
					print("stopped at line:{}".format(n_lines))
					break

				# one-hot target
				cls_id = int(cls)
				cls = np.zeros(7)
				cls[cls_id] = 1

				# pixels to an image
				vals = [int(v) for v in pix.split()]
				face = np.reshape(vals, (48, 48))
				if resize:
					face = scipy.misc.imresize(face, (resize, resize))
				face = np.expand_dims(face, axis=2)
				face = face/255 - 0.5
				part = part.rstrip()
				if part == "Training":
					fit_x.append(face)
					fit_y.append(cls)

				elif part == "PublicTest":
					val_x.append(face)
					val_y.append(cls)

				elif part == "PrivateTest":
					tst_x.append(face)
					tst_y.append(cls)

				else:
					print("stopped at line:{}".format(n_lines))
					break
				
		self.train_data = np.array(fit_x)
		self.train_labels = np.array(fit_y)
		self.validation_data = np.array(val_x)
		self.validation_labels = np.array(val_y)
		self.test_data = np.array(tst_x)
		self.test_labels = np.array(tst_y)



class ExpressionNet:
	def __init__(self, restore = None, session=None, use_log=True, image_size=48):
		self.image_size = image_size
		self.num_channels = 1
		self.num_labels = 7

		if image_size == 48:
			net = resnet.ResnetBuilder.build_resnet_50((self.num_channels, self.image_size, self.image_size), self.num_labels, use_softmax=use_log)
		elif image_size == 200:
			inp = Input(shape=(self.image_size, self.image_size, 1))
			backbone = ResNet50(weights=None, input_tensor=inp)
			h = backbone.output
			h = LeakyReLU()(h)
			h = Dense(128)(h)
			#h = Dropout(0.3)(h)
			h = LeakyReLU()(h)
			#h = Dropout(0.4)(h)
			h = Dense(7)(h)
			if use_log:
				h = Activation("softmax")(h)
			net = Model(inputs=backbone.input, outputs=h)
		else:
			raise Exception("image size must be 48 or 200.")
		

		if restore:
			net.load_weights(restore)

		self.model = net

	def predict(self, data):
		# called inside a tf session with a tensor
		return self.model(data)
