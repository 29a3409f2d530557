# CycleGAN for photo <-> sketch, model definitions and training
# imports
from random import random
from numpy import load
from numpy import zeros
from numpy import ones
from numpy import asarray
from numpy.random import randint
from keras.optimizers import Adam
from keras.initializers import RandomNormal
from keras.models import Model
from keras import Input
from keras.layers import Conv2D
from keras.layers import Conv2DTranspose
from keras.layers import LeakyReLU
from keras.layers import Activation
from keras.layers import Concatenate
from keras_contrib.layers.normalization.instancenormalization import InstanceNormalization
from matplotlib import pyplot
 
# PatchGAN critic
def build_critic(in_shape):
	# weight init
	winit = RandomNormal(stddev=0.02)
	# picture input
	pic_in = Input(shape=in_shape)
	# 64 filters
	x = Conv2D(64, (4,4), strides=(2,2), padding='same', kernel_initializer=winit)(pic_in)
	x = LeakyReLU(alpha=0.2)(x)
	# 128 filters
	x = Conv2D(128, (4,4), strides=(2,2), padding='same', kernel_initializer=winit)(x)
	x = InstanceNormalization(axis=-1)(x)
	x = LeakyReLU(alpha=0.2)(x)
	# 256 filters
	x = Conv2D(256, (4,4), strides=(2,2), padding='same', kernel_initializer=winit)(x)
	x = InstanceNormalization(axis=-1)(x)
	x = LeakyReLU(alpha=0.2)(x)
	# 512 filters
	x = Conv2D(512, (4,4), strides=(2,2), padding='same', kernel_initializer=winit)(x)
	x = InstanceNormalization(axis=-1)(x)
	x = LeakyReLU(alpha=0.2)(x)
	# one more 512 block
	x = Conv2D(512, (4,4), padding='same', kernel_initializer=winit)(x)
	x = InstanceNormalization(axis=-1)(x)
	x = LeakyReLU(alpha=0.2)(x)
	# patch map
	patch = Conv2D(1, (4,4), padding='same', kernel_initializer=winit)(x)
	# model
	net = Model(pic_in, patch)
	# compile
	net.compile(loss='mse', optimizer=Adam(lr=0.0002, beta_1=0.5), loss_weights=[0.5])
	return net
 
# one residual block
def res_block(nf, inp):
	# weight init
	winit = RandomNormal(stddev=0.02)
	# first conv
	y = Conv2D(nf, (3,3), padding='same', kernel_initializer=winit)(inp)
	y = InstanceNormalization(axis=-1)(y)
	y = Activation('relu')(y)
	# second conv
	y = Conv2D(nf, (3,3), padding='same', kernel_initializer=winit)(y)
	y = InstanceNormalization(axis=-1)(y)
	# join with the input along channels
	y = Concatenate()([y, inp])
	return y
 
# ResNet translator
def build_translator(in_shape, n_blocks=9):
	# weight init
	winit = RandomNormal(stddev=0.02)
	# picture input
	pic_in = Input(shape=in_shape)
	# 7x7 64
	y = Conv2D(64, (7,7), padding='same', kernel_initializer=winit)(pic_in)
	y = InstanceNormalization(axis=-1)(y)
	y = Activation('relu')(y)
	# down 128
	y = Conv2D(128, (3,3), strides=(2,2), padding='same', kernel_initializer=winit)(y)
	y = InstanceNormalization(axis=-1)(y)
	y = Activation('relu')(y)
	# down 256
	y = Conv2D(256, (3,3), strides=(2,2), padding='same', kernel_initializer=winit)(y)
	y = InstanceNormalization(axis=-1)(y)
	y = Activation('relu')(y)
	# residual stack
	for _ in range(n_blocks):
		y = res_block(256, y)
	# up 128
	y = Conv2DTranspose(128, (3,3), strides=(2,2), padding='same', kernel_initializer=winit)(y)
	y = InstanceNormalization(axis=-1)(y)
	y = Activation('relu')(y)
	# up 64
	y = Conv2DTranspose(64, (3,3), strides=(2,2), padding='same', kernel_initializer=winit)(y)
	y = InstanceNormalization(axis=-1)(y)
	y = Activation('relu')(y)
	# 7x7 to RGB
	y = Conv2D(3, (7,7), padding='same', kernel_initializer=winit)(y)
	y = InstanceNormalization(axis=-1)(y)
	pic_out = Activation('tanh')(y)
	# model
	net = Model(pic_in, pic_out)
	return net
 
# composite that trains one translator with adversarial, identity and cycle terms
def build_composite(gen_a, critic, gen_b, in_shape):
	# this translator learns
	gen_a.trainable = True
	# the critic is frozen here
	critic.trainable = False
	# the other translator is frozen here
	gen_b.trainable = False
	# adversarial branch
	src_in = Input(shape=in_shape)
	gen_a_out = gen_a(src_in)
	critic_out = critic(gen_a_out)
	# identity branch
	ident_in = Input(shape=in_shape)
	ident_out = gen_a(ident_in)
	# forward cycle
	fwd_out = gen_b(gen_a_out)
	# backward cycle
	gen_b_out = gen_b(ident_in)
	back_out = gen_a(gen_b_out)
	# graph
	net = Model([src_in, ident_in], [critic_out, ident_out, fwd_out, back_out])
	# optimizer
	adam = Adam(lr=0.0002, beta_1=0.5)
	# least squares for the critic term, L1 for the rest
	net.compile(loss=['mse', 'mae', 'mae', 'mae'], loss_weights=[1, 5, 10, 10], optimizer=adam)
	return net
 
