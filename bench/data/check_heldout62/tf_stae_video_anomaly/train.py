''' Trains the spatio-temporal autoencoder

Run:

>>python3 train.py n_epochs     to start.





Student project


'''

from keras.callbacks import ModelCheckpoint, EarlyStopping
from model import load_model
import numpy as np 
import argparse



# ap=argparse.ArgumentParser()

# ap.add_argument('n_epochs',type=int)

# ap.add_argument(3)

# opts=ap.parse_args()

clips=np.load('training.npy')
n_frames=clips.shape[2]
#keep a multiple of 10 frames


n_frames=n_frames-n_frames%10

clips=clips[:,:,:n_frames]
clips=clips.reshape(-1,227,227,10)
clips=np.expand_dims(clips,axis=4)
targets=clips.copy()



n_epochs=2
bs=1



if __name__=="__main__":

    net=load_model()

    # ckpt_cb = ModelCheckpoint("stae.h5",
    #                               monitor="mean_squared_error", save_best_only=True)

    ckpt_cb = ModelCheckpoint("model.h5",
                                    monitor="mean_squared_error", save_best_only=True)

    stop_cb = EarlyStopping(monitor='val_loss', patience=3)

    print('network ready')

    net.fit(clips,targets,
              batch_size=bs,
              epochs=n_epochs,
              callbacks = [ckpt_cb,stop_cb]
              )
