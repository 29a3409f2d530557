import os
import sys
import random
import warnings

import numpy as np
import pandas as pd

import matplotlib.pyplot as plt

from tqdm import tqdm
from itertools import chain
from skimage.io import imread, imshow, imread_collection, concatenate_images
from skimage.transform import resize
from skimage.morphology import label

from scipy.ndimage.filters import gaussian_laplace

from keras.models import Model, load_model
from keras.layers import Input
from keras.layers.core import Dropout, Lambda
from keras.layers.convolutional import Conv2D, Conv2DTranspose
from keras.layers.pooling import MaxPooling2D
from keras.layers.merge import concatenate
from keras.callbacks import EarlyStopping, ModelCheckpoint
from keras import backend as K

import tensorflow as tf

# ...
W = 128
H = 128
C = 3
TR_DIR = '../input/stage1_train/'
TE_DIR = '../input/stage1_test/'

warnings.filterwarnings('ignore', category=UserWarning, module='skimage')
rs = 42
random.seed = rs
np.random.seed = rs
# ...
tr_names = next(os.walk(TR_DIR))[1]
te_names = next(os.walk(TE_DIR))[1]
# ...
imgs = np.zeros((len(tr_names), H, W, C), dtype=np.uint8)
masks = np.zeros((len(tr_names), H, W, 1), dtype=np.bool)
print('reading train images + masks')
sys.stdout.flush()
for j, sample in tqdm(enumerate(tr_names), total=len(tr_names)):
    sdir = TR_DIR + sample
    pic = imread(sdir + '/images/' + sample + '.png')[:,:,:C]
    pic = resize(pic, (H, W), mode='constant', preserve_range=True)
    imgs[j] = pic
    union = np.zeros((H, W, 1), dtype=np.bool)
    for mf in next(os.walk(sdir + '/masks/'))[2]:
        one_mask = imread(sdir + '/masks/' + mf)
        one_mask = np.expand_dims(resize(one_mask, (H, W), mode='constant', 
                                      preserve_range=True), axis=-1)
        union = np.maximum(union, one_mask)
    masks[j] = union

# ...
te_imgs = np.zeros((len(te_names), H, W, C), dtype=np.uint8)
te_shapes = []
print('reading test images')
sys.stdout.flush()
for j, sample in tqdm(enumerate(te_names), total=len(te_names)):
    sdir = TE_DIR + sample
    pic = imread(sdir + '/images/' + sample + '.png')[:,:,:C]
    te_shapes.append([pic.shape[0], pic.shape[1]])
    pic = resize(pic, (H, W), mode='constant', preserve_range=True)
    te_imgs[j] = pic

print('loaded')
# ...
pick = random.randint(0, len(tr_names))
imshow(imgs[pick])
plt.show()
imshow(np.squeeze(masks[pick]))
plt.show()
# ...
def iou_metric(y_true, y_pred):
    scores = []
    for thr in np.arange(0.5, 1.0, 0.05):
        y_bin = tf.to_int32(y_pred > thr)
        m, upd = tf.metrics.mean_iou(y_true, y_bin, 2)
        K.get_session().run(tf.local_variables_initializer())
        with tf.control_dependencies([upd]):
            m = tf.identity(m)
        scores.append(m)
    return K.mean(K.stack(scores), axis=0)
# ...
x_in = Input((H, W, C))
scaled = Lambda(lambda x: x / 255) (x_in)

e1 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (scaled)
e1 = Dropout(0.1) (e1)
e1 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (e1)
q1 = MaxPooling2D((2, 2)) (e1)

e2 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (q1)
e2 = Dropout(0.2) (e2)
e2 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (e2)
q2 = MaxPooling2D((2, 2)) (e2)

e3 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (q2)
e3 = Dropout(0.2) (e3)
e3 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (e3)
q3 = MaxPooling2D((2, 2)) (e3)

e4 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (q3)
e4 = Dropout(0.2) (e4)
e4 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (e4)
q4 = MaxPooling2D(pool_size=(2, 2)) (e4)

