# libraries used below
import keras
from keras.layers import Conv2D, Conv3D, Flatten, Dense, Reshape, BatchNormalization
from keras.layers import Dropout, Input
from keras.models import Model
from keras.optimizers import Adam
from keras.callbacks import ModelCheckpoint
from keras.utils import np_utils
from sklearn.decomposition import PCA
from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix, accuracy_score, classification_report, cohen_kappa_score
from operator import truediv
from plotly.offline import init_notebook_mode
import numpy as np
import matplotlib.pyplot as plt
import scipy.io as sio
from scipy.io import loadmat
from tkinter import filedialog
import os
import spectral
import tensorflow as tf

## settings shared by the whole script
patch_window = 25

# ask the user for the cube (.mat) and its ground-truth map
def read_scene_files():
    global scene_key
    scene_data = loadmat(filedialog.askopenfilename(initialdir=os.getcwd(), title='Pick the hyperspectral cube'))
    scene_key=next(reversed(scene_data))
    scene_data=scene_data[scene_key]
    gt_labels = loadmat(filedialog.askopenfilename(initialdir=os.getcwd(), title='Pick the ground-truth map'))
    gt_key=next(reversed(gt_labels))
    gt_labels=gt_labels[gt_key]
    # Salinas-A uses non-contiguous class ids: remap them to 0..n-1
    if gt_key == 'salinasA_gt':
        distinct_labels = np.unique(gt_labels)
        label_lookup = {lab: i for i, lab in enumerate(distinct_labels)}
        gt_labels = np.array([[label_lookup[lab] for lab in gt_row] for gt_row in gt_labels])
    return scene_key,scene_data,gt_labels

# PCA over the spectral axis to keep a few components
def reduce_bands_pca(X, n_comp=75):
    outX = np.reshape(X, (-1, X.shape[2]))
    pca_model = PCA(n_components=n_comp, whiten=True)
    outX = pca_model.fit_transform(outX)
    outX = np.reshape(outX, (X.shape[0],X.shape[1], n_comp))
    return outX, pca_model

# zero border so edge pixels get a full window
def zero_pad_cube(X, border=2):
    outX = np.zeros((X.shape[0] + 2 * border, X.shape[1] + 2* border, X.shape[2]))
    row_off = border
    col_off = border
    outX[row_off:X.shape[0] + row_off, col_off:X.shape[1] + col_off, :] = X
    return outX

# one window cube around every pixel
def cut_patch_per_pixel(X, y, patch_window=5, drop_unlabelled = True):
    border = int((patch_window - 1) / 2)
    paddedX = zero_pad_cube(X, border=border)
    # fill the window array
    patch_data = np.zeros((X.shape[0] * X.shape[1], patch_window, patch_window, X.shape[2]))
    patch_labels = np.zeros((X.shape[0] * X.shape[1]))
    patch_idx = 0
    for ri in range(border, paddedX.shape[0] - border):
        for ci in range(border, paddedX.shape[1] - border):
            window_patch = paddedX[ri - border:ri + border + 1, ci - border:ci + border + 1]   
            patch_data[patch_idx, :, :, :] = window_patch
            patch_labels[patch_idx] = y[ri-border, ci-border]
            patch_idx = patch_idx + 1
    # keep only pixels that carry a class
    if drop_unlabelled:
        patch_data = patch_data[patch_labels>0,:,:,:]
        patch_labels = patch_labels[patch_labels>0]
        patch_labels -= 1
    return patch_data, patch_labels

# read the scene
dataset_key,X, y = read_scene_files()
X_full,y_full= X,y

# remember which pixels have no class
y_flat=y.ravel()
unlabelled_idx = [i for i in range(len(y_flat)) if y_flat[i] == 0]

# number of PCA components per scene
if dataset_key == 'indian_pines_corrected':
    n_bands = 30  
else:
    n_bands = 15

# spectral reduction
X,pca_model = reduce_bands_pca(X,n_comp=n_bands)

X_all_patches,y_all_patches=cut_patch_per_pixel(X, y, patch_window=patch_window, drop_unlabelled = False)

# labelled window cubes only
X, y = cut_patch_per_pixel(X, y, patch_window=patch_window)

# hold out 70 % for testing
train_X, test_X, train_y, test_y = train_test_split(X, y, test_size=0.7, random_state=345,stratify=y)

X_all_patches=X_all_patches.reshape(-1, patch_window, patch_window, n_bands, 1)

# ---- network and training ----
# add the channel axis Conv3D expects
train_X = train_X.reshape(-1, patch_window, patch_window, n_bands, 1)
train_X.shape

train_y = np_utils.to_categorical(train_y)
train_y.shape

