import tensorflow.keras.backend as K
import matplotlib.pyplot as plt
import numpy as np

def build_couples(pictures, tags):
	coupled = []
	matchFlags = []
	nTags = len(np.unique(tags))
	byTag = [np.where(tags == t)[0] for t in range(0, nTags)]
	for first in range(len(pictures)):
		anchorPic = pictures[first]
		tag = tags[first]
		mate = np.random.choice(byTag[tag])
		samePic = pictures[mate]
		coupled.append([anchorPic, samePic])
		matchFlags.append([1])
		otherIdx = np.where(tags != tag)[0]
		otherPic = pictures[np.random.choice(otherIdx)]
		coupled.append([anchorPic, otherPic])
		matchFlags.append([0])
	return (np.array(coupled), np.array(matchFlags))

def pair_distance(vecs):
	(vecA, vecB) = vecs
	sq = K.sum(K.square(vecA - vecB), axis=1,
		keepdims=True)
	return K.sqrt(K.maximum(sq, K.epsilon()))

def draw_history(hist, outPath):
	plt.style.use("ggplot")
	plt.figure()
	plt.plot(hist.history["loss"], label="fit_loss")
	plt.plot(hist.history["val_loss"], label="holdout_loss")
	plt.title("Twin network loss")
	plt.xlabel("Epoch")
	plt.ylabel("Loss")
	plt.legend(loc="lower left")
	plt.savefig(outPath)
