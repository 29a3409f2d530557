# conditional GAN (pix2pix style) that sharpens ultrasound biomicroscopy slices
from numpy import load
from numpy import zeros
from numpy import ones
from numpy.random import randint
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.initializers import RandomNormal
from tensorflow.keras.models import Model
from tensorflow.keras.layers import Input
from tensorflow.keras.layers import Conv2D
from tensorflow.keras.layers import Conv2DTranspose
from tensorflow.keras.layers import LeakyReLU
from tensorflow.keras.layers import Activation
from tensorflow.keras.layers import Concatenate
from tensorflow.keras.layers import Dropout
from tensorflow.keras.layers import BatchNormalization
from tensorflow.keras.layers import LeakyReLU
from matplotlib import pyplot

import numpy as np
from sklearn.metrics import mean_absolute_error,mean_squared_error
from skimage.metrics import peak_signal_noise_ratio, structural_similarity
from tensorflow.image import ssim_multiscale as ms_ssim

import os
os.environ['KMP_DUPLICATE_LIB_OK']='TRUE'

# PatchGAN critic over (source, target) pairs
def build_critic(img_shape):

	w_init = RandomNormal(stddev=0.02)

	src_in = Input(shape=img_shape)

	tgt_in = Input(shape=img_shape)

	pair = Concatenate()([src_in, tgt_in])

	h = Conv2D(64, (4,4), strides=(2,2), padding='same', kernel_initializer=w_init)(pair)
	h = LeakyReLU(alpha=0.2)(h)

	h = Conv2D(128, (4,4), strides=(2,2), padding='same', kernel_initializer=w_init)(h)
	h = BatchNormalization()(h)
	h = LeakyReLU(alpha=0.2)(h)

	h = Conv2D(256, (4,4), strides=(2,2), padding='same', kernel_initializer=w_init)(h)
	h = BatchNormalization()(h)
	h = LeakyReLU(alpha=0.2)(h)

	h = Conv2D(512, (4,4), strides=(2,2), padding='same', kernel_initializer=w_init)(h)
	h = BatchNormalization()(h)
	h = LeakyReLU(alpha=0.2)(h)

	h = Conv2D(512, (4,4), padding='same', kernel_initializer=w_init)(h)
	h = BatchNormalization()(h)
	h = LeakyReLU(alpha=0.2)(h)

	h = Conv2D(1, (4,4), padding='same', kernel_initializer=w_init)(h)
	patch_prob = Activation('sigmoid')(h)

	net = Model([src_in, tgt_in], patch_prob)

	optim = Adam(lr=0.0001, beta_1=0.5)
	net.compile(loss='binary_crossentropy', optimizer=optim, loss_weights=[0.5])
	return net

# strided conv stage of the U-Net encoder
def down_block(x_in, width, use_bn=True):

	w_init = RandomNormal(stddev=0.02)

	u = Conv2D(width, (4,4), strides=(2,2), padding='same', kernel_initializer=w_init)(x_in)

	if use_bn:
		u = BatchNormalization()(u, training=True)

	u = LeakyReLU(alpha=0.2)(u)
	return u

# transposed conv stage of the U-Net decoder
def up_block(x_in, skip, width, use_drop=True):

	w_init = RandomNormal(stddev=0.02)

	u = Conv2DTranspose(width, (4,4), strides=(2,2), padding='same', kernel_initializer=w_init)(x_in)

	u = BatchNormalization()(u, training=True)

	if use_drop:
		u = Dropout(0.5)(u, training=True)

	u = Concatenate()([u, skip])

	u = Activation('relu')(u)
	return u

# U-Net generator
def build_unet(img_shape=(512,512,3)):

	w_init = RandomNormal(stddev=0.02)

	img_in = Input(shape=img_shape)

	s1 = down_block(img_in, 64, use_bn=False)
	s2 = down_block(s1, 128)
	s3 = down_block(s2, 256)
	s4 = down_block(s3, 512)
	s5 = down_block(s4, 512)
	s6 = down_block(s5, 512)
	s7 = down_block(s6, 512)

	mid = Conv2D(512, (4,4), strides=(2,2), padding='same', kernel_initializer=w_init)(s7)
	mid = Activation('relu')(mid)

	t1 = up_block(mid, s7, 512)
	t2 = up_block(t1, s6, 512)
	t3 = up_block(t2, s5, 512)
	t4 = up_block(t3, s4, 512, use_drop=False)
	t5 = up_block(t4, s3, 256, use_drop=False)
	t6 = up_block(t5, s2, 128, use_drop=False)
	t7 = up_block(t6, s1, 64, use_drop=False)

	u = Conv2DTranspose(3, (4,4), strides=(2,2), padding='same', kernel_initializer=w_init)(t7)
	img_out = Activation('tanh')(u)

	net = Model(img_in, img_out)
	return net

