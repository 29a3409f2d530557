import numpy as np
import tensorflow as tf
from keras.applications.resnet50 import ResNet50
from keras.models import Model,Sequential
from keras.layers import Conv2D,concatenate,Lambda,Input,multiply,add,ZeroPadding2D,Activation,Layer,MaxPool2D,Dropout,BatchNormalization,Flatten,Dense,Dropout
from keras import regularizers
from keras.optimizers import Adam
from keras.callbacks import LearningRateScheduler, TensorBoard, ModelCheckpoint, Callback
from model import *

# make the checkpoint folder first and fill in the array paths below

base_lr = 0.0001
bs = 32
n_epochs = 100
ckpt_dir_resnet = 'tmp/top_model_resnet50'
ckpt_dir_vgg = 'tmp/top_model_vgg16'
save_every = 5


def decay_schedule(ep):
    return base_lr / (ep ** 0.5)

def main():

    net = build_resnet50_head()

    patches_tr = np.load('')
    targets_tr = np.load('')

    patches_va = np.load('')
    targets_va = np.load('')

    sched = LearningRateScheduler(decay_schedule)
    saver = ModelCheckpoint(filepath=ckpt_dir_resnet + '/top_model_resnet-{epoch:02d}.h5',verbose=1,save_best_only=True,period=save_every)

    cbs = [sched,saver]
    hist = net.fit(patches_tr,targets_tr,batch_size=bs,epochs=n_epochs,verbose=1,callbacks=cbs,validation_data=[patches_va,targets_va],shuffle=True)

    

    # still to do: evaluation script and other backbones