# read the archive and scale it
def read_domains(path):
	# open archive
	arc = load(path)
	# the two domains
	dom_a, dom_b = arc['arr_0'], arc['arr_1']
	# [0,255] -> [-1,1]
	dom_a = (dom_a - 127.5) / 127.5
	dom_b = (dom_b - 127.5) / 127.5
	return [dom_a, dom_b]
 
# random real pictures with label 1
def pick_real(domain, n, patch):
	# random rows
	rows = randint(0, domain.shape[0], n)
	# those pictures
	X = domain[rows]
	# labels
	y = ones((n, patch, patch, 1))
	return X, y
 
# translated pictures with label 0
def make_fake(gen, batch, patch):
	# translate
	X = gen.predict(batch)
	# labels
	y = zeros((len(X), patch, patch, 1))
	return X, y
 
# write both translators to disk
def dump_translators(step, gen_ab, gen_ba):
	# A->B
	f1 = 'g_model_AtoB_%06d.h5' % (step+1)
	gen_ab.save(f1)
	# B->A
	f2 = 'g_model_BtoA_%06d.h5' % (step+1)
	gen_ba.save(f2)
	print('>stored: %s and %s' % (f1, f2))
 
# plot a few translations
def show_progress(step, gen, domain, tag, n=5):
	# inputs
	X_in, _ = pick_real(domain, n, 0)
	# outputs
	X_out, _ = make_fake(gen, X_in, 0)
	# [-1,1] -> [0,1]
	X_in = (X_in + 1) / 2.0
	X_out = (X_out + 1) / 2.0
	# inputs row
	for i in range(n):
		pyplot.subplot(2, n, 1 + i)
		pyplot.axis('off')
		pyplot.imshow(X_in[i])
	# outputs row
	for i in range(n):
		pyplot.subplot(2, n, 1 + n + i)
		pyplot.axis('off')
		pyplot.imshow(X_out[i])
	# save
	f1 = '%s_generated_plot_%06d.png' % (tag, (step+1))
	pyplot.savefig(f1)
	pyplot.close()
 
# history pool of generated pictures
def pool_swap(pool, batch, cap=50):
	chosen = list()
	for pic in batch:
		if len(pool) < cap:
			# fill the pool
			pool.append(pic)
			chosen.append(pic)
		elif random() < 0.5:
			# use the new one, keep the pool as is
			chosen.append(pic)
		else:
			# swap with a stored one and use the stored one
			k = randint(0, len(pool))
			chosen.append(pool[k])
			pool[k] = pic
	return asarray(chosen)
 
# training loop
def fit_cycle(critic_a, critic_b, gen_ab, gen_ba, comp_ab, comp_ba, domains):
	# settings
	epochs, bs, = 100, 1
	# critic patch size
	patch = critic_a.output_shape[1]
	# split the domains
	dom_a, dom_b = domains
	# fake pools
	pool_a, pool_b = list(), list()
	# batches per epoch
	per_epoch = int(len(dom_a) / bs)
	# total steps
	total = per_epoch * epochs
	# step loop
	for i in range(total):
		# real batches
		ra, ya = pick_real(dom_a, bs, patch)
		rb, yb = pick_real(dom_b, bs, patch)
		# fake batches
		fa, yfa = make_fake(gen_ba, rb, patch)
		fb, yfb = make_fake(gen_ab, ra, patch)
		# through the pools
		fa = pool_swap(pool_a, fa)
		fb = pool_swap(pool_b, fb)
		# translator B->A
		gl2, _, _, _, _  = comp_ba.train_on_batch([rb, ra], [ya, ra, rb, ra])
		# critic A
		da1 = critic_a.train_on_batch(ra, ya)
		da2 = critic_a.train_on_batch(fa, yfa)
		# translator A->B 
		gl1, _, _, _, _ = comp_ab.train_on_batch([ra, rb], [yb, rb, ra, rb])
		# critic B
		db1 = critic_b.train_on_batch(rb, yb)
		db2 = critic_b.train_on_batch(fb, yfb)
		# report
		print('>%d, cA[%.3f,%.3f] cB[%.3f,%.3f] g[%.3f,%.3f]' % (i+1, da1,da2, db1,db2, gl1,gl2))
		# plots once per epoch
		if (i+1) % (per_epoch * 1) == 0:
			# A->B
			show_progress(i, gen_ab, dom_a, 'AtoB')
			# B->A
			show_progress(i, gen_ba, dom_b, 'BtoA')
		if (i+1) % (per_epoch * 5) == 0:
			# checkpoints
			dump_translators(i, gen_ab, gen_ba)
 
# data
domains = read_domains('real2sketch.npz')
print('shapes', domains[0].shape, domains[1].shape)
# picture shape from the data
in_shape = domains[0].shape[1:]
# A -> B
gen_ab = build_translator(in_shape)
# B -> A
gen_ba = build_translator(in_shape)
# critic on A
critic_a = build_critic(in_shape)
# critic on B
critic_b = build_critic(in_shape)
# composite A -> B -> [critic, A]
comp_ab = build_composite(gen_ab, critic_b, gen_ba, in_shape)
# composite B -> A -> [critic, B]
comp_ba = build_composite(gen_ba, critic_a, gen_ab, in_shape)
# train
fit_cycle(critic_a, critic_b, gen_ab, gen_ba, comp_ab, comp_ba, domains)
