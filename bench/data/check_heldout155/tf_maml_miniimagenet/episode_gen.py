import numpy as np
import os, sys
import random
import tensorflow as tf
import tqdm
import pickle

def list_images(dirs, ids, per_class=None, shuffle=True):
	if per_class is not None:
		pick = lambda xs: random.sample(xs, per_class)
	else:
		pick = lambda xs: xs
	pairs = [(k, os.path.join(d, f)) \
	          for k, d in zip(ids, dirs) \
	          for f in pick(os.listdir(d))]
	if shuffle:
		random.shuffle(pairs)
	return pairs

class EpisodeGenerator:
	"""
	Builds queue-fed tensors of few-shot episodes from class folders
	of miniImageNet jpgs.
	"""

	def __init__(self, nway, kshot, kquery, meta_batchsz, total_batch_num = 200000):
		"""

		:param nway: classes per episode
		:param kshot: support images per class
		:param kquery: query images per class
		:param meta_batchsz: episodes per meta step
		"""
		self.meta_batchsz = meta_batchsz
		# images drawn per class
		self.nimg = kshot + kquery
		self.nway = nway
		self.imgsz = (84, 84)
		self.total_batch_num = total_batch_num
		self.dim_input = np.prod(self.imgsz) * 3 # 21168
		self.dim_output = nway

		train_root = '/data/miniimagenet/train'
		val_root = '/data/miniimagenet/test'

		self.train_dirs = [os.path.join(train_root, wn) \
		                     for wn in os.listdir(train_root) \
		                     if os.path.isdir(os.path.join(train_root, wn)) \
		                     ]
		self.val_dirs = [os.path.join(val_root, wn) \
		                   for wn in os.listdir(val_root) \
		                   if os.path.isdir(os.path.join(val_root, wn)) \
		                   ]
		self.rotations = [0]


		print('train dirs:', self.train_dirs[:2])
		print('val dirs:', self.val_dirs[:2])


	def make_data_tensor(self, training=True):
		"""

		:param training: which split to draw episodes from
		:return: image and one-hot label tensors
		"""
		if training:
			dirs = self.train_dirs
			n_episodes = self.total_batch_num
		else:
			dirs = self.val_dirs
			n_episodes = 600


		if training and os.path.exists('episodes.pkl'):

			ys = np.arange(self.nway).repeat(self.nimg).tolist()
			with open('episodes.pkl', 'rb') as fh:
				paths = pickle.load(fh)
				print('episode list read, len:', len(paths))

		else: # eval split, or no cached list yet

			# nimg per class, nway*nimg per episode
			# [ep1_c0_i0, ..., ep1_c0_i15, ep1_c1_i0, ...]
			paths = []
			for _ in tqdm.tqdm(range(n_episodes), 'sampling episodes'): # 200000
				# draw nway class folders
				chosen = random.sample(dirs, self.nway)
				random.shuffle(chosen)
				# draw nimg files from each, labelled 0..nway-1, kept in class order
				# len: nway * nimg
				pairs = list_images(chosen, range(self.nway), per_class=self.nimg, shuffle=False)

				# order must stay as built
				ys = [p[0] for p in pairs]
				files = [p[1] for p in pairs]
				paths.extend(files)

			if training: # cache the training list only
				with open('episodes.pkl', 'wb') as fh:
					pickle.dump(paths,fh)
					print('episode list written to episodes.pkl')

		# queue that the readers pull file names from
		print('building input ops')
		name_q = tf.train.string_input_producer(tf.convert_to_tensor(paths), shuffle=False)
		reader = tf.WholeFileReader()
		_, raw = reader.read(name_q)

		img = tf.image.decode_jpeg(raw, channels=3)
		# H*W*C
		img.set_shape((self.imgsz[0], self.imgsz[1], 3))
		# flatten to 84*84*3
		img = tf.reshape(img, [self.dim_input])
		# scale to [0,1]
		img = tf.cast(img, tf.float32) / 255.0

		per_episode = self.nway * self.nimg   # 5*16
		# one meta batch = meta_batchsz episodes
		per_meta = self.meta_batchsz * per_episode # 4* 80

		print('batching')
		imgs = tf.train.batch(
			[img],
			batch_size=per_meta, # 4*80
			num_threads= self.meta_batchsz,
			capacity=   256 + 3 * per_meta, # 256 + 3* 4*80
		)

		img_batches, lbl_batches = [], []
		print('reordering within each episode')
		# imgs holds meta_batchsz episodes back to back
		for e in range(self.meta_batchsz): # 4
			# this episode's 80 images
			ep_imgs = imgs[e * per_episode:(e + 1) * per_episode]

			# same label layout for every episode: 0,0,..,1,1,..,4,4
			ep_lbls = tf.convert_to_tensor(ys)
			reordered, reordered_lbl = [], []
			# for each draw index within a class
			for k in range(self.nimg): # 16
				cls = tf.range(0, self.nway) # 0-4
				cls = tf.random_shuffle(cls)
				# picks one image of each class
				#    e.g. [0, 16, 32, 48, 64]
				idx = cls * self.nimg + k
				reordered.append(tf.gather(ep_imgs, idx))

				reordered_lbl.append(tf.gather(ep_lbls, idx))

			# [80, 84*84*3]
			reordered = tf.concat(reordered, 0)  # [nway*nimg, dim_input]
			# [80]
			reordered_lbl = tf.concat(reordered_lbl, 0)
			img_batches.append(reordered)
			lbl_batches.append(reordered_lbl)

		# [4, 80, 84*84*3]
		img_batches = tf.stack(img_batches)
		# [4, 80]
		lbl_batches = tf.stack(lbl_batches)
		# [4, 80, 5]
		lbl_batches = tf.one_hot(lbl_batches, self.nway)

		print('images:', img_batches)
		print('labels:', lbl_batches)

		return img_batches, lbl_batches

