import pandas as pd
import urllib.request
import uuid
from PIL import Image
import requests
from io import BytesIO
import glob
import numpy as np

from PIL import Image, ImageCms
from skimage import io, color,transform, img_as_float
from skimage.viewer import ImageViewer
from matplotlib.pyplot import imshow
import matplotlib.pyplot as plt
import matplotlib.image as mpimg
from PIL import Image
from sklearn.preprocessing import OneHotEncoder, LabelEncoder
import gc


def nearest_bin(pt, bins):
    bins = np.asarray(bins)
    diff = bins - pt
    sq = np.einsum('ij,ij->i', diff, diff)
    return np.argmin(sq)

def bin_as_onehot(pt, bins, onehots):
    k = nearest_bin(pt,bins)
    return onehots[k]

class PictureStore:
    
    def __init__(self, folder, hull_file = 'C:\\work\\colour_hw\\samples\\pts_in_hull.npy'):
        
        self.hull = np.load(hull_file)
        self.pictures = []
        for fp in glob.glob(folder + '*.jpg'):
            with Image.open(fp) as opened:
                arr= np.asarray(opened)
                arr = arr.astype(float)
                self.pictures.append(arr)
        print('pictures read: ',len(self.pictures))
            
    def split_in_memory(self,val_share, test_share, in_side = 224, out_side = 56):
        self.lab_in = np.zeros((len(self.pictures), in_side, in_side, 3))
        self.lab_out = np.zeros((len(self.pictures), out_side, out_side, 3))

        for k in range(len(self.pictures)):
            p = self.pictures[k]
            p = transform.resize( p , (in_side,in_side), preserve_range=True)
            p = p / 255.0
            #the network works on Lab pictures
            if p.shape != (224,224,3):
                continue
            lab = color.rgb2lab(p)
            #lab is float64 here
            #lab = transform.resize( lab , (in_side,in_side), preserve_range=True)
            lab_small = transform.resize( lab , (out_side,out_side), preserve_range=True)
            #print(lab)
            self.lab_in[k] = np.asarray(lab, dtype="float")
            self.lab_out[k] = np.asarray(lab_small, dtype="float")
        
        del self.pictures
        gc.collect()
        #self.lab_in = np.asarray(self.pictures, dtype="float32")

        print('GB held by lab_in: ',float(self.lab_in.nbytes)/ (1024**3) )
        print('GB held by lab_out: ',float(self.lab_out.nbytes)/ (1024**3) )
        
        L3 = np.concatenate([self.lab_in[:,:,:,0, np.newaxis], self.lab_in[:,:,:,0, np.newaxis], self.lab_in[:,:,:,0, np.newaxis] ], axis = 3)
        del self.lab_in
        gc.collect()
        #lightness into 0..1
        L3 = L3 / 100.0
        enc = OneHotEncoder(sparse = False)
        
        onehots = enc.fit_transform(np.array(range(0,self.hull.shape[0])).reshape(-1,1) )
        #print(onehots)
        #self.hull
        targets = np.zeros((self.lab_out.shape[0], self.lab_out.shape[1], self.lab_out.shape[2], self.hull.shape[0]))

        for n in np.arange(self.lab_out.shape[0]):
            for r in np.arange(self.lab_out.shape[1]):
                for c in np.arange(self.lab_out.shape[2]):
                    targets[n,r,c] = bin_as_onehot(pt = self.lab_out[n,r,c,1:], bins = self.hull, onehots = onehots)
        #targets = np.apply_along_axis(bin_as_onehot, axis = 3, arr = self.lab_out[:,:,:,1:], bins = self.hull, onehots = onehots)
        
        
        T = targets
        
        v_cut = int(L3.shape[0] *  (1 - val_share - test_share))
        t_cut = int(L3.shape[0] *  (1 - test_share))
        
        self.X_test = L3[t_cut:]
        self.Y_test = T[t_cut:]
        self.X_valid = L3[v_cut:t_cut]
        self.Y_valid = T[v_cut:t_cut]
        self.X_train = L3[:v_cut]
        self.Y_train = T[:v_cut]
        
