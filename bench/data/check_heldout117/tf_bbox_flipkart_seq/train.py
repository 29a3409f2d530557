import tensorflow as tf 
from keras.models import Sequential
from keras.layers import Dense, Conv2D, Flatten, MaxPooling2D, Dropout
from keras.models import load_model
from keras import regularizers
from hyperparams import Settings
from data_loader import FitBatches, HoldBatches
from model import BoxNet
import sys
import logging

#logging setup
LOG_FMT = "[%(filename)s: %(lineno)3s] %(levelname)s: %(message)s"
logging.basicConfig(level=logging.INFO, format=LOG_FMT)
log = logging.getLogger(__name__)

P = Settings()

fit_batches = FitBatches(P.train_batch_size, P.num_train)
hold_batches = HoldBatches(P.val_batch_size, P.num_train)
log.info("Batch sources ready")
# net = load_model("batch_14.h5")
net = BoxNet().get_model()
log.info("Network built")
adam = tf.keras.optimizers.Adam(lr=P.learning_rate)
net.compile(optimizer="adam", loss='mean_squared_error', metrics=['mean_squared_error'])
# net.load_weights("ckpts/net_ep_{}.h5".format(sys.argv[1]))
log.info("Network compiled")

log.info("Starting the loop")
# net.fit_generator(generator=fit_batches,
# 	epochs=P.num_epochs,
# 	verbose=2,
# 	steps_per_epoch=(P.num_train//P.train_batch_size),
# 	validation_data=hold_batches,
# 	validation_steps=(P.num_val//P.val_batch_size),
# 	shuffle=True,
# 	max_queue_size=32)
# net.evaluate(x_hold, y_hold)


# from keras.callbacks import Callback
# class StepLosses(Callback) :
# 	'''keeps the loss of every step'''
# 	def on_train_begin(self, log={}) :
# 		self.steps = []
# 	def on_batch_end(self,batch,logs=[]):
# 		self.steps.append(logs.get('loss'))
import numpy as np
step_losses = []
np.array(step_losses)

for ep in range(P.num_epochs) :
	for b in range(P.num_train // P.train_batch_size) :
		xb, yb = fit_batches[b]
		step_loss = net.train_on_batch(xb,yb)
		log.info("Epoch : {}, step : {}, Loss : {}".format(ep,b,step_loss))
		step_losses.append(step_loss)
	hold_loss = net.evaluate_generator(generator = hold_batches.__iter__(), steps = P.num_val//P.val_batch_size,verbose=2, max_queue_size=3)
	log.info("holdout - Epoch : {}, loss : {}".format(ep,hold_loss))
	# log.info("Holdout - Epoch : {}, Loss : {}".format(ep, hold_loss))
	net.save("ckpts/net_ep_12.h5")
	log.info("Saved net_ep_12")

# import matplotlib.pyplot as plt
# plt.figure()
# plt.plot(step_losses)
# plt.show()
# plt.plot(step_losses)

# print(type(hold_batches))
# print(dir(hold_batches))
# print(hold_batches)
