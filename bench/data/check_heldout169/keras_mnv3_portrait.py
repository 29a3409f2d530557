from google.colab import drive
drive.mount('/content/drive')

import os
import tensorflow as tf
import keras
from keras.models import Model
from keras.layers import Dense, Input,Flatten, concatenate,Reshape, Conv2D, MaxPooling2D, Lambda,Activation,Conv2DTranspose
from keras.layers import UpSampling2D, Conv2DTranspose, BatchNormalization, Dropout, DepthwiseConv2D, Add
from keras.callbacks import TensorBoard, ModelCheckpoint, Callback, ReduceLROnPlateau
from keras.regularizers import l1
from keras.optimizers import SGD, Adam
import keras.backend as K
from keras.utils import plot_model
from keras.callbacks import TensorBoard, ModelCheckpoint, Callback
import numpy as np
import matplotlib.pyplot as plt
from scipy.ndimage.filters import gaussian_filter
from random import randint
from keras.models import load_model
from keras.preprocessing.image import ImageDataGenerator
from PIL import Image
import matplotlib.pyplot as plt
from random import randint

from kito import reduce_keras_model

x_train=np.load("/data/finsegds/img_uint8.npy")
y_train=np.load("/data/finsegds/msk_uint8.npy")

print(np.unique(y_train))
print(y_train.shape)

num_images=x_train.shape[0]

PRETRAINED='/content/pretrained_model.hdf5'
CHECKPOINT="/data/finsegds/munet_mnv3_wm10-{epoch:02d}-{val_loss:.2f}.hdf5"
LOGS='./logs'
BATCH_SIZE=64

def normalize_batch(imgs):
    if imgs.shape[-1] > 1 :
      return (imgs -  np.array([0.50693673, 0.47721124, 0.44640532])) /np.array([0.28926975, 0.27801928, 0.28596011])
    else:
      return imgs.round()
def denormalize_batch(imgs,should_clip=True):
    imgs= (imgs * np.array([0.28926975, 0.27801928, 0.28596011])) + np.array([0.50693673, 0.47721124, 0.44640532])

    if should_clip:
        imgs= np.clip(imgs,0,1)
    return imgs


data_gen_args = dict(rescale=1./255,
                     width_shift_range=0.1,
                     height_shift_range=0.1,
                     zoom_range=0.2,
                     horizontal_flip=True,
                     validation_split=0.2
                    )

image_datagen = ImageDataGenerator(**data_gen_args, preprocessing_function=normalize_batch)
mask_datagen = ImageDataGenerator(**data_gen_args,  preprocessing_function=normalize_batch)

seed = 1
batch_sz=BATCH_SIZE

num_train=int(num_images*0.8)
num_val=int(num_images*0.2)


train_image_generator = image_datagen.flow(
    x_train,
    batch_size=batch_sz,
    shuffle=True,
    subset='training',
    seed=seed)

train_mask_generator = mask_datagen.flow(
    y_train,
    batch_size=batch_sz,
    shuffle=True,
    subset='training',
    seed=seed)


val_image_generator = image_datagen.flow(
    x_train,
batch_size = batch_sz,
shuffle=True,
subset='validation',
seed=seed)

val_mask_generator = mask_datagen.flow(
     y_train,
batch_size = batch_sz,
shuffle=True,
subset='validation',
seed=seed)


train_generator = zip(train_image_generator, train_mask_generator)
val_generator = zip(val_image_generator, val_mask_generator)

del(x_train)
del(y_train)


def deconv_block(tensor, nfilters, size=3, padding='same', kernel_initializer = 'he_normal'):

    y = Conv2DTranspose(filters=nfilters, kernel_size=size, strides=2, padding = padding, kernel_initializer = kernel_initializer)(tensor)
    y = BatchNormalization()(y)
    y = Dropout(0.5)(y)
    y = Activation("relu")(y)

    return y

def conv_block(tensor, filters, strides, size=3):
    x = Conv2D(filters=filters, kernel_size=size, strides=strides, padding = 'same' )(tensor)
    x = BatchNormalization()(x)
    x = Activation("relu")(x)

    return x

def bottleneck(tensor, nfilters, exp_ch, strides=1, alpha=1,residual=False):

  x = conv_block(tensor, filters=exp_ch, size=1, strides=1)

  y = DepthwiseConv2D(kernel_size=3, strides=strides, depth_multiplier=1, padding='same')(x)
  y = BatchNormalization()(y)
  y = Activation("relu")(y)

  z = Conv2D(filters=int(nfilters*alpha), kernel_size=1, strides=1, padding = 'same' )(y)
  z = BatchNormalization()(z)

  if residual:
      z = Add()([z, tensor])

  return z


