import keras
import cv2
import os
import numpy as np
from keras.models import Sequential,Model
from keras.layers import Dense,Conv2D,Flatten,MaxPooling2D,Input,Reshape,Conv2DTranspose
from keras.preprocessing.image import ImageDataGenerator
# an image generator was planned
#gen = ImageDataGenerator(rescale=1/255)
# with one iterator per folder

color_dir="./colored"
gray_dir="./black"

#rgb_imgs = np.array([gen.flow_from_directory(color_dir, class_mode='binary')])
#gray_imgs = np.array([gen.flow_from_directory(gray_dir, class_mode='binary')])


#rgb_imgs=[os.path.join(color_dir,f) for f in os.listdir(color_dir)]
#gray_imgs=[os.path.join(gray_dir,f) for f in os.listdir(gray_dir)]
code_dim=256
# encoder part
inp=Input(shape=(400,350,1),name="enc_in")
h=inp
# functional API: layers applied to the input tensor
h=Conv2D(64,kernel_size=3,activation='relu',strides=2)(h)
h=Conv2D(128,kernel_size=3,activation='relu',strides=2)(h)
h=Conv2D(256,kernel_size=3,activation='relu',strides=2)(h)

# bottleneck
h=Flatten()(h)
code=Dense(code_dim,name="code_vector")(h)

# encoder as its own model
enc=Model(inp,code,name="enc_model")
enc.summary()

# older sequential version

'''enc=Sequential()
enc.add(Conv2D(64,kernel_size=3,activation='relu',input_shape=(400,350,1),strides=2))
enc.add(Conv2D(128,kernel_size=3,activation='relu',strides=2))
enc.add(Conv2D(256,kernel_size=3,activation='relu',strides=2))
enc.add(Flatten())
enc.add(Dense(code_dim,name="code_vector"))

# encoder as its own model
#enc=Model(inp,code,name="enc_model")
enc.summary()


# decoder part
dec_seq=Sequential()
dec_seq.add(Dense(400*350*1))
dec_seq.add(Reshape((400,350,1)))
dec_seq.add(Conv2DTranspose(256,kernel_size=3,activation='relu',padding='same'))
dec_seq.add(Conv2DTranspose(128,kernel_size=3,activation='relu',padding='same'))
dec_seq.add(Conv2DTranspose(64,kernel_size=3,activation='relu',padding='same'))
dec_seq.add(Conv2DTranspose(rgb_imgs[0].shape[-1],kernel_size=3,
                          activation='sigmoid',
                          padding='same',
                          name='dec_out'))

dec_seq.summary()
guess=enc.predict'''


# decoder part
code_in = Input(shape=(code_dim,), name='dec_in')
g = Dense(400*350*1)(code_in)
g = Reshape((400,350,1))(g)

g = Conv2DTranspose(256,kernel_size=3,activation="relu",padding="same",strides=2)(g)
g = Conv2DTranspose(128,kernel_size=3,activation="relu",padding="same",strides=2)(g)
g = Conv2DTranspose(64,kernel_size=3,activation="relu",padding="same",strides=2)(g)

out = Conv2DTranspose(filters=1,kernel_size=3,activation="sigmoid",padding="same",name="dec_layers")(g)

dec = Model(code_in,out,name="dec_model")
dec.summary()


# full model: encoder then decoder
# joined into one
ae = Model(inp, dec(enc(inp)), name='colorizer')
ae.summary()

# squared error with adam
ae.compile(loss='mse', optimizer='adam')

#ae.fit((x for x in gray_imgs),(x for x in rgb_imgs))





