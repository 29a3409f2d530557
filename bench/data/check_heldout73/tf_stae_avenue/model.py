''' Spatio-temporal autoencoder (convolution + ConvLSTM) for spotting

unusual events in surveillance video, after the paper by Chong and Tay

(arXiv 1701.01546).

Keras version.



About a million weights, so a GPU is advised.



Input: ten stacked grey frames of 227 x 227.

The encoder pulls out spatial features, the ConvLSTM part models time and the

decoder rebuilds the ten frames; the error of the rebuild is the anomaly score.



Quick look:

>>from model import build_stae
>>net=build_stae()
>>net.summary()





Project code

'''



from keras.layers import Conv3D,ConvLSTM2D,Conv3DTranspose
from keras.models import Sequential



def build_stae():
	"""
	Build and compile the autoencoder that
	reconstructs clips of ten frames

	"""
	net=Sequential()
	net.add(Conv3D(filters=128,kernel_size=(11,11,1),strides=(4,4,1),padding='valid',input_shape=(227,227,10,1),activation='tanh'))
	net.add(Conv3D(filters=64,kernel_size=(5,5,1),strides=(2,2,1),padding='valid',activation='tanh'))



	net.add(ConvLSTM2D(filters=64,kernel_size=(3,3),strides=1,padding='same',dropout=0.4,recurrent_dropout=0.3,return_sequences=True))

	
	net.add(ConvLSTM2D(filters=32,kernel_size=(3,3),strides=1,padding='same',dropout=0.3,return_sequences=True))


	net.add(ConvLSTM2D(filters=64,kernel_size=(3,3),strides=1,return_sequences=True, padding='same',dropout=0.5))




	net.add(Conv3DTranspose(filters=128,kernel_size=(5,5,1),strides=(2,2,1),padding='valid',activation='tanh'))
	net.add(Conv3DTranspose(filters=1,kernel_size=(11,11,1),strides=(4,4,1),padding='valid',activation='tanh'))

	net.compile(optimizer='adam',loss='mean_squared_error',metrics=['accuracy'])

	return net

