#coding=utf-8
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import argparse
import numpy as np  
from keras.models import Sequential  
from keras.layers import Conv2D,MaxPooling2D,UpSampling2D,BatchNormalization,Reshape,Permute,Activation,Input  
from keras.utils.np_utils import to_categorical  
from keras.preprocessing.image import img_to_array  
from keras.callbacks import ModelCheckpoint  
from sklearn.preprocessing import LabelEncoder  
from keras.models import Model
from keras.layers.merge import concatenate
from PIL import Image  
import matplotlib.pyplot as plt  
import cv2
import random
import os
from tqdm import tqdm  
os.environ["CUDA_VISIBLE_DEVICES"] = "4"
rng_seed = 7  
np.random.rng_seed(rng_seed)  
  
#tile_pixels = 360*480
TILE_W = 256  
TILE_H = 256  
# one class is background
#n_out = 4+1
n_out = 1
  
class_values = [0. ,  1.,  2.,   3.  , 4.]  
  
enc = LabelEncoder()  
enc.fit(class_values)  

sample_names = ['1.png','2.png','3.png']
 

def read_tile(path, grayscale=False):
    if grayscale:
        im = cv2.imread(path,cv2.IMREAD_GRAYSCALE)
    else:
        im = cv2.imread(path)
        im = np.array(im,dtype="float") / 255.0
    return im


root_dir ='./unet_train/'  

def split_names(val_frac = 0.25):
    names = []    
    tr_names = []
    va_names  = []
    for fname in os.listdir(root_dir + 'src'):
        names.append(fname)
    random.shuffle(names)
    n_all = len(names)
    n_val = int(val_frac * n_all)
    for i in range(len(names)):
        if i < n_val:
            va_names.append(names[i]) 
        else:
            tr_names.append(names[i])
    return tr_names,va_names

# training batches, read from disk per batch
def train_batches(batch_size,name_list=[]):  
    #print('train batches')
    while True:  
        xs = []  
        ys = []  
        count = 0  
        for i in (range(len(name_list))): 
            name = name_list[i]
            count += 1 
            im = read_tile(root_dir + 'src/' + name)
            im = img_to_array(im)  
            xs.append(im)  
            mask = read_tile(root_dir + 'label/' + name, grayscale=True) 
            mask = img_to_array(mask)
            ys.append(mask)  
            if count % batch_size==0: 
                #print('batch ready')
                xs = np.array(xs)  
                ys = np.array(ys)  
                yield (xs,ys)  
                xs = []  
                ys = []  
                count = 0  
 
# validation batches
def val_batches(batch_size,name_list=[]):  
    #print('val batches')
    while True:  
        vxs = []  
        vys = []  
        count = 0  
        for i in (range(len(name_list))):  
            name = name_list[i]
            count += 1  
            im = read_tile(root_dir + 'src/' + name)
            im = img_to_array(im)  
            vxs.append(im)  
            mask = read_tile(root_dir + 'label/' + name, grayscale=True)
            mask = img_to_array(mask)
            vys.append(mask)  
            if count % batch_size==0:  
                vxs = np.array(vxs)  
                vys = np.array(vys)  
                yield (vxs,vys)  
                vxs = []  
                vys = []  
                count = 0  
  
  
