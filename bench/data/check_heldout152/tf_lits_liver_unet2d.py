#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
Liver segmentation on LiTS 2017 CT volumes

2-D U-Net trained on the axial slices that contain liver,
fed by a generator over per-volume .npy files

LiTS 2017 training data: 130 abdominal CT volumes
(512 x 512 x 75-987 slices)

(slices are written to .npy by the preprocessing block)

"""

import numpy as np
import os

# plotting
from matplotlib import pyplot as plt
from IPython import display

#from sklearn.model_selection import train_test_split
from keras.optimizers import Adam
#from unet import UNet, preprocess_input, dice_coef, dice_coef_loss
from keras.preprocessing.image import ImageDataGenerator
from scipy.misc import imresize,imsave

import tensorflow as tf
session = tf.Session()
from keras import backend as K
K.set_session(session)


import nibabel as nib # NIfTI reader
from unet import UNet, dice_coef_loss, dice_coef


# constants
VOL_DTYPE = np.float32
MASK_DTYPE = np.int16
HU_LO = -100 # lower window bound
HU_HI = 400 # upper window bound
SIDE = 256
# border added around each slice for augmentation
BORDER = 48

#%%
def show_row(*imgs,**kw):
    """ Plot several images side by side
    Examples:
    show_row(a, title="one")
    show_row(a,b, title=['a','b'])
    show_row(a,b, cmap='hot')
    show_row(a,b,cmap=['gray','Blues']) """
    cmaps = kw.get('cmap', 'gray')
    titles= kw.get('title','')
    if len(imgs)==0:
        raise ValueError("nothing to show")
    elif len(imgs)==1:
        plt.title(titles)
        plt.imshow(imgs[0], interpolation='none')
    else:
        k=len(imgs)
        if type(cmaps)==str:
            cmaps = [cmaps]*k
        if type(titles)==str:
            titles= [titles]*k
        plt.figure(figsize=(k*5,10))
        for j in range(k):
            plt.subplot(1,k,j+1)
            plt.title(titles[j])
            plt.imshow(imgs[j], cmaps[j])
    plt.show()


def keep_liver_slices(vol,mask):
    """
    drop the axial slices whose mask
    has no liver
    
    """
    has_liver = (np.sum(mask,axis=(0,1)) != 0)
    vol = vol[:,:,has_liver]
    mask = mask[:,:,has_liver]
    return vol,mask



def minmax(img):
    """ scale to [0,1] """
    lo, hi = float(np.min(img)), float(np.max(img))
    return (img - lo) / (hi - lo)



def prep_slice(slc):
    slc   = slc.astype(VOL_DTYPE)
    slc[slc>1000] = 0 # drop very bright artefacts
    slc   = np.clip(slc, HU_LO, HU_HI) # window
    slc   = imresize(slc, (SIDE,SIDE),interp="nearest")
    #slc   = np.pad(slc,((BORDER,BORDER),(BORDER,BORDER)),mode='constant')
    
    return slc


def prep_volume(vol,mask):
    """ whole-volume preprocessing"""
    
    # liver slices only
    vol,mask = keep_liver_slices(vol,mask)
    nz = vol.shape[2]
    vol2 = np.zeros((SIDE,SIDE,nz))
    mask2 = np.zeros((SIDE,SIDE,nz))
    for z in range(nz):
       vol2[:,:,z] = prep_slice(vol[:,:,z])
       mask2[:,:,z] = imresize(mask[:,:,z],(SIDE,SIDE),interp='nearest',mode='F') # float mode
       # keeps label 1 as 1
    # per-slice loop done
    vol2 = vol2/1000 # rough rescale
    vol2 = np.pad(vol2,((BORDER,BORDER),(BORDER,BORDER),(0,0)),mode='constant',constant_values=0)
    mask2 = np.pad(mask2,((BORDER,BORDER),(BORDER,BORDER),(0,0)),mode='constant',constant_values=0)
    
    return vol2, mask2



def count_nonbinary(mask):
    """ how many voxels are neither 0 nor 1"""
    n = np.sum( np.logical_and(mask.flatten()!=0,mask.flatten()!=1) )
    print("voxels that are not 0/1: " + str(n) +"\n")
    return n

# full paths of a folder's files
def full_paths(d):
    return [os.path.join(d,f) for f in os.listdir(d)]
            
def to_radiological(nii):
    """ 
    reorder axes and flip according to
    the header's affine
    Argument:
        nibabel image
    
    Output:
        reoriented 3-D array
    """
    A = nii.affine[:3,:3]
    fx = A[0,0]
    fy = A[1,1]
    fz = A[2,2]
    # swap rows and columns
    arr = np.transpose(nii.get_data(),(1,0,2))
    if fx > 0:
        arr = np.fliplr(arr)
    
    if fy > 0:
        arr = np.flipud(arr)
    
    if fz > 0:
        arr = arr[:,:,::-1] # reverse slices

    return arr
        
        
    
#%%
do_prep_train=False
do_prep_test=False
n_train_vols = 100
n_test_vols = 30
# random volume order
order = np.random.randint(0,130,130)

if do_prep_train:
    raw_dir='E:/lits/raw/'
    # written out per volume, too big for RAM
    img_out = 'E:/lits/prepared/images/'
    seg_out = 'E:/lits/prepared/segmentations/'
    
    for s in range(90,131):
        k = s
        vol_path = raw_dir + 'volume-'+ str(k) + '.nii'
        seg_path = raw_dir + 'segmentation-'+ str(k) + '.nii'
        nii_v = nib.load(vol_path)     
        nii_s = nib.load(seg_path)
        # radiological orientation
        vol = np.flipud( np.transpose(nii_v.get_data(),(1,0,2)) )
        mask = np.flipud( np.transpose(nii_s.get_data(),(1,0,2)) )
        mask[mask!=0]=1 # liver and tumour as one class
        
        # slice-wise preprocessing
        vol,mask = prep_volume(vol,mask)
        
        # axes
        nx=vol.shape[0]
        ny=vol.shape[1]
        nz=vol.shape[2]
        # to (slices, x, y, 1)
        vol = np.reshape(np.transpose(vol,[2,0,1]),(nz,nx,ny,1))
        mask = np.reshape(np.transpose(mask,[2,0,1]),(nz,nx,ny,1)) 
        # sanity check of the labels
        count_nonbinary(mask)
        vpath=img_out + 'image' + str(k) + '.npy'
        mpath=seg_out + 'seg' + str(k) + '.npy'
        np.save(vpath,vol)
        np.save(mpath,mask)

# preprocessing done


#%%
# the training split is streamed one volume at a time
# the generator:
# loops for ever
# takes the next volume file
# draws one augmented batch from it
# 
# 


def volume_batches(aug_pair,
                    seed,
                    file_lists,
                    batch_size,
                    vols_per_step=1):
    """ 
    endless generator: one augmented batch of slices
    from the next volume on every call
    
    Argument:
        aug_pair: the two ImageDataGenerators (images, masks) 
        file_lists: (image files, mask files), one .npy per volume
        vols_per_step: volumes read per call
        batch_size: slices per batch
    """
    n_vols = len(file_lists[0]) # volumes available
    k=0
    
    while 1:
       # print("volume " + str(k) + "\n")
        # this volume's slices and masks        
        vol = np.load(file_lists[0][k])
        mask = np.load(file_lists[1][k])
        # shapes must agree
        if not all( list(a == b for a,b in zip(vol.shape,mask.shape)) ):
            raise ValueError('shape mismatch: image ' + str(vol.shape) + "\n" +
                             'mask ' + str(mask.shape) + "\n")
        
      #  preview_img = 'E:/lits/preview/images/'
      #  preview_seg = 'E:/lits/preview/segmentations/'

        vol_flow = aug_pair[0].flow(vol,
                                    seed=seed,
                                    batch_size=batch_size
                                    )

        mask_flow = aug_pair[1].flow(mask,
                                    seed=seed,
                                    batch_size=batch_size                                    
                                    )
        n = 0;
        for xb,yb in zip(vol_flow,mask_flow):
            if n >0:
                break
            n+=1
        # one batch drawn
        
        # next volume 
        k=k+1
        if k%n_vols ==0:
            #print("wrap around\n")
            k=0 # start over
            
        yield xb, yb


#%%
img_dir = 'E:/lits/prepared/images/'
seg_dir = 'E:/lits/prepared/segmentations/'
    
img_files = full_paths(img_dir)
seg_files = full_paths(seg_dir)


# first volumes for testing, the rest for training 
#rand_k = np.random.randint(low=0,high=130)
n_test = 10
te_img = img_files[0:n_test]
te_seg = seg_files[0:n_test]
tr_img = img_files[n_test:]
tr_seg = seg_files[n_test:]
file_lists = (tr_img,tr_seg)

#%%
path = te_img[0]
X_te = np.load(path)
path = te_seg[0]
Y_te = np.load(path)

# stack the test volumes 
n=len(te_img)
for k in range(1,10):
    path = te_img[k]
    part = np.load(path)
    X_te = np.concatenate( (X_te,part),axis=0)
    path = te_seg[k]
    part = np.load(path)
    Y_te = np.concatenate( (Y_te,part),axis=0)

#%%

#%%
# augmentation objects
seed = 0
#aug_args = dict(
#        rotation_range=40,
#        width_shift_range=0.1,
#        height_shift_range=0.1,
#        shear_range=0.2,
#        zoom_range=0.2,
#        horizontal_flip=True,
#        elastic_transform=True,
#        fill_mode='nearest',
#        data_format="channels_last")

aug_args=dict(data_format="channels_last")


img_aug = ImageDataGenerator(**aug_args)
seg_aug = ImageDataGenerator(**aug_args)
img_aug.fit(X_te, augment=True, seed=seed)
seg_aug.fit(Y_te, augment=True, seed=seed)
aug_pair = (img_aug,seg_aug)

# test-time generators
te_img_gen=ImageDataGenerator(data_format="channels_last")
te_seg_gen=ImageDataGenerator(data_format="channels_last")
te_img_gen.fit(X_te, augment=False,seed=seed)
te_seg_gen.fit(Y_te, augment=False,seed=seed)
te_img_flow = te_img_gen.flow(X_te,seed=seed)
te_seg_flow = te_seg_gen.flow(Y_te,seed=seed)
te_flow = zip(te_img_flow,te_seg_flow)

train_gen = volume_batches(aug_pair,seed, file_lists,batch_size=4)


#%%
nx = X_te.shape[1]
ny = X_te.shape[2]
nc = X_te.shape[3]

net = UNet( input_shape=(nx,ny,nc))
net.compile(optimizer=Adam(lr=1e-3,decay=0.9), loss=dice_coef_loss, metrics=[dice_coef])


#%%
n_epochs=10
hist = net.fit_generator(train_gen,steps_per_epoch=4000,epochs=n_epochs,
                               validation_data=te_flow,
                               validation_steps=500,
                               verbose=1)

#%%
out_name ='liver_unet_run1'
net.save(out_name)

#%%
# look at predictions 

Y_hat = net.predict(X_te,batch_size=32)
#%%
for s in range(0,1855,50):
    show_row(X_te[s,:,:,0],Y_hat[s,:,:,0],Y_te[s,:,:,0])
