''' Spatio-temporal autoencoder after the paper

Abnormal Event Detection in Videos using Spatiotemporal Autoencoder
(Chong and Tay)


Keras version



About a million trainable weights; a GPU is advised.



Input: clips of 10 grey frames of 227x227

Spatial convs, then ConvLSTMs for time, then transposed convs;
the loss is the reconstruction error of the clip



To print the layers:

>>from model import load_model
>>net=load_model()
>>net.summary()





Student project

'''



from keras.layers import Conv3D,ConvLSTM2D,Conv3DTranspose
from keras.models import Sequential



def load_model():
    """
    Builds the spatio-temporal autoencoder 
    used to score clips

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


