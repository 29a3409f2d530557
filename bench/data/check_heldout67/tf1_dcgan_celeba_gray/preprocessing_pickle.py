import os
import os.path
import cv2
import pickle
import numpy as np

root_dir = '/'.join(os.path.realpath(__file__).split("/")[:-2])

'''
What it does: 
	1) prepares the CelebA faces
		- crop to a square
		- shrink to 64x64
		- turn to one grey channel
		- rescale into [-1,1]
		- add a trailing channel axis
	2) writes all faces into one pickle

How to call:
	- folder holding the raw pictures
	- folder for the pickle
	- file name of the pickle
'''

def build_pickle(raw_dir=root_dir+'/data/unprocessed_images', 
	
	out_dir=root_dir+'/data/pickle', out_name="celeba_pickle.dat"):
	
	print('[*] building the face pickle, this takes a while...')

	# every processed face goes here before the dump
	FACES = []

	# every entry of the raw folder
	names = os.listdir(raw_dir)

	# 
	names = [n for n in names if (n.endswith(".jpg") or n.endswith(".png"))]

	# visit each picture
	for k in range(len(names)):	

		#decode
		face = cv2.imread(raw_dir + '/' + names[k])	#
		
		# it is a picture
		# crop it
		face = face[20:198,:]
		
		# shrink to 64x64
		face = cv2.resize(face, (64, 64)) 
		
		# one grey channel
		face = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY)
		
		# into [-1, 1]
		face = (face/255.0-0.5)*2.0
		
		# add the channel axis the placeholder expects
		face = np.expand_dims(face,-1)


		# keep it
		FACES.append(face)

		# progress
		if k%np.floor((len(names)/100))==0 or k==len(names)-1:
			print(str(k) + ' / ' + str(len(names)) + ' faces done')

	# write the whole list out
	with open(out_dir+'/'+out_name, 'wb') as fh:
		pickle.dump(FACES, fh)

	# done
	print('\t[+] face pickle written to ' \
		+ out_dir + '/' + out_name)

if __name__=='__main__':
	build_pickle()
