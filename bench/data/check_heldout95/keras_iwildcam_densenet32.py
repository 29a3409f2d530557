import numpy as np
import pandas as pd
import math
import matplotlib.pyplot as plt
import cv2
from PIL import Image
import os,sys
print(os.listdir("../input"))
cam_table = pd.read_csv('../input/iwildcam-2019-fgvc6/train.csv')
sub_table = pd.read_csv('../input/iwildcam-2019-fgvc6/sample_submission.csv')
cam_table.head()
def show_grid(table, n_cols=3, n_rows=3):
    fig=plt.figure(figsize=(6*n_cols, 3*n_rows))
    for k in range(n_cols*n_rows):
        rel_path = table.loc[k,'file_name']
        cat_id = table.loc[k,'category_id']
        pic = cv2.imread(f'../input/train_images/{rel_path}')
        fig.add_subplot(n_rows, n_cols, k+1)
        plt.title(cat_id)
        plt.imshow(pic)
show_grid(cam_table)
def square_pad(pic, side, rgb=True):
    gap = side - pic.shape[0], side - pic.shape[1]
    top, bot = math.floor(gap[0]/2), math.ceil(gap[0]/2)
    lft, rgt = math.floor(gap[1]/2), math.ceil(gap[1]/2)
    if rgb:
        pads = ((top,bot), (lft,rgt), (0, 0))
    else:
        pads = ((top,bot), (lft,rgt))
    return square_pad
def shrink(pic_id, split, pad=False, side=32):
    pic = cv2.imread(f'../input/{split}_images/{pic_id}.jpg')
    if pad:
        pads = square_pad(pic, max(pic.shape))
        framed = np.pad(pic, width=pads, mode='constant', constant_values=0)
    else:
        framed = pic
    small = cv2.resize(framed, (side,)*2).astype('uint8')
    return small
fit_small = []
test_small = []
for pic_id in cam_table['id']:
    fit_small.append(
        shrink(pic_id, 'train')
    )
for pic_id in sub_table['Id']:
    test_small.append(
        shrink(pic_id, 'test')
    )
X_fit = np.stack(fit_small)
X_sub = np.stack(test_small)
dummies = pd.get_dummies(cam_table['category_id'])
class_ids = dummies.columns.values
y_fit = dummies.values
print(X_fit.shape)
print(X_sub.shape)
print(y_fit.shape)
np.save('small_Xtrain.npy',X_fit)
np.save('small_ytrain.npy',y_fit)
np.save('small_Xtest.npy',X_sub)
print(os.listdir('../input/reduceddata/wildcam-reduced'))
from zipfile import ZipFile
y_fit = np.load('../input/reduceddata/wildcam-reduced/y_train.npy')
X_fit = np.load('../input/reduceddata/wildcam-reduced/X_train.npy')
X_sub = np.load('../input/reduceddata/wildcam-reduced/X_test.npy')
print('fit pictures',X_fit.shape)
print('test pictures', X_sub.shape)
print('fit targets',y_fit.shape)
X_fit = X_fit.astype('float32')
X_sub = X_sub.astype('float32')
X_fit /= 255
X_sub /= 255
from keras.applications import DenseNet121
from keras.layers import *
from keras.models import Sequential
backbone = DenseNet121(input_shape = (32, 32, 3),include_top = False, classes = 1000)
net = Sequential()
net.add(backbone)
net.add(GlobalAveragePooling2D())
net.add(Dropout(0.5))
net.add(Dense(14, activation='softmax'))
net.summary()
net.compile(loss='categorical_crossentropy',
              optimizer='adam',
              metrics=['accuracy'])
from keras.callbacks import Callback
from sklearn.metrics import confusion_matrix, f1_score, precision_score, recall_score
class MacroScores(Callback):
    def on_train_begin(self, logs={}):
        self.f1_hist = []
        self.rec_hist = []
        self.prec_hist = []
    def on_epoch_end(self, epoch, logs={}):
        xv, yv = self.validation_data[:2]
        pv = self.model.predict(xv)
        pv_onehot = keras.utils.to_categorical(
            pv.argmax(axis=1),
            num_classes=14
        )
        f1v = f1_score(yv, pv_onehot, average='macro')
        recv = recall_score(yv, pv_onehot, average='macro')
        precv = precision_score(yv, pv_onehot, average='macro')
        self.f1_hist.append(f1v)
        self.rec_hist.append(recv)
        self.prec_hist.append(precv)
        print((f"macro f1: {f1v:.4f}"
               f" | macro precision: {precv:.4f}"
               f" | macro recall: {recv:.4f}"))
        return
macro_cb = MacroScores()
import keras
from keras.callbacks import  ModelCheckpoint
saver = ModelCheckpoint(
    'wildcam_densenet.h5',
    monitor='val_acc',
    verbose=1,
    save_best_only=True,
    save_weights_only=False,
    mode='auto'
)
fit_log = net.fit(
    x=X_fit,
    y=y_fit,
    batch_size=64,
    epochs=10,
    callbacks=[macro_cb],
    validation_split=0.2
)
fig = plt.subplots(figsize=(8,8))
plt.plot(fit_log.history['loss'],color='g')
plt.plot(fit_log.history['val_loss'],color='r')
plt.legend(['fit','hold-out'])
plt.show()
fig = plt.subplots(figsize=(8,8))
plt.plot(fit_log.history['acc'],color='g')
plt.plot(fit_log.history['val_acc'],color='r')
plt.legend(['fit','hold-out'])
plt.show()
scores = net.predict(X_sub)
sub_table['Predicted'] = scores.argmax(axis=1)
sub_table.head()
sub_table.to_csv('final.csv',index=False)
