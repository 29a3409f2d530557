# Kaggle Dogs vs. Cats: a small convnet tells the two animals apart

import os

import numpy as np

import pandas as pd

import matplotlib.pyplot as plt

import seaborn as sns;sns.set()
from sklearn.model_selection import train_test_split

import tensorflow as tf

from tensorflow.keras.layers import Dense,Conv2D,MaxPooling2D,Flatten,Dropout

from tensorflow.keras.models import Sequential

from tensorflow.keras.preprocessing.image import ImageDataGenerator

from tensorflow.keras.preprocessing import image

from tensorflow.keras.utils import to_categorical

from tensorflow.keras.optimizers import RMSprop
def plot_history_curves(tr_loss,tr_acc,va_loss,va_acc):

    # draw the training curves

    epoch_ids = np.arange(1,len(tr_loss)+1)

    figure,axes = plt.subplots(1,2,figsize=(20,5))

    axes[0].plot(epoch_ids,tr_loss,label='train loss')

    axes[0].plot(epoch_ids,va_loss,label='valid loss')

    axes[0].set_title('loss per epoch')

    axes[0].set_xlabel('epoch')

    axes[0].legend(['train loss','valid loss'])

    axes[1].plot(epoch_ids,tr_acc,label='train acc')

    axes[1].plot(epoch_ids,va_acc,label='valid acc')

    axes[1].set_title('accuracy per epoch')

    axes[1].set_xlabel('epoch')

    axes[1].legend(['train acc','valid acc'])

    plt.tight_layout()

    plt.show();
def compare_val_acc_curves(val_acc_curves,use_smooth=False):

    legend_names = []

    if use_smooth:

        smoothed_curves = []

        for i,va_acc in enumerate(val_acc_curves):

            smoothed_curves.append(ema_smooth(va_acc))

        curves = smoothed_curves

    else:

        curves = val_acc_curves

    for i,va_acc in enumerate(curves):

        plt.plot(va_acc)

        legend_names.append('net '+str(i+1)+' val acc')

    plt.title('validation accuracy, all three nets')

    plt.xlabel('epoch')

    plt.legend(legend_names)

    plt.tight_layout()

    plt.show();
def compare_val_loss_curves(val_loss_curves,use_smooth=False):

    legend_names = []

    if use_smooth:

        smoothed_curves = []

        for i,va_loss in enumerate(val_loss_curves):

            smoothed_curves.append(ema_smooth(va_loss))

        curves = smoothed_curves

    else:

        curves = val_loss_curves

    for i,va_loss in enumerate(curves):

        plt.plot(va_loss)

        legend_names.append('net '+str(i+1)+' val loss')

    plt.title('validation loss, all three nets')

    plt.xlabel('epoch')

    plt.legend(legend_names)

    plt.tight_layout()

    plt.show();
def ema_smooth(curve,weight=0.4):

    use_smooth = []

    for value in curve:

        if use_smooth:

            use_smooth.append(weight*use_smooth[-1]+(1-weight)*value)

        else:

            use_smooth.append(value)

    return use_smooth
# where the pictures live

train_img_dir = '../input/dogs-vs-cats/train/train'

test_img_dir = '../input/dogs-vs-cats/test1/test1'
# label 1 for a dog file, 0 otherwise

train_files = os.listdir(train_img_dir)

file_labels = []

for fname in train_files:

    if fname.startswith('dog'):

        file_labels.append(1)

    else:

        file_labels.append(0)
# put file names and labels in one table

# keep a fifth of the pictures (about 5000) so training is quick

train_df = pd.DataFrame({'Filenames':train_files,'Labels':file_labels})

# sample the same fraction from each class

train_df = train_df.groupby('Labels').apply(lambda x:x.sample(frac=0.2,random_state=100))

# decode the sampled pictures

X_files = train_df['Filenames'].values

y_labels = train_df['Labels'].values

X_imgs = [image.load_img(os.path.join(train_img_dir,fname),target_size=(150,150)) for fname in X_files]

X_imgs = np.array([image.img_to_array(value) for value in X_imgs])
# scale pixels into [0, 1]

X_imgs = X_imgs/255.
# hold out a validation part

train_X,val_X,train_y,val_y = train_test_split(X_imgs,y_labels,stratify=y_labels,test_size=0.2)
# first network: two conv pairs then a dense head

cnn_a = Sequential()

cnn_a.add(Conv2D(32,(3,3),activation='relu',input_shape=(150,150,3)))

cnn_a.add(Conv2D(32,(3,3),activation='relu'))

cnn_a.add(MaxPooling2D((2,2)))

