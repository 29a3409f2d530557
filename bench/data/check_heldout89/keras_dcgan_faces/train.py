# DCGAN trainer: walks a folder of jpg files and feeds one batch at a time


import numpy as np
import sys, glob
import cv2
import os
import os.path
import argparse
import json
import math

import netdefs
import imgvec


cli = argparse.ArgumentParser()
cli.add_argument("--run_tag", type = str , default = "base")
cli.add_argument("--data", type = str)
cli.add_argument("--batch_size", type = int, default = 64 )
cli.add_argument("--epochs", type = int, default = 5 )
cli.add_argument('--fresh_start',action='store_true')
opts = cli.parse_args()



print("building networks")
stacked_gd , gen_net ,  disc_net = netdefs.buildAndCompile()
print("networks ready")

print("listing image files")
file_list = glob.glob(os.path.join(opts.data, "*.jpg"))
print("file list ready")




EPOCH_LIMIT = opts.epochs
BS = opts.batch_size
RUN_TAG  = opts.run_tag
FRESH_START = opts.fresh_start

batchCount =  math.ceil( (len(file_list)+0.0) / BS)

stepIdx = 0 
epochIdx = 0



def writeCheckpoint():

	global EPOCH_LIMIT , BS , RUN_TAG , stepIdx , epochIdx , stacked_gd , gen_net ,  disc_net

	with open('../ckpt/'+RUN_TAG+'-progress', 'w') as fh:
		state = {  "EPOCH_LIMIT":EPOCH_LIMIT , "BS":BS , "RUN_TAG":RUN_TAG , "stepIdx":stepIdx , "epochIdx":epochIdx , "batchCount":batchCount }
		json.dump( state  , fh)

	gen_net.save_weights('../ckpt/'+RUN_TAG+'-gen', True)
	disc_net.save_weights('../ckpt/'+RUN_TAG+'-disc', True)


def hasCheckpoint():
	global RUN_TAG
	return os.path.isfile('../ckpt/'+RUN_TAG+'-progress') 


def readCheckpoint():
	
	global EPOCH_LIMIT , BS , RUN_TAG , stepIdx , epochIdx , stacked_gd , gen_net ,  disc_net

	with open('../ckpt/'+RUN_TAG+'-progress') as fh:
		state = json.load(  fh)

	EPOCH_LIMIT = state['EPOCH_LIMIT']
	BS = state['BS']
	RUN_TAG = state['RUN_TAG']
	batchCount = state['batchCount']
	stepIdx = state['stepIdx']
	epochIdx = state['epochIdx']

	gen_net.load_weights('../ckpt/'+RUN_TAG+'-gen')
	disc_net.load_weights('../ckpt/'+RUN_TAG+'-disc')




def stepOnBatch(k):
	global EPOCH_LIMIT , BS , RUN_TAG , stepIdx , epochIdx , file_list , stacked_gd , gen_net ,  disc_net

	chunk = file_list[k*BS : (k+1)*BS]
	n = len(chunk)
	real_imgs = imgvec.readImages(chunk)
	z = imgvec.sampleNoise(n)
	fake_imgs = gen_net.predict(z)

	X = np.concatenate((real_imgs, fake_imgs))
	y = [1] * n + [0] * n

	z = imgvec.sampleNoise(n)

	dl = disc_net.train_on_batch(X, y)

	for _ in [1,2]:
		gl = stacked_gd.train_on_batch(z, [1]*n )
	
	imgvec.writeSample(fake_imgs[0])

	return dl , gl


if not FRESH_START:
	if hasCheckpoint():
		# restores counters and weights, overriding the CLI values
		readCheckpoint()
		print("resumed from checkpoint")


print("batches per epoch ", batchCount)


while epochIdx < EPOCH_LIMIT:
	while stepIdx < batchCount:

		if stepIdx%10 == 0:
			writeCheckpoint()

		print("step ", stepIdx , " epoch " , epochIdx)
		dl , gl = stepOnBatch(stepIdx)
		print("G loss", gl, "D loss", dl)

		stepIdx += 1
		
	stepIdx = 0 
	epochIdx += 1

print("=========================")
print("finished training")