mid = Conv2D(256, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (q4)
mid = Dropout(0.3) (mid)
mid = Conv2D(256, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (mid)

up6 = Conv2DTranspose(128, (2, 2), strides=(2, 2), padding='same') (mid)
up6 = concatenate([up6, e4])
d6 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (up6)
d6 = Dropout(0.2) (d6)
d6 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (d6)

up7 = Conv2DTranspose(64, (2, 2), strides=(2, 2), padding='same') (mid)
up7 = Conv2DTranspose(64, (2, 2), strides=(2, 2), padding='same') (d6)
up7 = concatenate([up7, e3])
d7 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (up7)
d7 = Dropout(0.2) (d7)
d7 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (d7)

up8 = Conv2DTranspose(32, (2, 2), strides=(2, 2), padding='same') (d7)
up8 = concatenate([up8, e2])
d8 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (up8)
d8 = Dropout(0.1) (d8)
d8 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (d8)

up9 = Conv2DTranspose(16, (2, 2), strides=(2, 2), padding='same') (d8)
up9 = concatenate([up9, e1], axis=3)
d9 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (up9)
d9 = Dropout(0.1) (d9)
d9 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (d9)

y_out = Conv2D(1, (1, 1), activation='sigmoid') (d9)
sig = 2
y_out = scipy.ndimage.filters.gaussian_laplace(y_out, sig, output=None, mode='reflect', cval=0.0)

unet = Model(x_in=[x_in], y_out=[y_out])
unet.compile(optimizer='adam', loss='binary_crossentropy', metrics=[iou_metric])
unet.summary()
# ...
stop_cb = EarlyStopping(patience=5, verbose=1)
ckpt_cb = ModelCheckpoint('unet_nuclei.h5', verbose=1, save_best_only=True)
hist = unet.fit(imgs, masks, validation_split=0.1, batch_size=16, epochs=1, 
                    callbacks=[stop_cb, ckpt_cb])
# ...
unet = load_model('unet_nuclei.h5', custom_objects={'iou_metric': iou_metric})
p_tr = unet.predict(imgs[:int(imgs.shape[0]*0.9)], verbose=1)
p_va = unet.predict(imgs[int(imgs.shape[0]*0.9):], verbose=1)
p_te = unet.predict(te_imgs, verbose=1)

# ...
m_tr = (p_tr > 0.5).astype(np.uint8)
m_va = (p_va > 0.5).astype(np.uint8)
m_te = (p_te > 0.5).astype(np.uint8)

# ...
p_te_full = []
for i in range(len(p_te)):
    p_te_full.append(resize(np.squeeze(p_te[i]), 
                                       (te_shapes[i][0], te_shapes[i][1]), 
                                       mode='constant', preserve_range=True))
# ...
pick = random.randint(0, len(m_tr))
imshow(imgs[pick])
plt.show()
imshow(np.squeeze(masks[pick]))
plt.show()
imshow(np.squeeze(m_tr[pick]))
plt.show()
# ...
pick = random.randint(0, len(m_va))
imshow(imgs[int(imgs.shape[0]*0.9):][pick])
plt.show()
imshow(np.squeeze(masks[int(masks.shape[0]*0.9):][pick]))
plt.show()
imshow(np.squeeze(m_va[pick]))
plt.show()
# ...
def run_length(x):
    on_px = np.where(x.T.flatten() == 1)[0]
    runs = []
    last = -2
    for px in on_px:
        if (px>last+1): runs.extend((px + 1, 0))
        runs[-1] += 1
        last = px
    return runs

def mask_to_runs(x, thresh=0.5):
    objs = label(x > thresh)
    for i in range(1, objs.max() + 1):
        yield run_length(objs == i)
row_ids = []
all_runs = []
for j, sample in enumerate(te_names):
    obj_runs = list(mask_to_runs(p_te_full[j]))
    all_runs.extend(obj_runs)
    row_ids.extend([sample] * len(obj_runs))
# ...
out_df = pd.DataFrame()
out_df['ImageId'] = row_ids
out_df['EncodedPixels'] = pd.Series(all_runs).apply(lambda x: ' '.join(str(y) for y in x))
out_df.to_csv('nuclei_submission.csv', index=False)