def build_unet():
    inp = Input((3, TILE_W, TILE_H))

    conv1 = Conv2D(32, (3, 3), activation="relu", padding="same")(inp)
    conv1 = Conv2D(32, (3, 3), activation="relu", padding="same")(conv1)
    pool1 = MaxPooling2D(pool_size=(2, 2))(conv1)

    conv2 = Conv2D(64, (3, 3), activation="relu", padding="same")(pool1)
    conv2 = Conv2D(64, (3, 3), activation="relu", padding="same")(conv2)
    pool2 = MaxPooling2D(pool_size=(2, 2))(conv2)

    conv3 = Conv2D(128, (3, 3), activation="relu", padding="same")(pool2)
    conv3 = Conv2D(128, (3, 3), activation="relu", padding="same")(conv3)
    pool3 = MaxPooling2D(pool_size=(2, 2))(conv3)

    conv4 = Conv2D(256, (3, 3), activation="relu", padding="same")(pool3)
    conv4 = Conv2D(256, (3, 3), activation="relu", padding="same")(conv4)
    pool4 = MaxPooling2D(pool_size=(2, 2))(conv4)

    conv5 = Conv2D(512, (3, 3), activation="relu", padding="same")(pool4)
    conv5 = Conv2D(512, (3, 3), activation="relu", padding="same")(conv5)

    up6 = concatenate([UpSampling2D(size=(2, 2))(conv5), conv4], axis=1)
    conv6 = Conv2D(256, (3, 3), activation="relu", padding="same")(up6)
    conv6 = Conv2D(256, (3, 3), activation="relu", padding="same")(conv6)

    up7 = concatenate([UpSampling2D(size=(2, 2))(conv6), conv3], axis=1)
    conv7 = Conv2D(128, (3, 3), activation="relu", padding="same")(up7)
    conv7 = Conv2D(128, (3, 3), activation="relu", padding="same")(conv7)

    up8 = concatenate([UpSampling2D(size=(2, 2))(conv7), conv2], axis=1)
    conv8 = Conv2D(64, (3, 3), activation="relu", padding="same")(up8)
    conv8 = Conv2D(64, (3, 3), activation="relu", padding="same")(conv8)

    up9 = concatenate([UpSampling2D(size=(2, 2))(conv8), conv1], axis=1)
    conv9 = Conv2D(32, (3, 3), activation="relu", padding="same")(up9)
    conv9 = Conv2D(32, (3, 3), activation="relu", padding="same")(conv9)

    conv10 = Conv2D(n_out, (1, 1), activation="sigmoid")(conv9)
    #conv10 = Conv2D(n_out, (1, 1), activation="softmax")(conv9)

    net = Model(inp=inp, outputs=conv10)
    net.compile(optimizer='Adam', loss='binary_crossentropy', metrics=['accuracy'])
    return net


  
def train(opts): 
    N_EPOCHS = 10
    BATCH = 16
    #net = SegNet()
    net = build_unet()
    ckpt = ModelCheckpoint(opts['model'],monitor='val_acc',save_best_only=True,mode='max')  
    callable = [ckpt]  
    tr_names,va_names = split_names()
    n_tr = len(tr_names)  
    n_va = len(va_names)  
    print ("training tiles:",n_tr)  
    print ("validation tiles:",n_va)
    hist = net.fit_generator(generator=train_batches(BATCH,tr_names),steps_per_epoch=n_tr//BATCH,epochs=N_EPOCHS,verbose=1,  
                    validation_data=val_batches(BATCH,va_names),validation_steps=n_va//BATCH,callbacks=callable,max_q_size=1)  

    # curves of loss and accuracy
    plt.style.use("ggplot")
    plt.figure()
    n_ep = N_EPOCHS
    plt.plot(np.arange(0, n_ep), hist.history["loss"], mask="train_loss")
    plt.plot(np.arange(0, n_ep), hist.history["val_loss"], mask="val_loss")
    plt.plot(np.arange(0, n_ep), hist.history["acc"], mask="train_acc")
    plt.plot(np.arange(0, n_ep), hist.history["val_acc"], mask="val_acc")
    plt.title("U-Net satellite segmentation: loss and accuracy")
    plt.xlabel("epoch")
    plt.ylabel("value")
    plt.legend(loc="lower left")
    plt.savefig(opts["plot"])

  

def read_args():
    # command-line options
    parser_ = argparse.ArgumentParser()
    parser_.add_argument("-d", "--data", help="folder of the tiles",
                    default=True)
    parser_.add_argument("-m", "--model", required=True,
                    help="where to save the network")
    parser_.add_argument("-p", "--plot", type=str, default="plot.png",
                    help="where to save the curves")
    opts = vars(parser_.parse_args()) 
    return opts


if __name__=='__main__':  
    opts = read_args()
    root_dir = opts['data']
    train(opts)  
    #predict()
