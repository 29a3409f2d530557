from keras.layers import Input, Conv2D, MaxPooling2D, Conv2DTranspose, Activation, Reshape, Dense, Dropout, Flatten, UpSampling2D, BatchNormalization
from keras.models import Model, load_model
from keras.callbacks import ModelCheckpoint, History, EarlyStopping
from keras.preprocessing.image import ImageDataGenerator
from keras.optimizers import SGD, Adam
import numpy as np
import pickle as pk
import sys

n_classes = 7
# base_dir = './drive/colab/DLCV2018SPRING/hw3/'
base_dir = ''

inp = Input(shape=(512, 512, 3))
tune_backbone = True
h = Conv2D(64, (3, 3), activation='relu', padding='same', name='block1_conv1', trainable=tune_backbone)(inp)
h = Conv2D(64, (3, 3), activation='relu', padding='same', name='block1_conv2', trainable=tune_backbone)(h)
h = MaxPooling2D((2, 2), strides=(2, 2), name='block1_pool')(h)

h = Conv2D(128, (3, 3), activation='relu', padding='same', name='block2_conv1', trainable=tune_backbone)(h)
h = Conv2D(128, (3, 3), activation='relu', padding='same', name='block2_conv2', trainable=tune_backbone)(h)
h = MaxPooling2D((2, 2), strides=(2, 2), name='block2_pool')(h)

h = Conv2D(256, (3, 3), activation='relu', padding='same', name='block3_conv1', trainable=tune_backbone)(h)
h = Conv2D(256, (3, 3), activation='relu', padding='same', name='block3_conv2', trainable=tune_backbone)(h)
h = Conv2D(256, (3, 3), activation='relu', padding='same', name='block3_conv3', trainable=tune_backbone)(h)
h = MaxPooling2D((2, 2), strides=(2, 2), name='block3_pool')(h)

h = Conv2D(512, (3, 3), activation='relu', padding='same', name='block4_conv1', trainable=tune_backbone)(h)
h = Conv2D(512, (3, 3), activation='relu', padding='same', name='block4_conv2', trainable=tune_backbone)(h)
h = Conv2D(512, (3, 3), activation='relu', padding='same', name='block4_conv3', trainable=tune_backbone)(h)
h = MaxPooling2D((2, 2), strides=(2, 2), name='block4_pool')(h)

h = Conv2D(512, (3, 3), activation='relu', padding='same', name='block5_conv1', trainable=tune_backbone)(h)
h = Conv2D(512, (3, 3), activation='relu', padding='same', name='block5_conv2', trainable=tune_backbone)(h)
h = Conv2D(512, (3, 3), activation='relu', padding='same', name='block5_conv3', trainable=tune_backbone)(h)
h = MaxPooling2D((2, 2), strides=(2, 2), name='block5_pool')(h)

backbone = Model(inp, h)
vgg_file = base_dir + 'vgg16_weights_tf_dim_ordering_tf_kernels.h5'
backbone.load_weights(vgg_file, by_name=True)
# backbone.trainable = False
h = Conv2D(4096, (2,2), activation='relu', padding='same', name='fc1')(h)
h = Dropout(0.5)(h)
h = Conv2D(4096, (1,1), activation='relu', padding='same', name='fc2')(h)
h = Dropout(0.5)(h)
h = Conv2D(n_classes, (1,1), activation='linear', padding='valid', kernel_initializer='he_normal')(h)

#h = UpSampling2D((2,2))(h)
h = Conv2DTranspose(n_classes, kernel_size=64, strides=32, use_bias=False, activation='softmax', padding='same')(h)
# h = Reshape((512*512, n_classes))(h)
# h = Activation('softmax')(h)
net = Model(inp, h)

#net = load_model('/data/model/512trainable_model-06-0.37.h5')
net.summary()
# exit(-1)
#opt = SGD(momentum=0.0, lr=1e-4)
opt = Adam(lr=0.0001)
net.compile(opt, loss='categorical_crossentropy', metrics=['accuracy'])

va_img = np.load(base_dir+'npy/val_sat_uint8.npy')
va_mask = np.load(base_dir+'npy/val_masks_uint8.npy')
print(va_mask.shape)
print('validation arrays read')
tr_img = np.load(base_dir+'npy/train_sat_uint8.npy')
tr_mask = np.load(base_dir+'npy/train_masks_uint8.npy')
print(tr_mask.shape)
print('training arrays read')

###### quick test only
# tr_img = np.load('npy/mini_train_sat.npy')[:2]
# tr_mask = np.load('npy/mini_train_masks.npy')[:2]
# print('training arrays read')
######

variant = '32s'
print('fitting variant '+variant)
ckpt = ModelCheckpoint(filepath='/mnt/'+variant+'_model-{epoch:02d}-{val_loss:.4f}.h5', verbose=0, save_best_only=True, period=2)
# hist = History()
stopper = EarlyStopping(patience=10, min_delta=0.00)
net.fit(tr_img, tr_mask, batch_size=12, epochs=50, verbose=1, 
          validation_data=(va_img, va_mask),
          callbacks=[ckpt, stopper])
#net.save('/data/model/'+variant+'_model_final.h5')
# pk.dump(hist.history['loss'], open(base_dir+'model/history_train_loss.pickle', 'wb'))
# pk.dump(hist.history['val_loss'], open(base_dir+'model/history_val_loss.pickle', 'wb'))
