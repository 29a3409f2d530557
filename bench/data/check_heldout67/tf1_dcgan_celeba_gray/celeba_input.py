import pickle
import random
import os
import numpy as np


'''
Reminder for the team:

the legacy rescaling branch below should go away once the
preprocessing step does the rescaling itself
'''
legacy = True

# project root, two levels above this file
root_dir = ('/'.join(os.path.realpath(__file__).split("/")[:-2]))


#################### read the pickled faces
def read_pickle(path):
	print('--> reading pickled faces...')
	try:
		with open(path, "rb") as fh:
			faces = pickle.load(fh)
		print('--> pickled faces ready')
	except:
		print('--> could not read the pickle')
	return faces


#################### face supplier
'''
Hands out minibatches of faces
 
'''
class FaceFeeder():

	def __init__(self, path= root_dir + "/data/pickle/celeba_pickle.dat"):

		# remember where the full set lives
		self.path = path
		# draw batches from "remaining" until too few are left,
		# then refill it from the full set
		self.remaining = read_pickle(self.path)


	def next_batch(self, size):

		# not enough faces left for a whole batch
		if len(self.remaining) < size:

			# how many are short
			short = size-len(self.remaining)

			# take what is left
			chunk = self.remaining

			# reload and shuffle the full set
			self.remaining = read_pickle(self.path)
			random.shuffle(self.remaining)

			# top up the batch
			chunk += self.remaining[:short]

			# drop the ones just used
			self.remaining = self.remaining[short:]

		# enough faces left
		else:
			# slice off one batch
			chunk = self.remaining[:size]

			# drop the ones just used
			self.remaining = self.remaining[size:]
		
		# legacy rescaling
		if legacy:
			for k in range(len(chunk)):
				chunk[k] = np.expand_dims(chunk[k],-1)
				chunk[k] = (chunk[k]/255.0 - 0.5) * 2.0

		return chunk
