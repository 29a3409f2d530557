# ...

# ...

# ...



import numpy as np

import pandas as pd

from PIL import Image

import glob

import gc

# ...

# ...

import os,sys

print(os.listdir("../input"))

import matplotlib.pyplot as plt

import matplotlib.image as mpimg

import seaborn as sns


from sklearn.model_selection import train_test_split

from sklearn.metrics import confusion_matrix

import itertools

from keras.utils.np_utils import to_categorical

from keras.models import Sequential

from keras.layers import Dense, Dropout, Flatten, Conv2D, MaxPool2D

from keras.optimizers import RMSprop

from keras.preprocessing.image import ImageDataGenerator

from keras.callbacks import ReduceLROnPlateau

from memory_profiler import profile

from keras.layers import Conv3D, MaxPool3D

import random

import cv2

from imblearn.over_sampling import SMOTE



sns.set(style='white', context='notebook', palette='deep')

gc.collect()

print('collected')
# ...



meta_tr = pd.read_csv("../input/train.csv")

meta_te = pd.read_csv("../input/test.csv")

SIDE =256

CH = 3



tr_codes = meta_tr['id_code']

te_codes = meta_te['id_code']



# ...

grades = meta_tr['diagnosis']



TR_IMG_DIR = "../input/train_images/"

TE_IMG_DIR = "../input/test_images/"
# ...

ax_cnt = sns.countplot(grades)

grades.value_counts()
# ...



row_no = 0

# ...

for code in tr_codes:

    match = meta_tr[meta_tr['id_code']==code]

    grade = match['diagnosis'].item()

    

    if grade == 0:

        

        if random.random() > 0.166:

            meta_tr = meta_tr.drop(row_no)

    

    elif grade == 2:

        if random.random() < 0.666:

            meta_tr = meta_tr.drop(row_no)

        

    row_no = row_no+1

print(meta_tr)
# ...

grades = meta_tr['diagnosis']

ax_cnt = sns.countplot(grades)

grades.value_counts()
# ...

k = i0 = i1 = i2 = i3 = i4 = 0



n_g0 = np.count_nonzero(grades == 0, axis=0)

n_g1 = np.count_nonzero(grades == 1, axis=0)

n_g2 = np.count_nonzero(grades == 2, axis=0)

n_g3 = np.count_nonzero(grades == 3, axis=0)

n_g4 = np.count_nonzero(grades == 4, axis=0)



xs_g0 = np.empty((n_g0, SIDE, SIDE, CH), dtype=np.float32)

ys_g0 = np.zeros((n_g0,2), dtype=np.int)

xs_g1 = np.empty((n_g1, SIDE, SIDE, CH), dtype=np.float32)

ys_g1 = np.zeros((n_g1,2), dtype=np.int)

xs_g2 = np.empty((n_g2, SIDE, SIDE, CH), dtype=np.float32)

ys_g2 = np.zeros((n_g2,2), dtype=np.int)

xs_g3 = np.empty((n_g3, SIDE, SIDE, CH), dtype=np.float32)

ys_g3 = np.zeros((n_g3,2), dtype=np.int)

xs_g4 = np.empty((n_g4, SIDE, SIDE, CH), dtype=np.float32)

ys_g4 = np.zeros((n_g4,2), dtype=np.int)

# ...

tr_codes = meta_tr['id_code']

te_codes = meta_te['id_code']



def load_fundus(folder,code):

    

    # ...

    if CH == 1:

        bgr = cv2.imread(folder + code + '.png')

        gray = cv2.cvtColor(bgr, cv2.COLOR_RGB2GRAY)

        arr = np.asarray(cv2.resize(gray,(SIDE,SIDE)))

        arr = arr/255

        arr = arr.reshape(SIDE,SIDE,CH)

    

        return arr

    

    # ...

    elif CH == 3:

        # ...

        bgr = cv2.imread(folder + code + '.png')

        bgr = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)

        arr = np.asarray(cv2.resize(bgr,(SIDE,SIDE)))

        arr = arr/255

        # ...

        

        return arr



