from keras.models import Sequential
from keras.layers import Dense
from keras.layers import Reshape
from keras.layers.core import Activation
from keras.layers.advanced_activations import LeakyReLU
from keras.layers.normalization import BatchNormalization
from keras.layers.convolutional import UpSampling2D
from keras.layers.convolutional import Convolution2D
from keras.layers.core import Flatten
from keras.optimizers import Adam


def makeGenerator():
	base = 64
	net = Sequential()
	net.add(Dense(input_dim=100, output_dim=(base*8)*4*4))
	net.add(BatchNormalization())
	net.add(Activation('relu'))
	net.add(Reshape(dims=(base*8, 4, 4)))
	net.add(UpSampling2D(size=(2, 2)))
	net.add(Convolution2D(base*4, 4, 4, border_mode='same'))
	net.add(BatchNormalization())
	net.add(Activation('relu'))
	net.add(UpSampling2D(size=(2, 2)))
	net.add(Convolution2D(base*2, 4, 4, border_mode='same'))
	net.add(BatchNormalization())
	net.add(Activation('relu'))
	net.add(UpSampling2D(size=(2, 2)))
	net.add(Convolution2D(base, 4, 4, border_mode='same'))
	net.add(BatchNormalization())    
	net.add(Activation('relu'))
	net.add(UpSampling2D(size=(2, 2)))
	net.add(Convolution2D(3, 4, 4, border_mode='same'))
	net.add(Activation('tanh'))
	return net

def makeDiscriminator():
	net = Sequential()
	base = 64
	net.add(Convolution2D(base, 4, 4, subsample=(2, 2), input_shape=(3, 64, 64), border_mode = 'same'))
	net.add(LeakyReLU(0.2))
	# batch norm left out on the first block
	net.add(Convolution2D(base*2, 4, 4, subsample=(2, 2), border_mode = 'same'))
	net.add(BatchNormalization())
	net.add(LeakyReLU(0.2))
	net.add(Convolution2D(base*4, 4, 4, subsample=(2, 2), border_mode = 'same'))
	net.add(BatchNormalization())
	net.add(LeakyReLU(0.2))
	net.add(Convolution2D(base*8, 4, 4, subsample=(2, 2), border_mode = 'same'))
	net.add(BatchNormalization())    
	net.add(LeakyReLU(0.2))
	net.add(Convolution2D(1, 4, 4,  border_mode = 'same'))
	net.add(Flatten())
	net.add(Dense(output_dim=1))
	net.add(Activation('sigmoid'))
	return net


def chainGD(gen, disc):
	net = Sequential()
	net.add(gen)
	disc.trainable = False
	net.add(disc)
	return net


# gives back: stacked, generator, discriminator
def buildAll():
	gen = makeGenerator()
	disc = makeDiscriminator()
	stacked = chainGD(gen , disc )

	return stacked , gen ,  disc 


def buildAndCompile():
	stacked , gen ,  disc  = buildAll()
	opt=Adam(lr=0.0002, beta_1=0.5, beta_2=0.999, epsilon=1e-08)
	gen.compile(loss='binary_crossentropy', optimizer=opt)
	stacked.compile(loss='binary_crossentropy', optimizer=opt)
	disc.trainable = True
	disc.compile(loss='binary_crossentropy', optimizer=opt)

	return stacked , gen ,  disc 
