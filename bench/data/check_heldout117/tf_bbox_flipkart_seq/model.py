from keras.models import Sequential
from keras.layers import Dense, Conv2D, Flatten, MaxPooling2D, BatchNormalization, LeakyReLU
from keras import regularizers
from hyperparams import Settings
P = Settings()

class BoxNet(object):

	def __init__(self):
		return None

	def get_model(self):
		#assemble layers
		net = Sequential()
		# 'relu' = LeakyReLU(P.alpha)
		#stack of conv blocks then a dense head
		net.add(Conv2D(32, kernel_size=3, activation='relu', input_shape=(int(480*P.img_scale_factor),int(640*P.img_scale_factor),3)))
		# net.add(Conv2D(64, kernel_size=5, activation='relu'))
		net.add(MaxPooling2D(pool_size = (2,2)))
		net.add(Conv2D(64, kernel_size=5, activation='relu'))
		# net.add(Conv2D(64, kernel_size=7, activation='relu'))		
		net.add(MaxPooling2D(pool_size = (2,2)))
		net.add(Conv2D(128, kernel_size=5, activation='relu'))
		# net.add(Conv2D(64, kernel_size=7, activation='relu'))		
		net.add(MaxPooling2D(pool_size = (2,2)))
		net.add(Conv2D(64, kernel_size=5, activation='relu'))
		# net.add(Conv2D(64, kernel_size=7, activation='relu'))		
		net.add(MaxPooling2D(pool_size = (2,2)))
		# net.add(Conv2D(64, kernel_size=7, activation='relu'))		
		# net.add(Conv2D(64, kernel_size=9, activation='relu'))				
		# net.add(MaxPooling2D(pool_size = (2,2)))
		# net.add(Conv2D(64, kernel_size=7, activation='relu',strides=(2,2)))
		# net.add(MaxPooling2D(pool_size = (2,2)))
		# net.add(Conv2D(128, kernel_size=9, activation='relu',strides=(2,2)))
		# net.add(MaxPooling2D(pool_size = (2,2)))
		# net.add(Conv2D(256, kernel_size=7, activation='relu',strides=(3,3)))
		net.add(Flatten())
		net.add(Dense(256,activation='relu',kernel_regularizer=regularizers.l1(0.001)))
		net.add(Dense(128,activation='relu',kernel_regularizer=regularizers.l1(0.001)))
		net.add(Dense(64, activation='relu',kernel_regularizer=regularizers.l1(0.001)))
		net.add(Dense(16, activation='relu',kernel_regularizer=regularizers.l1(0.001)))
		net.add(Dense(4,kernel_regularizer=regularizers.l2(0.001)))
		net.add(Dense(4,kernel_regularizer=regularizers.l2(0.001)))
		# net.add(Dense(32, activation='relu',kernel_regularizer=regularizers.l2(0.001)))
		# net.add(Dense(16, activation='relu',kernel_regularizer=regularizers.l2(0.001)))
		# net.add(Dense(4, activation='sigmoid',kernel_regularizer=regularizers.l2(0.001)))
		return net
# probe = BoxNet().get_model()
# print(probe.summary())