# stacked model used to update the generator
def build_combined(gen, crit, img_shape):

	crit.trainable = False

	src = Input(shape=img_shape)

	fake_out = gen(src)

	crit_out = crit([src, fake_out])

	net = Model(src, [crit_out, fake_out])

	optim = Adam(lr=0.0001, beta_1=0.5)
	net.compile(loss=['binary_crossentropy', 'mae'], optimizer=optim, loss_weights=[1,100])
	return net

# read the paired arrays and rescale to [-1, 1]
def read_pairs(npz_path):

	arrs = load(npz_path)

	A, B = arrs['arr_0'], arrs['arr_1']

	A = (A - 127.5) / 127.5
	B = (B - 127.5) / 127.5
	return [A, B]

# random paired batch plus 'real' patch labels
def draw_real(pairs, count, psize):

	poolA, poolB = pairs

	idx = randint(0, poolA.shape[0], count)

	A, B = poolA[idx], poolB[idx]

	lbl = ones((count, psize, psize, 1))
	return [A, B], lbl

# generator output plus 'fake' patch labels
def draw_fake(gen, inputs, psize):

	out = gen.predict(inputs)

	lbl = zeros((len(out), psize, psize, 1))
	return out, lbl

# validation metrics and a generator snapshot
def checkpoint_eval(it, gen, val_pairs, count=50):

	[realA, realB], _ = draw_real(val_pairs, count, 1)

	fakeB, _ = draw_fake(gen, realA, 1)

	realA = (realA + 1) / 2.0
	realB = (realB + 1) / 2.0
	fakeB = (fakeB + 1) / 2.0

	mae_list  = []
	rmse_list = []
	psnr_list = []
	ssim_list = []
	for k in range(len(realA)):
	    ref = realB[k,:,:,0]
	    est = fakeB[k,:,:,0]




	    ssim_list.append(structural_similarity(ref,est,data_range=1.0))



	png_name = './out_unet/fig_%06d.png' % (it+1)



	h5_name = './out_unet/gen_%06d.h5' % (it+1)
	gen.save(h5_name)
	print('wrote %s / %s' % (png_name, h5_name))

	return np.mean(ssim_list), np.mean(ms_ssim(realB[:,:,:,:], fakeB[:,:,:,:], max_val= 1).numpy())

# main adversarial loop
def fit_pix2pix(crit, gen, combo, pairs, val_pairs, epochs=30, bs=15):

	npatch = crit.output_shape[1]

	poolA, poolB = pairs

	steps_per_epoch = int(len(poolA) / bs)

	total_steps = steps_per_epoch * epochs


	for k in range(total_steps):

		[realA, realB], lbl_real = draw_real(pairs, bs, npatch)

		fakeB, lbl_fake = draw_fake(gen, realA, npatch)

		dl_real = crit.train_on_batch([realA, realB], lbl_real)

		dl_fake = crit.train_on_batch([realA, fakeB], lbl_fake)

		gl, _, _ = combo.train_on_batch(realA, [lbl_real, realB])

		print('step %d  Dreal=%.3f Dfake=%.3f G=%.3f' % (k+1, dl_real, dl_fake, gl))

		if (k+1) % (steps_per_epoch * 1) == 0:
			avg_ssim, avg_msssim = checkpoint_eval(k, gen, val_pairs)
			print('step %d  ssim=%.3f ms-ssim=%.3f' % (k+1, avg_ssim, avg_msssim))
# read the training and validation pairs
pairs = read_pairs('../ubm_data/pairs_512_train.npz')
val_pairs = read_pairs('../ubm_data/pairs_512_val.npz')


img_shape = pairs[0].shape[1:]

crit = build_critic(img_shape)
gen = build_unet(img_shape)

combo = build_combined(gen, crit, img_shape)

fit_pix2pix(crit, gen, combo, pairs, val_pairs)