for code in tr_codes:

    match = meta_tr[meta_tr['id_code']==code]

    grade = match['diagnosis'].item()

    grade_arr = np.asarray(match['diagnosis'])

    

    if grade==0:



        arr = load_fundus(TR_IMG_DIR,code)

        

        ys_g0[i0,:] = np.array([grade])

        xs_g0[i0,:,:,:] = arr

        i0 = i0 + 1 

        

    elif grade==1:

        

        arr = load_fundus(TR_IMG_DIR,code)

        

        ys_g1[i1,:] = np.array([grade])

        xs_g1[i1,:,:,:] = arr

        i1 = i1 + 1

        

    elif grade==2:

        

        arr = load_fundus(TR_IMG_DIR,code)

        

        ys_g2[i2,:] = np.array([grade])

        xs_g2[i2,:,:,:] = arr

        i2 = i2 + 1

        

    elif grade==3:

        

        arr = load_fundus(TR_IMG_DIR,code)

        

        ys_g3[i3,:] = np.array([grade])

        xs_g3[i3,:,:,:] = arr

        

        i3 = i3 + 1

        

    elif grade==4:

        

        arr = load_fundus(TR_IMG_DIR,code)

        

        ys_g4[i4,:] = np.array([grade])

        xs_g4[i4,:,:,:] = arr

        

        i4 = i4 + 1

    k = k + 1



print(ys_g0.shape)

print(ys_g0.shape)

print(i0)

print(k)
# ...



# ...

# ...

# ...



# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...

# ...
# ...

# ...
# ...

all_x = np.vstack([xs_g0,xs_g1,xs_g2,xs_g3,xs_g4])

grades = np.vstack([ys_g0,ys_g1,ys_g2,ys_g3,ys_g4])

grades = np.delete(grades,0,axis=1)

print(all_x.shape)

print(grades.shape)

print(grades)
# ...



grades_1h = to_categorical(grades, num_classes = 5)

print(grades_1h.shape)

# ...

SPLIT_SEED = 2



# ...

xtr, xva, ytr, yva = train_test_split(all_x, grades_1h, test_size = 0.1, random_state=SPLIT_SEED)

print(xtr.shape)

print(xva.shape)

print(ytr.shape)

print(yva.shape)



print(yva)
# ...

# ...

# ...

# ...

# ...

# ...

print(xtr[0].shape)

print(xtr.max())

print(xtr[0].max())

# ...

ch0 = xva[1][:,:,0]



slice_a = xtr[1][:,0,:]

slice_b = xtr[1][0,:,:]

full_img = xtr[1][:,:,:]

print(ch0.max())

print(ch0.shape)

print(slice_a.max())

print(slice_a.shape)

print(slice_b.max())

print(slice_b.shape)

print(full_img.max())

print(full_img.shape)

# ...

# ...

ax_cnt = plt.imshow(ch0)
# ...

rms = RMSprop(lr=0.001, rho=0.9, epsilon=1e-08, decay=0.0)
# ...

# ...



cnn = Sequential()



cnn.add(Conv2D(filters = 32 , kernel_size = (5,5),padding = 'Same',activation ='relu', input_shape = (256,256,CH)))

cnn.add(Conv2D(filters = 32, kernel_size = (5,5),padding = 'Same',activation ='relu'))

cnn.add(Conv2D(filters = 32, kernel_size = (5,5),padding = 'Same',activation ='relu'))

cnn.add(Conv2D(filters = 32, kernel_size = (5,5),padding = 'Same',activation ='relu'))

cnn.add(MaxPool2D(pool_size=(2,2)))

cnn.add(Dropout(0.25))



cnn.add(Conv2D(filters = 64, kernel_size = (3,3),padding = 'Same',activation ='relu'))

cnn.add(Conv2D(filters = 64, kernel_size = (3,3),padding = 'Same',activation ='relu'))

cnn.add(Conv2D(filters = 64, kernel_size = (3,3),padding = 'Same',activation ='relu'))

cnn.add(Conv2D(filters = 64, kernel_size = (3,3),padding = 'Same',activation ='relu'))

cnn.add(MaxPool2D(pool_size=(2,2), strides=(2,2)))

cnn.add(Dropout(0.25))





cnn.add(Flatten())

cnn.add(Dense(256, activation = "relu"))

cnn.add(Dropout(0.5))

cnn.add(Dense(5, activation = "softmax"))
# ...

cnn.compile(optimizer = rms , loss = "categorical_crossentropy", metrics=["accuracy"])
# ...

lr_cb = ReduceLROnPlateau(monitor='val_acc',patience=3,verbose=1,factor=0.5,min_lr=0.00001)
EPOCHS = 30

