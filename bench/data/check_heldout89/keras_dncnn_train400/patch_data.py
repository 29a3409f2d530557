# -*- coding: utf-8 -*-

# ---------------------------------------------------------------
# patch extraction for DnCNN training (imported by train.py)
#
#
#
#
#
#
#
#
#
#
#
#
# ---------------------------------------------------------------

# imported, not run on its own


import glob
#
import cv2
import numpy as np
#


PS, STEP = 40, 10
N_AUG = 1
SCALES = [1, 0.9, 0.8, 0.7]
BS = 128


def preview(arr,caption=None,colorbar=False,fig_wh=None):
    import matplotlib.pyplot as plt
    plt.figure(figsize=fig_wh)
    plt.imshow(arr,interpolation='nearest',cmap='gray')
    if caption:
        plt.title(caption)
    if colorbar:
        plt.colorbar()
    plt.show()

def augment(im, op=0):

    if op == 0:
        return im
    elif op == 1:
        return np.flipud(im)
    elif op == 2:
        return np.rot90(im)
    elif op == 3:
        return np.flipud(np.rot90(im))
    elif op == 4:
        return np.rot90(im, k=2)
    elif op == 5:
        return np.flipud(np.rot90(im, k=2))
    elif op == 6:
        return np.rot90(im, k=3)
    elif op == 7:
        return np.flipud(np.rot90(im, k=3))

def cut_patches(png_path):

    # decode as grayscale
    im = cv2.imread(png_path, 0)  # single channel
    hh, ww = im.shape
    crops = []
    for sc in SCALES:
        hs, ws = int(hh*sc),int(ww*sc)
        im_s = cv2.resize(im, (hs,ws), interpolation=cv2.INTER_CUBIC)
        # sliding-window crops
        for r in range(0, hs-PS+1, STEP):
            for c in range(0, ws-PS+1, STEP):
                arr = im_s[r:r+PS, c:c+PS]
                #
                # random flip/rotation
                for _k in range(0, N_AUG):
                    crop_aug = augment(arr, op=np.random.randint(0,8))
                    crops.append(crop_aug)

    return crops

def datagenerator(folder='data/Train400',chatty=False):

    pngs = glob.glob(folder+'/*.png')  # all training PNGs
    # collect
    stack = []
    # per image
    for r in range(len(pngs)):
        crops_one = cut_patches(pngs[r])
        stack.append(crops_one)
        if chatty:
            print(str(r+1)+'/'+ str(len(pngs)) + ' images cut')
    stack = np.array(stack, dtype='uint8')
    stack = stack.reshape((stack.shape[0]*stack.shape[1],stack.shape[2],stack.shape[3],1))
    n_drop = len(stack)-len(stack)//BS*BS;
    stack = np.delete(stack,range(n_drop),axis = 0)
    print('patch set ready')
    return stack

if __name__ == '__main__':

    stack = datagenerator(folder='data/Train400')


#
#
#
#
#
#