# -*- coding: utf-8 -*-
"""
Conv regressors for 2D boxes (5 values) and projected 3D boxes (17 values)


"""


from tensorflow import keras
from tensorflow.keras import backend as K
import tensorflow as tf
import time




# corner boxes
class BoxRegressor2D ( object ) :

	def __init__(self, input_shape):


		slope = 0.2


		def box_overlap(gt, pr):
			ix0 = K.maximum(gt[..., 0], pr[..., 0])
			iy0 = K.maximum(gt[..., 1], pr[..., 1])
			ix1 = K.minimum(gt[..., 2], pr[..., 2])
			iy1 = K.minimum(gt[..., 3], pr[..., 3])
			inter = K.maximum(0.0, ix1 - ix0) * K.maximum(0.0, iy1 - iy0)
			area_gt = (gt[..., 2] - gt[..., 0]) * (gt[..., 3] - gt[..., 1])
			area_pr = (pr[..., 2] - pr[..., 0]) * (pr[..., 3] - pr[..., 1])
			ovl = inter / (area_gt + area_pr - inter)
			return ovl

		def combined_loss(t_true, t_pred):
			sq_err = tf.losses.mean_squared_error(t_true, t_pred)
			ovl = box_overlap(t_true, t_pred)
			return sq_err + (1 - ovl)
			return (1 - ovl)

		def centre_metric(t_true, t_pred):
			return box_overlap(t_true, t_pred)

		stack = [
			keras.layers.Conv2D(16, kernel_size=(3, 3), strides=1, input_shape=input_shape),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(16, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Conv2D(32, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(32, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Conv2D(64, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(64, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Conv2D(128, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(128, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Conv2D(256, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(256, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Flatten(),

			keras.layers.Dense(1240),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Dense(640),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Dense(480),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Dense(120),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Dense(62),
			keras.layers.LeakyReLU(slope=slope),

			keras.layers.Dense(5),
			keras.layers.LeakyReLU(slope=slope),
		]

		self.__net = keras.Sequential(stack)
		self.__net.compile(
			optimizer=keras.optimizers.Adam(lr=0.0001),
			loss=combined_loss,
			metrics=[centre_metric]
		)
		self.combined_loss = combined_loss
		self.centre_metric = centre_metric



	def run_fit(self, feats, targets, cfg):

		t_start = time.time()
		history = self.__net.fit(feats, targets,
						 batch_size=cfg['bsz'],
						 epochs=cfg['n_ep'],
						 callbacks=cfg['cbs'],
						 validation_data=cfg['held_out']
						 )
		t_end = time.time()
		elapsed = (t_end - t_start)
		unit = 's'
		if elapsed >= 60:
			elapsed = elapsed / 60
			unit = 'min'
		self.__net.summary()
		print('{} epoch(s) took {} {}'.format(cfg['n_ep'], elapsed, unit))
		return history

	def score_on(self, vx, vy):
		return self.__net.evaluate(vx, vy)


	def infer(self, feats):
		out = self.__net.predict(feats)
		return out

	def keras_model(self):
		return self.__net

	def store(self, path):
		self.__net.save(path)


	def load_model(self, path):
		self.__net = keras.models.load_model(path, custom_objects={'combined_loss': self.combined_loss, 'centre_metric': self.centre_metric})

	def restore_weights(self , path ) :
		self.__net.load_weights( path )

# eight projected corners plus a flag
class BoxRegressor3D ( object ) :

	def __init__(self, input_shape):
		slope = 0.2

		def combined_loss(t_true, t_pred):
			sq_err = tf.losses.mean_squared_error(t_true, t_pred)
			return sq_err

		def box_overlap(gt, pr):

			ix0 = (gt[..., 0] + gt[..., 2] + gt[..., 4] + gt[..., 6] + gt[..., 8] + gt[..., 10] + gt[..., 12] + gt[..., 14])/8
			iy0 = (gt[..., 1] + gt[..., 3] + gt[..., 5] + gt[..., 7] + gt[..., 9] + gt[..., 11] + gt[..., 13] + gt[..., 15])/8
			ix1 = (pr[..., 0] + pr[..., 2] + pr[..., 4] + pr[..., 6] + pr[..., 8] + pr[..., 10] + pr[..., 12] + pr[..., 14])/8
			iy1 = (pr[..., 1] + pr[..., 3] + pr[..., 5] + pr[..., 7] + pr[..., 9] + pr[..., 11] + pr[..., 13] + pr[..., 15])/8
			dist = (((ix0-ix1)*(ix0-ix1)+(iy0-iy1)*(iy0-iy1)))
			return dist


		def centre_metric(t_true, t_pred):
			return box_overlap(t_true, t_pred)

		print("building layers")


		stack = [
			keras.layers.Conv2D(16, kernel_size=(3, 3), strides=1, input_shape=input_shape),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(16, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Conv2D(32, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(32, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Conv2D(64, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(64, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Conv2D(128, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(128, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Conv2D(256, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Conv2D(256, kernel_size=(3, 3), strides=1),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.MaxPooling2D(pool_size=(2, 2)),

			keras.layers.Flatten(),

			keras.layers.Dense(1240),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Dense(640),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Dense(480),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Dense(120),
			keras.layers.LeakyReLU(slope=slope),
			keras.layers.Dense(62),
			keras.layers.LeakyReLU(slope=slope),

			keras.layers.Dense( 17 ),
			keras.layers.LeakyReLU(slope=slope),
		]

		print("stacking layers")
		self.__net = keras.Sequential(stack)
		print("compiling")
		self.__net.compile(
			optimizer=keras.optimizers.Adam(lr=0.0001),
			loss=combined_loss ,
			metrics=[centre_metric]
		)
		self.combined_loss = combined_loss
		self.centre_metric = centre_metric

	def run_fit(self, feats, targets, cfg):
		t_start = time.time()
		history = self.__net.fit(feats, targets,
						 batch_size=cfg['bsz'],
						 epochs=cfg['n_ep'],
						 callbacks=cfg['cbs'],
						 validation_data=cfg['held_out']
						 )
		t_end = time.time()
		elapsed = (t_end - t_start)
		unit = 's'
		if elapsed >= 60:
			elapsed = elapsed / 60
			unit = 'min'
		self.__net.summary()
		print('{} epoch(s) took {} {}'.format(cfg['n_ep'], elapsed, unit))
		return history

	def score_on(self, vx, vy):
		return self.__net.evaluate(vx, vy)


	def infer(self, feats):
		out = self.__net.predict(feats)
		return out

	def keras_model(self):
		return self.__net

	def store(self, path):
		self.__net.save(path)


	def load_model(self, path):

		self.__net = keras.models.load_model(path, custom_objects={'combined_loss': self.combined_loss,  'centre_metric': self.centre_metric})

	def restore_weights(self , path ) :
		self.__net.load_weights( path )