cnn_a.add(Conv2D(64,(3,3),activation='relu'))

cnn_a.add(Conv2D(64,(3,3),activation='relu'))

cnn_a.add(MaxPooling2D((2,2)))

cnn_a.add(Flatten())

cnn_a.add(Dense(512,activation='relu'))

cnn_a.add(Dense(1,activation='sigmoid'))
# RMSprop, binary cross-entropy

rms_optimizer = RMSprop(lr=1e-4)

cnn_a.compile(optimizer=rms_optimizer,loss='binary_crossentropy',metrics=['acc'])
hist_a = cnn_a.fit(train_X,train_y,validation_data=(val_X,val_y),batch_size=128,epochs=40,verbose=0)
# pull the curves out of the history

loss_a = hist_a.history['loss']

acc_a = hist_a.history['acc']

val_loss_a= hist_a.history['val_loss']

val_acc_a = hist_a.history['val_acc']
# plot them

plot_history_curves(loss_a,acc_a,val_loss_a,val_acc_a)
# the first network overfits clearly

# next: add dropout and see whether validation improves
# second network, with dropout

cnn_b = Sequential()

cnn_b.add(Conv2D(32,(3,3),activation='relu',input_shape=(150,150,3)))

cnn_b.add(MaxPooling2D((2,2)))

cnn_b.add(Conv2D(32,(3,3),activation='relu'))

cnn_b.add(MaxPooling2D((2,2)))

cnn_b.add(Conv2D(64,(3,3),activation='relu'))

cnn_b.add(MaxPooling2D((2,2)))

cnn_b.add(Conv2D(128,(3,3),activation='relu'))

cnn_b.add(MaxPooling2D((2,2)))

cnn_b.add(Flatten())

cnn_b.add(Dropout(0.5))

cnn_b.add(Dense(512,activation='relu'))

cnn_b.add(Dense(1,activation='sigmoid'))
cnn_b.compile(optimizer=rms_optimizer,loss='binary_crossentropy',metrics=['acc'])

hist_b = cnn_b.fit(train_X,train_y,validation_data=(val_X,val_y),batch_size=128,epochs=100,verbose=0)
# pull the curves out of the history

loss_b = hist_b.history['loss']

acc_b = hist_b.history['acc']

val_loss_b= hist_b.history['val_loss']

val_acc_b = hist_b.history['val_acc']
# plot them

plot_history_curves(loss_b,acc_b,val_loss_b,val_acc_b)
# dropout helped the validation accuracy

# next: random augmentation of the training pictures
# augmenting generator

augment_gen = ImageDataGenerator(rotation_range=30,width_shift_range=0.2,height_shift_range=0.2,

                            shear_range=0.2,horizontal_flip=True,fill_mode='nearest')

train_flow = augment_gen.flow(train_X,train_y,batch_size=128)
# third network, same as the second

cnn_c = Sequential()

cnn_c.add(Conv2D(32,(3,3),activation='relu',input_shape=(150,150,3)))

cnn_c.add(MaxPooling2D((2,2)))

cnn_c.add(Conv2D(32,(3,3),activation='relu'))

cnn_c.add(MaxPooling2D((2,2)))

cnn_c.add(Conv2D(64,(3,3),activation='relu'))

cnn_c.add(MaxPooling2D((2,2)))

cnn_c.add(Conv2D(128,(3,3),activation='relu'))

cnn_c.add(MaxPooling2D((2,2)))

cnn_c.add(Flatten())

cnn_c.add(Dropout(0.5))

cnn_c.add(Dense(512,activation='relu'))

cnn_c.add(Dense(1,activation='sigmoid'))
cnn_c.compile(optimizer=rms_optimizer,loss='binary_crossentropy',metrics=['acc'])

hist_c = cnn_c.fit_generator(train_flow,steps_per_epoch=80,validation_data=(val_X,val_y),epochs=100,verbose=2)
# pull the curves out of the history

loss_c = hist_c.history['loss']

acc_c = hist_c.history['acc']

val_loss_c= hist_c.history['val_loss']

val_acc_c = hist_c.history['val_acc']
# plot them

plot_history_curves(loss_c,acc_c,val_loss_c,val_acc_c)
# validation accuracy of the three networks side by side

val_acc_curves = [val_acc_a,val_acc_b,val_acc_c]

compare_val_acc_curves(val_acc_curves,use_smooth=True)
# validation loss of the three networks side by side

val_loss_curves = [val_loss_a,val_loss_b,val_loss_c]

compare_val_loss_curves(val_loss_curves,use_smooth=True)
# augmentation gave the best validation scores

# using every picture instead of a fifth would likely help more