# %%
import os
import scipy
import nibabel as nib
from nilearn import plotting
import numpy as np
import pandas as pd
from sklearn.metrics import classification_report
from sklearn.metrics import confusion_matrix
from sklearn.model_selection import train_test_split
from sklearn.model_selection import KFold
import matplotlib.pyplot as plt
from matplotlib import image
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers,models
from tensorflow.keras.layers import Conv3D, MaxPooling3D, Flatten, Dense, GlobalAveragePooling2D,Dropout
from tensorflow.keras.losses import CategoricalCrossentropy,MeanSquaredError
from tensorflow.keras.losses import SparseCategoricalCrossentropy as SparseCategoricalCrossentropyV1
from tensorflow.keras.optimizers import Adam,SGD
from tensorflow.keras.metrics import Accuracy,CategoricalAccuracy,SparseCategoricalAccuracy
from tensorflow.keras.models import Model,Sequential
from sklearn.utils import class_weight
from tensorflow.keras.preprocessing.image import ImageDataGenerator,load_img,img_to_array
import seaborn as sns
# %%
cn_dir = r"D:\adni_scans\NC"
cn_files = os.listdir(cn_dir)

# containers for the cognitively normal group
cn_imgs = []
cn_raw = []
cn_vols = []
cn_targets = []
# walk the group folder
for fname in cn_files:
    fpath = os.path.join(cn_dir, fname)

    # read the scan and its voxel array
    nii = nib.load(fpath)
    vox = nii.get_fdata()
    
    cn_raw.append(vox)

    # shrink each axis
    small = scipy.ndimage.zoom(vox, (0.65, 0.65, 0.65), order=1)

    # wrap again and take the voxels back
    vox= nib.Nifti1Image(small, nii.affine)
    vox = vox.get_fdata()

    # keep scan, voxels and one-hot target
    cn_imgs.append(nii)
    cn_vols.append(vox)
    cn_targets.append([1,0,0])
# %%
mci_dir = r"D:\adni_scans\MCI"
mci_files = os.listdir(mci_dir)

# containers for the MCI group
mci_imgs = []
mci_raw = []
mci_vols = []
mci_targets = []
# walk the group folder
for fname in mci_files:
    fpath = os.path.join(mci_dir, fname)

    # read the scan and its voxel array
    nii = nib.load(fpath)
    vox = nii.get_fdata()
    
    mci_raw.append(vox)

    # shrink each axis
    small = scipy.ndimage.zoom(vox,(0.65,0.65,0.65) , order=1)

    # wrap again and take the voxels back
    vox = nib.Nifti1Image(small, nii.affine)
    vox = vox.get_fdata()

    # keep scan and voxels
    mci_imgs.append(nii)
    mci_vols.append(vox)
    mci_targets.append([0,1,0])
# %%
ad_dir = r"D:\adni_scans\AD"
ad_files = os.listdir(ad_dir)

# containers for the AD group
ad_imgs = []
ad_raw = []
ad_vols = []
ad_targets = []
# walk the group folder
for fname in ad_files:
    fpath = os.path.join(ad_dir, fname)

    # read the scan and its voxel array
    nii = nib.load(fpath)
    vox = nii.get_fdata()
    
    ad_raw.append(vox)

    # shrink each axis
    small = scipy.ndimage.zoom(vox, (0.65, 0.65, 0.65), order=1)

    # wrap again and take the voxels back
    vox = nib.Nifti1Image(small, nii.affine)
    vox = vox.get_fdata()

    # keep scan and voxels
    ad_imgs.append(nii)
    ad_vols.append(vox)
    ad_targets.append([0,0,1])
# %%
plotting.plot_anat(cn_imgs[20].slicer[:, :, :], title=f'Scan')

plotting.show()
# %%
plotting.plot_img(cn_imgs[20])
plotting.show()
# %%
X_all = np.concatenate((np.array(cn_vols),np.array(mci_vols),np.array(ad_vols)), axis=0)
# %%
Y_all = np.concatenate((cn_targets,mci_targets,ad_targets), axis=0)
# %%
dx, dy, dz= X_all[200].shape
X_all[200].shape
# %%
diagram = image.imread('3dmodel.png')
plt.imshow(diagram)
plt.axis('off')
plt.show()
# %%
clf = models.Sequential()

# two conv/pool stages
clf.add(Conv3D(64, kernel_size=(3, 3, 3), activation='relu', input_shape=(dx, dy, dz,1)))
clf.add(MaxPooling3D(pool_size=(2, 2, 2)))
clf.add(Conv3D(32, kernel_size=(3, 3, 3), activation='relu'))
clf.add(MaxPooling3D(pool_size=(2, 2, 2)))

clf.add(Flatten())

# classifier head
clf.add(Dense(128, activation='relu'))
clf.add(Dense(3, activation='softmax'))

# optimiser and loss
clf.compile(loss='categorical_crossentropy',optimizer=SGD(learning_rate=0.007), metrics=[CategoricalAccuracy()])
#clf.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
# %%
Xtr, Xte, Ytr, Yte = train_test_split(X_all,Y_all,test_size=0.25,stratify=Y_all)
# %%
clf.fit(Xtr,Ytr,validation_data=(Xte,Yte), epochs=100)