# network sizes
side = patch_window
depth = n_bands
if dataset_key == 'paviaU' :
    n_classes = 9 
elif dataset_key == 'salinasA_corrected':
    n_classes = 6
else:
    n_classes = 16

## network input
inp_layer = Input((side, side, depth, 1))

## 3-D then 2-D convolutions
conv_a = Conv3D(filters=8, kernel_size=(3, 3, 7), activation='relu')(inp_layer)
conv_b = Conv3D(filters=16, kernel_size=(3, 3, 5), activation='relu')(conv_a)
conv_c = Conv3D(filters=32, kernel_size=(3, 3, 3), activation='relu')(conv_b)
c3_shape = conv_c.shape
conv_c = Reshape((c3_shape[1], c3_shape[2], c3_shape[3]*c3_shape[4]))(conv_c)
conv_d = Conv2D(filters=64, kernel_size=(3,3), activation='relu')(conv_c)
flat_out = Flatten()(conv_d)
## dense head
fc_a = Dense(units=256, activation='relu')(flat_out)
fc_a = Dropout(0.4)(fc_a)
fc_b = Dense(units=128, activation='relu')(fc_a)
fc_b = Dropout(0.4)(fc_b)
softmax_out = Dense(units=n_classes, activation='softmax')(fc_b)

# assemble the graph
model = Model(inputs=inp_layer, outputs=softmax_out)

print(model.summary())

# loss and optimiser
adam_opt = Adam(learning_rate=0.001, decay=1e-06)
model.compile(loss='categorical_crossentropy', optimizer=adam_opt, metrics=['accuracy'])

# where the best weights go
weights_path = f"C:/Users/mohit/Desktop/MohitP/CODING/Ml_project/best_weights.hdf5"

# keep the best epoch
ckpt_cb = tf.keras.callbacks.ModelCheckpoint(weights_path, monitor='acc', verbose=1, save_best_only=True, mode='max')
cb_list = [ckpt_cb]

epochs_wanted = int(input('how many epochs? '))
train_history = model.fit(x=train_X, y=train_y, batch_size=256, epochs=epochs_wanted, callbacks=cb_list)

# write the final network
model.save(weights_path)

# ---- evaluation ----
model.load_weights(f"C:/Users/mohit/Desktop/MohitP/CODING/Ml_project/best_weights.hdf5")
model.compile(loss='categorical_crossentropy', optimizer=adam_opt, metrics=['accuracy'])
test_X = test_X.reshape(-1, patch_window, patch_window, n_bands, 1)
test_y = np_utils.to_categorical(test_y)
test_pred_probs = model.predict(test_X)
test_pred = np.argmax(test_pred_probs, axis=1)

# classify every pixel of the scene
all_pred_probs = model.predict(X_all_patches)
all_pred = np.argmax(all_pred_probs, axis=1)
all_pred+=1
# pixels without ground truth are shown as background
for i in unlabelled_idx:
    all_pred[i]=0
all_pred=np.array(all_pred).reshape(y_full.shape[0],y_full.shape[1])

# ---- plots ----
# scale both maps to [0, 1]
gt_norm = (y_full - y_full.min()) / (y_full.max() - y_full.min())
pred_norm = (all_pred - all_pred.min()) / (all_pred.max() - all_pred.min())

# colour scheme
colour_map = plt.cm.jet

# colour mappers for the two maps
import matplotlib
gt_mappable = plt.cm.ScalarMappable(norm=matplotlib.colors.Normalize(vmin=gt_norm.min(), vmax=gt_norm.max()), colour_map=colour_map)
pred_mappable = plt.cm.ScalarMappable(norm=matplotlib.colors.Normalize(vmin=pred_norm.min(), vmax=pred_norm.max()), colour_map=colour_map)

# two panels next to each other
figure_h, ax_pair = plt.subplots(nrows=1, ncols=2, figsize=(10, 5))

# left: reference map
ax_pair[0].imshow(gt_mappable.to_rgba(gt_norm))
ax_pair[0].set_title(f'{scene_key}: reference labels')

# right: network output
ax_pair[1].imshow(pred_mappable.to_rgba(pred_norm))
ax_pair[1].set_title(f'{scene_key}: predicted labels')

# colour bars
figure_h.colorbar(gt_mappable, ax=ax_pair[0])
figure_h.colorbar(pred_mappable, ax=ax_pair[1])
plt.show()

## accuracy curve
plt.figure(figsize=(7,7))
plt.ylim(0,1.1)
plt.grid()
plt.plot(train_history.history['accuracy'])
plt.ylabel('train accuracy')
plt.xlabel('epoch')
plt.title('Accuracy during training')
plt.show()

# per-class report
report_text = classification_report(np.argmax(test_y, axis=1), test_pred)
print(report_text)