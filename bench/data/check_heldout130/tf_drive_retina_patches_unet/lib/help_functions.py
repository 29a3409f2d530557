import h5py
import numpy as np
from PIL import Image
from matplotlib import pyplot as plt

def read_h5(src):
  with h5py.File(src,"r") as f:
    return f["image"][()]

def save_h5(arr,dst):
  with h5py.File(dst,"w") as f:
    f.create_dataset("image", data=arr, dtype=arr.dtype)


def to_gray(arr):
    assert (len(arr.shape)==4)
    assert (arr.shape[1]==3)
    gray = arr[:,0,:,:]*0.299 + arr[:,1,:,:]*0.587 + arr[:,2,:,:]*0.114
    gray = np.reshape(gray,(arr.shape[0],1,arr.shape[2],arr.shape[3]))
    return gray


def tile_grid(data,n_per_row):
    assert data.shape[0]%n_per_row==0
    assert (data.shape[1]==1 or data.shape[1]==3)
    data = np.transpose(data,(0,2,3,1))
    rows = []
    for i in range(int(data.shape[0]/n_per_row)):
        row = data[i*n_per_row]
        for k in range(i*n_per_row+1, i*n_per_row+n_per_row):
            row = np.concatenate((row,data[k]),axis=1)
        rows.append(row)
    canvas = rows[0]
    for i in range(1,len(rows)):
        canvas = np.concatenate((canvas,rows[i]),axis=0)
    return canvas



def save_png(data,stem):
    assert (len(data.shape)==3)
    img = None
    if data.shape[2]==1:
        data = np.reshape(data,(data.shape[0],data.shape[1]))
    if np.max(data)>1:
        img = Image.fromarray(data.astype(np.uint8))
    else:
        img = Image.fromarray((data*255).astype(np.uint8))
    img.save(stem + '.png')
    return img



def masks_to_two_class(masks):
    assert (len(masks.shape)==4)
    assert (masks.shape[1]==1 )
    hh = masks.shape[2]
    ww = masks.shape[3]
    masks = np.reshape(masks,(masks.shape[0],hh*ww))
    two_class = np.empty((masks.shape[0],hh*ww,2))
    for i in range(masks.shape[0]):
        for j in range(hh*ww):
            if  masks[i,j] == 0:
                two_class[i,j,0]=1
                two_class[i,j,1]=0
            else:
                two_class[i,j,0]=0
                two_class[i,j,1]=1
    return two_class


def probs_to_images(pred, ph, pw, mode="original"):
    assert (len(pred.shape)==3)
    assert (pred.shape[2]==2 )
    out = np.empty((pred.shape[0],pred.shape[1]))
    if mode=="original":
        for i in range(pred.shape[0]):
            for pix in range(pred.shape[1]):
                out[i,pix]=pred[i,pix,1]
    elif mode=="threshold":
        for i in range(pred.shape[0]):
            for pix in range(pred.shape[1]):
                if pred[i,pix,1]>=0.5:
                    out[i,pix]=1
                else:
                    out[i,pix]=0
    else:
        print("mode " +str(mode) +" is unknown; use original or threshold")
        exit()
    out = np.reshape(out,(out.shape[0],1, ph, pw))
    return out