# score on the held-out part
te_loss, te_acc = clf.evaluate(Xte,Yte)
print("held-out loss:", te_loss)
print("held-out acc:", te_acc)

# class probabilities on the held-out part
probs = clf.predict(Xte)
# %%
clf.summary()
# %%
Yte=np.argmax(Yte, axis=1)
probs = np.argmax(probs, axis=1)
cm_df = pd.DataFrame(data = confusion_matrix(Yte, probs),
  columns = ['NC','MCI', 'AD'],
  index = ['NC','MCI', 'AD'])
sns.heatmap(cm_df, cmap="Greens", annot=True, fmt='.0f')
# %%
cm = confusion_matrix(Yte, probs)
cm_df =pd.DataFrame((cm/cm.sum(axis = 1,keepdims = True)).round(2), columns = ['NC','MCI', 'AD'],index = ['NC','MCI', 'AD'])
sns.heatmap(cm_df, cmap="Greens", annot=True)
# %%
Xtr, Xte, Ytr, Yte = train_test_split(X_all,Y_all,test_size=0.1)
# %%
folds = KFold(n_splits=5, shuffle=True)
# %%
fold_acc = []
fold_loss = []
fold_probs = []
fold_truth = []


for tr_rows, te_rows in folds.split(Xtr):

    Xf_tr, Xf_te = Xtr[tr_rows], Xtr[te_rows]
    Yf_tr, Yf_te = Ytr[tr_rows], Ytr[te_rows]

    clf.fit(Xf_tr, Yf_tr, epochs=60, validation_data=(X_all, Y_all))

    fold_probs.append(clf.predict(X_all))
    
    fold_truth.append(Y_all)

    te_loss, te_acc = clf.evaluate(X_all, Y_all)

    fold_acc.append(te_acc)
    fold_loss.append(te_loss)
# %%
print(f"mean acc: {np.mean(fold_acc)}")
print(f"std acc: {np.std(fold_acc)}")
print(f"mean loss: {np.mean(fold_loss)}")
print(f"std loss: {np.std(fold_loss)}")
# %%
truth=np.concatenate((fold_truth[0],fold_truth[1],fold_truth[2],fold_truth[3],fold_truth[4]), axis=0)
probs=np.concatenate((fold_probs[0],fold_probs[1],fold_probs[2],fold_probs[3],fold_probs[4]), axis=0)
# %%
truth=np.argmax(truth, axis=1)
probs = np.argmax(probs, axis=1)
cm_df = pd.DataFrame(data = confusion_matrix(truth, probs),
  columns = ['NC','MCI', 'AD'],
  index = ['NC','MCI', 'AD'])
sns.heatmap(cm_df, cmap="Greens", annot=True, fmt='.0f')
# %%
cm = confusion_matrix(truth, probs)
cm_df =pd.DataFrame((cm/cm.sum(axis = 1,keepdims = True)).round(2), columns = ['NC','MCI', 'AD'],index = ['NC','MCI', 'AD'])
sns.heatmap(cm_df, cmap="Greens", annot=True)
# %%
vox = ad_vols[150]
probe = models.Model(inputs=clf.input, outputs=clf.layers[0].output)

vox = np.expand_dims(vox, axis=-1)  # add the channel axis
vox = np.expand_dims(vox, axis=0)  

# first-layer feature maps
fmap = probe.predict(vox)

# show a few planes of the maps
for k in range (1,7):
    plt.imshow(fmap[0,:,:,k*10,0])  # axial planes
    plt.show()
for k in range (1,7):
    plt.imshow(fmap[0,:,k*10,:,0])  # coronal planes
    plt.show()
for k in range (1,7):
    plt.imshow(fmap[0,k*10,:,:,0])  # sagittal planes
    plt.show()
# %%
vox = ad_vols[150]
probe = models.Model(inputs=clf.input, outputs=clf.layers[1].output)

vox = np.expand_dims(vox, axis=-1)  
vox = np.expand_dims(vox, axis=0)  

fmap = probe.predict(vox)

for k in range (1,3):
    plt.imshow(fmap[0,:,:,k*10,0])  
    plt.show()
for k in range (1,3):
    plt.imshow(fmap[0,:,k*10,:,0]) 
    plt.show()
for k in range (1,3):
    plt.imshow(fmap[0,k*10,:,:,0])  
    plt.show()
# %%
vox = ad_vols[150]
probe = models.Model(inputs=clf.input, outputs=clf.layers[2].output)

# give it channel and batch axes
vox = np.expand_dims(vox, axis=-1)  # channel
vox = np.expand_dims(vox, axis=0)  # batch

# maps of the second conv
fmap = probe.predict(vox)

# show a few planes of the maps
for k in range (1,3):
    plt.imshow(fmap[0,:,:,k*10,0])  # axial
    plt.show()
for k in range (1,3):
    plt.imshow(fmap[0,:,k*10,:,0])  # coronal
    plt.show()
for k in range (1,3):
    plt.imshow(fmap[0,k*10,:,:,0])  # sagittal
    plt.show()
