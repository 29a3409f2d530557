''' Fits the spatio-temporal autoencoder on the saved frame stack

Usage:

>>python3 train.py EPOCHS     (an integer) starts the fit.





Written for a video anomaly project


'''

from keras.callbacks import ModelCheckpoint, EarlyStopping
from model import build_stae
import numpy as np 
import argparse



cli=argparse.ArgumentParser()
cli.add_argument('n_epochs',type=int)

opts=cli.parse_args()

frame_stack=np.load('training.npy')
n_frames=frame_stack.shape[2]
#cut the frame count down to a multiple of ten


n_frames=n_frames-n_frames%10

frame_stack=frame_stack[:,:,:n_frames]
frame_stack=frame_stack.reshape(-1,227,227,10)
frame_stack=np.expand_dims(frame_stack,axis=4)
target_stack=frame_stack.copy()



n_epochs=opts.n_epochs
bs=1



if __name__=="__main__":

	net=build_stae()

	save_cb = ModelCheckpoint("AnomalyDetector.h5",
									monitor="mean_squared_error", save_best_only=True)

	stop_cb = EarlyStopping(monitor='val_loss', patience=3)

	print('autoencoder ready')

	net.fit(frame_stack,target_stack,
			  batch_size=bs,
			  epochs=n_epochs,
			  callbacks = [save_cb,stop_cb]
			  )
