import numpy as np

def image2onehot(picture, num_classes):
	out_shape = picture.shape[:2] + (num_classes, )
	coded = np.zeros(out_shape, dtype=np.int8)
	hits = np.where(np.all(picture[:, :] == [255, 255, 255], axis=2))
	hits = zip(hits[0], hits[1])
	for h in hits:
		coded[h[0], h[1]] = 1
	return coded

def onehot2image(onehot):
	n_out = 3
	picture = np.zeros(onehot.shape[:2] + (n_out,))
	hits = np.where(np.all(onehot[:, :] > 0.5, axis=2))
	hits = zip(hits[0], hits[1])
	for h in hits:
		picture[h[0], h[1]] = [255, 255, 255]
	return picture