BS = 86

# ...

aug = ImageDataGenerator(featurewise_center=False,

                             samplewise_center=False,

                             featurewise_std_normalization=False,

                             samplewise_std_normalization=False,

                             zca_whitening=False,

                             rotation_range=10,

                             zoom_range= 0.1,

                             width_shift_range=0.1,

                             height_shift_range=0.1,

                             horizontal_flip=False,

                             vertical_flip=False)

aug.fit(xtr)
# ...

hist = cnn.fit_generator(aug.flow(xtr,ytr, batch_size=BS),epochs = EPOCHS, validation_data = (xva,yva),verbose = 2, steps_per_epoch=xtr.shape[0] // BS, callbacks=[lr_cb])
# ...

fg, axs = plt.subplots(2,1)

axs[0].plot(hist.history['loss'], color='b', label="train loss")

axs[0].plot(hist.history['val_loss'], color='r', label="val loss",axes =axs[0])

leg = axs[0].legend(loc='best', shadow=True)



axs[1].plot(hist.history['acc'], color='b', label="train acc")

axs[1].plot(hist.history['val_acc'], color='r',label="val acc")

leg = axs[1].legend(loc='best', shadow=True)
# ...



def draw_cm(mat, names,as_frac=False,ttl='confusion',cmap=plt.cm.Blues):

    plt.imshow(mat, interpolation='nearest', cmap=cmap)

    plt.title(ttl)

    plt.colorbar()

    ticks = np.arange(len(names))

    plt.xticks(ticks, names, rotation=45)

    plt.yticks(ticks, names)



    if as_frac:

        mat = mat.astype('float') / mat.sum(axis=1)[:, np.newaxis]



    mid = mat.max() / 2.

    for r, c in itertools.product(range(mat.shape[0]), range(mat.shape[1])):

        plt.text(c, r, mat[r, c],horizontalalignment="center",color="white" if mat[r, c] > mid else "black")



    plt.tight_layout()

    plt.ylabel('truth')

    plt.xlabel('predicted')



# ...

p_va = cnn.predict(xva)

# ...

p_cls = np.argmax(p_va,axis = 1) 

# ...

t_cls = np.argmax(yva,axis = 1) 

# ...

cmat = confusion_matrix(t_cls, p_cls) 

# ...

draw_cm(cmat, names = range(5)) 
# ...



# ...

wrong = (p_cls - t_cls != 0)



wrong_pred = p_cls[wrong]

wrong_prob = p_va[wrong]

wrong_true = t_cls[wrong]

wrong_x = xva[wrong]



def show_mistakes(idxs,imgs,preds, truth):

    """ plot six misclassified fundus images with predicted and true grade"""

    k = 0

    NR = 2

    NC = 3

    fg, axs = plt.subplots(NR,NC,sharex=True,sharey=True)

    for rr in range(NR):

        for cc in range(NC):

            e = idxs[k]

            axs[rr,cc].imshow((imgs[e]).reshape((SIDE,SIDE,CH)))

            axs[rr,cc].set_title("pred {}\ntrue {}".format(preds[e],truth[e]))

            k += 1



# ...

conf_pred = np.max(wrong_prob,axis = 1)



# ...

conf_true = np.diagonal(np.take(wrong_prob, wrong_true, axis=1))



# ...

gap = conf_pred - conf_true



# ...

gap_order = np.argsort(gap)



# ...

worst6 = gap_order[-6:]



# ...

show_mistakes(worst6, wrong_x, wrong_pred, wrong_true)
k = 0

n_test = np.count_nonzero(te_codes, axis=0)

te_x = np.empty((n_test, SIDE, SIDE, CH), dtype=np.float32)



for code in te_codes:

    # ...

    arr = load_fundus(TE_IMG_DIR,code)

    

    # ...

    te_x[k,:,:,:] = arr

        

    k = k + 1



print(k)
te_pred = cnn.predict(te_x)

te_pred = np.argmax(te_pred,axis=1) 

print(te_pred.shape)

print(te_pred)

subm=pd.DataFrame({'id_code' : te_codes, 'diagnosis' : te_pred})
ax_cnt = sns.countplot(subm['diagnosis'])

subm['diagnosis'].value_counts()
subm.to_csv('submission.csv', index=False)