def get_mobilenetv3(pretrained=False, alpha=1):

     input = Input(shape=(224,224,4))

     x = conv_block(input, filters=16, size=3, strides=2)

     x = DepthwiseConv2D(kernel_size=3, strides=2, depth_multiplier=1, padding='same')(x)
     x = BatchNormalization()(x)
     x = Activation("relu")(x)

     x = Conv2D(filters=int(16*alpha), kernel_size=1, strides=1, padding = 'same' )(x)
     x = BatchNormalization()(x)

     x = bottleneck(x, nfilters=24, exp_ch= 72, strides=2, alpha=alpha)
     x = bottleneck(x, nfilters=24, exp_ch= 88, strides=1, alpha=alpha, residual=True)

     x = bottleneck(x, nfilters=40,exp_ch= 96, strides=2, alpha=alpha)
     x = bottleneck(x, nfilters=40,exp_ch= 240, strides=1, alpha=alpha, residual=True)
     x = bottleneck(x, nfilters=40,exp_ch= 240, strides=1, alpha=alpha, residual=True)
     x = bottleneck(x, nfilters=48,exp_ch= 120, strides=1, alpha=alpha)
     x = bottleneck(x, nfilters=48,exp_ch= 144, strides=1, alpha=alpha, residual=True)
     x = bottleneck(x, nfilters=96, exp_ch=288,strides=2, alpha=alpha)
     x = bottleneck(x, nfilters=96,exp_ch= 576, strides=1, alpha=alpha, residual=True)
     x = bottleneck(x, nfilters=96,exp_ch= 576, strides=1, alpha=alpha, residual=True)

     x=conv_block(x, 576, strides=1, size=1)

     model = Model(inputs=input, outputs=x)
     return model


def mnv3_unet(finetuene=False, pretrained=False, alpha=1):

    if (pretrained):
       model=load_model(PRETRAINED)
       print("Loaded pretrained model ...\n")
       return model

    mnv3 = get_mobilenetv3(pretrained=False, alpha=alpha)

    x=mnv3.output

    x = deconv_block(x, int(256*alpha))
    x = concatenate([x, mnv3.layers[71].output], axis = 3)

    x = deconv_block(x, int(128*alpha))
    x = concatenate([x, mnv3.layers[28].output], axis = 3)

    x = deconv_block(x, int(64*alpha))
    x = concatenate([x, mnv3.layers[11].output], axis = 3)

    x = deconv_block(x, int(32*alpha))
    x = concatenate([x, mnv3.layers[3].output], axis = 3)


    x = Conv2DTranspose(filters=int(16*alpha), kernel_size=3, strides=2, padding='same', kernel_initializer = 'he_normal')(x)
    x = BatchNormalization()(x)
    x = Activation("relu")(x)


    x = Conv2DTranspose(1, (1,1), padding='same')(x)
    x = Activation('sigmoid', name="op")(x)


    model = Model(inputs=mnv3.input, outputs=x)


    model.compile(loss='binary_crossentropy', optimizer=Adam(lr=1e-3),metrics=['accuracy'])
    return model

model=mnv3_unet(finetuene=False, pretrained=False, alpha=1)

model.summary()

for i, layer in enumerate(model.layers):
    print(i, layer.output.name, layer.output.shape)

plot_model(model, to_file='portrait_mnv3.png')

checkpoint = ModelCheckpoint(CHECKPOINT, monitor='val_loss', verbose=1, save_weights_only=False , save_best_only=True, mode='min')

reduce_lr = ReduceLROnPlateau(factor=0.5, patience=15, min_lr=0.000001, verbose=1)
tensorboard = TensorBoard(log_dir=LOGS, histogram_freq=0,
                          write_graph=True, write_images=True)

callbacks_list = [checkpoint, tensorboard, reduce_lr]


model=load_model('/data/finsegds/munet_mnv3_wm10-81-0.07.hdf5')

model.fit_generator(
    train_generator,
    epochs=300,
    steps_per_epoch=num_train/batch_sz,
    validation_data=val_generator,
    validation_steps=num_val/batch_sz,
    use_multiprocessing=True,
    workers=2,
    callbacks=callbacks_list)

model=load_model('/content/munet_mnv3_wm10-81-0.07.hdf5')

new_xtest=x_train[14958:,...]
new_ytest=y_train[14958:,...]

score = model.evaluate(np.float32(new_xtest/255.0), np.float32(new_ytest/255.0), verbose=0)
print('Test loss:', score[0])
print('Test accuracy:', score[1])


model_reduced = reduce_keras_model(model)
model_reduced.summary()
model_reduced.save('munet_mnv3_wm10_bnoptimized.h5')
