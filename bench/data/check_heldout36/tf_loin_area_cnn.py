# -*- coding: utf-8 -*-
 
import keras
from keras.utils import np_utils
from keras.models import Sequential, Model
from keras.layers.convolutional import Conv2D, MaxPooling2D
from keras.layers.core import Dense, Dropout, Activation, Flatten
from keras.layers import Input, Reshape
from keras.layers.normalization import BatchNormalization
from keras.preprocessing import image as img
from keras.callbacks import ModelCheckpoint
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split
from PIL import Image
from keras.utils import plot_model

# folder holding the prepared arrays
base_dir = 'D:/LoinDummy/mix/'

# image array written by the preparation script
all_X = np.load(base_dir + 'LoinDummy_mix_img_for_train_210104.npy')  
# matching mask array
all_Y = np.load(base_dir + 'LoinDummy_mix_label_for_train_210104.npy')

# tag used in the names of everything this run writes
run_name = 'LoinDummy_mix_train_210104'

all_X = all_X.reshape(all_X.shape[0], 300, 300,1)
all_Y = all_Y.reshape(all_Y.shape[0], 300, 300,1)

# hold out a random 10% for validation
train_X, test_X, train_Y, test_Y = train_test_split(all_X, all_Y, test_size=0.10)

# images per batch
batch_n = 16

augmenter = img.ImageDataGenerator(samplewise_std_normalization=True)
train_flow = augmenter.flow(train_X, train_Y, batch_size=batch_n)
test_flow = augmenter.flow(test_X, test_Y, batch_size=batch_n)

# network definition
img_in = Input(shape=(300,300,1))

h = BatchNormalization(axis=-1, epsilon=0.001)(img_in)
h = Conv2D(16, (5, 5), padding='same', name='conv_1')(h)
h = Activation('relu', name='relu_1')(h)
h = MaxPooling2D(pool_size=(3, 3), name='pool_1')(h)
h = Dropout(0.05)(h)
h = Conv2D(16, (5, 5), padding='same', name='conv_2')(h)
h = Activation('relu', name='relu_2')(h)
h = MaxPooling2D(pool_size=(3, 3), name='pool_2')(h)
h = Conv2D(32, (5, 5), padding='same', name='conv_3')(h)
h = Activation('relu', name='relu_3')(h)
h = MaxPooling2D(pool_size=(3, 3), name='pool_3')(h)

h = Flatten()(h)
h = Dense(10000, activation='relu', name='dense_relu_1')(h)
#h = Dropout(0.05)(h)
h = Dense(1000, activation='relu', name='dense_relu_2')(h)
#h = Dropout(0.05)(h)
h = Dense(90000, activation='relu', name='dense_relu_3')(h)
mask_out = Reshape((300,300,1))(h)

cnn_model = Model(inputs=img_in, outputs=mask_out)

adam_opt = keras.optimizers.Adam(lr=0.001, beta_1=0.9, beta_2=0.999, epsilon=0.00000001, decay=0.001, amsgrad=False) 
cnn_model.compile(optimizer=adam_opt, loss='mean_squared_error',  metrics=['mae'])

# draw the architecture to a png
plot_model(cnn_model, show_shapes=True , to_file=base_dir + 'plotmodel_' + run_name + '.png')

# keep the best weights in the weights folder
ckpt_cb = ModelCheckpoint(filepath=base_dir + 'weights/model_' + run_name + '.hdf5', monitor='val_loss', verbose=1, save_best_only=True, mode='min')

# training schedule
fit_log = cnn_model.fit_generator(train_flow, steps_per_epoch=len(train_X)/batch_n, initial_epoch=1, epochs=200, verbose=1, validation_data=test_flow, validation_steps=len(test_X)/batch_n, callbacks=[ckpt_cb])

# write the metric history next to the weights
pd.DataFrame(fit_log.history).to_csv(base_dir + 'weights/histry_' + run_name + '.csv')

# score the held-out part
print(cnn_model.evaluate(test_X, test_Y))

# prediction on a separate image set (disabled)
#print ('reading the images to predict')
#pred_X = np.load('./loin_img_test.npy')

#print ('adding the channel axis')
#pred_X = np.expand_dims(pred_X, axis=-1)

#print ('running the model')
#pred_flow = augmenter.flow(pred_X, shuffle=None, batch_size=batch_n)
#pred = cnn_model.predict_generator(pred_flow, steps=len(pred_flow), verbose=1)

#print ('writing the predictions')
#np.savetxt('./weights/pred_' + run_name + '.csv', pred, delimiter=',')

# learning curves
train_mae = fit_log.history['mean_absolute_error']
valid_mae = fit_log.history['val_mean_absolute_error']
train_loss = fit_log.history['loss']
valid_loss = fit_log.history['val_loss']

epoch_axis = range(len(train_loss))

# mean absolute error curve
plt.plot(epoch_axis, train_mae, 'b' ,label = 'train mae')
plt.plot(epoch_axis, valid_mae, 'r' , label= 'val mae')
plt.title('mae per epoch')
plt.legend()

plt.figure()

# loss curve
plt.plot(epoch_axis, train_loss, 'b' ,label = 'train loss')
plt.plot(epoch_axis, valid_loss, 'r' , label= 'val loss')
plt.title('loss per epoch')
plt.legend()

plt.show()




