import numpy as np
import random
import json
from glob import glob
from keras.models import model_from_json,load_model
from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import  ModelCheckpoint,Callback,LearningRateScheduler
import keras.backend as K
from model import Unet_model
from losses import *
# graph plotting helper (unused)



class TenfoldRateDrop(Callback):
    def on_epoch_begin(self, epoch, logs={}):
        model_optimizer = self.model.optimizer
        cur_lr = K.get_value(model_optimizer.lr)
        cur_decay = K.get_value(model_optimizer.decay)
        cur_lr=cur_lr/10
        cur_decay=cur_decay*10
        K.set_value(model_optimizer.lr, cur_lr)
        K.set_value(model_optimizer.decay, cur_decay)
        print('learning rate now',cur_lr)
        print('decay now',cur_decay)



class SegTrainer(object):
    

    def __init__(self, batch_len,epoch_count,resume_model_path=None):

        self.batch_len = batch_len
        self.epoch_count = epoch_count

        # resume from a saved file so the network need not be rebuilt and compiled
        if resume_model_path is not None:
            self.model =load_model(resume_model_path,custom_objects={'gen_dice_loss': gen_dice_loss,'dice_whole_metric':dice_whole_metric,'dice_core_metric':dice_core_metric,'dice_en_metric':dice_en_metric})
            print("resumed from checkpoint")
        else:
            unet_builder =Unet_model(img_shape=(128,128,4))
            self.model=unet_builder.model
            print("fresh U-net built")

                    
    def train_unet_on(self,train_X,train_y,val_X_patches=None,val_y_labels=None):

        train_pairs=self.paired_img_mask_flow(train_X,train_y,9999)
        ckpt_cb = ModelCheckpoint(filepath='brain_segmentation/ResUnet.{epoch:02d}_{val_loss:.3f}.hdf5', verbose=1)
        self.model.fit_generator(train_pairs,steps_per_epoch=len(train_X)//self.batch_len,epochs=self.epoch_count, validation_data=(val_X_patches,val_y_labels),verbose=1, callbacks = [ckpt_cb,TenfoldRateDrop()])
        # alternative without augmentation: plain fit on the arrays

    def paired_img_mask_flow(self,train_X,train_y,rng_seed):

        '''
        yields flipped image batches together with identically flipped mask batches
        '''
        img_augmenter = ImageDataGenerator(horizontal_flip=True,data_format="channels_last")
        mask_augmenter = ImageDataGenerator(horizontal_flip=True,data_format="channels_last")
        image_stream = img_augmenter.flow(train_X,batch_size=4,seed=rng_seed)
        y_stream = mask_augmenter.flow(train_y,batch_size=4,seed=rng_seed)
        while True:
            yield(image_stream.next(), y_stream.next())


    def store_model(self, model_stem):
        '''
        model_stem: output path without suffix
        writes the architecture as json and the weights as hdf5
        '''

        json_path = '{}.json'.format(model_stem)
        weights_path = '{}.hdf5'.format(model_stem)
        arch_json = self.model.to_json()
        self.model.save_weights(weights_path)
        with open(json_path, 'w') as fh:
            json.dump(arch_json, fh)
        print ('wrote model files')

    def restore_model(self, model_stem):
        '''
        Rebuild a network from disk
        model_stem: stored path, suffix left off
        returns the network with its weights restored
        '''
        print ('reading network {}'.format(model_stem))
        json_in_path = '{}.json'.format(model_stem)
        weights_path = '{}.hdf5'.format(model_stem)
        with open(json_in_path) as fh:
            first_line = next(fh)
        rebuilt_model = model_from_json(json.loads(first_line))
        rebuilt_model.load_weights(weights_path)
        print ('network restored')
        self.model = rebuilt_model
        return rebuilt_model



if __name__ == "__main__":
    # settings

    # checkpoint to continue from
    resume_path="Models/ResUnet.04_0.646.hdf5" 
    # output name (unused)

    # build or restore the network
    trainer = SegTrainer(batch_len=4,epoch_count=3,resume_model_path=resume_path)

    print("parameter count:",trainer.model.count_params())
    # summary printout (off)
    # architecture diagram (off)

    # read the saved patch arrays
    train_labels=np.load("y_training.npy").astype(np.uint8)
    train_patches=np.load("x_training.npy").astype(np.float32)
    val_y_labels=np.load("y_valid.npy").astype(np.uint8)
    val_X_patches=np.load("x_valid.npy").astype(np.float32)
    print("patch arrays in memory\n")

    # train
    trainer.train_unet_on(train_patches,train_labels,val_X_patches,val_y_labels)#

    # optional export after training
    # export call




