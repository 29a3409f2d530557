#!/usr/bin/python3
#------Folder with the training audio
wav_folder = 'shortdata'

#------Imports
import os
import numpy as np

#------Fixed seed so runs repeat
np.random.seed(1337)

#------Either reuse the saved window arrays or build them from the wav files
if os.path.isfile('preds.npy') and os.path.isfile('wavfiles.npy'):
    print('reusing saved window arrays')
    windows = np.load('wavfiles.npy')
    targets = np.load('preds.npy')
else:
    import sys,glob
    from tqdm import tqdm
    print('building window arrays from the wav folder')
    if os.path.isfile('cache.npy'):
        print('reading the sample cache')
        samples = np.load('cache.npy')
    else:
        import librosa
        print('decoding wavs into cache.npy')
        samples = np.array([],dtype=np.float32)
        for wav_path in glob.glob(os.getcwd()+'/'+wav_folder+'/*.wav'):
            print('decoding '+wav_path.split('/')[-1])
            clip = librosa.load(wav_path,sr=None)[0]
            samples = np.append(samples,clip)
        print('writing sample cache')
        np.save('cache',samples)
    print('slicing windows')
    pending = []
    windows = np.empty([1,128],dtype=np.float32)
    fresh = True
    for pos in tqdm(range(0,len(samples)-129,16)):
        pending.append(list(samples[pos:pos+128]))
        if pos%15000==0 and pos!=0:
            windows = np.concatenate((windows,pending))
            pending = []
        if fresh:
            fresh = False
            windows = np.delete(windows,0,0)
        if (pos//3 == (len(samples)-129)//3) or ((pos//3)*2 == ((len(samples)-129)//3)*2):
            np.save('wavfiles0' if (pos//3 == (len(samples)-129)//3) else 'wavfiles1',windows)
            del windows
            windows = np.empty([1,128],dtype=np.float32)
            fresh = True
    np.save('wavfiles2',windows)
    print('building targets')
    targets = np.array([[v] for v in tqdm(samples[0][129:len(samples):8])],dtype=np.float32)
    np.save('preds',targets)
    print('arrays written to disk; stopping here so the memory is released')
    sys.exit(0)

#------Build or restore the network
if os.path.isfile('model.h5'):
    print('restoring saved network...')
    from keras.models import load_model
    net = load_model('model.h5')
else:
    print('building a fresh network...')
    from keras.models import Sequential
    from keras.layers import LSTM,Dense,Dropout
    from keras.layers.embeddings import Embedding
    net = Sequential()
    net.add(Embedding(129,256,input_length=128))
    net.add(LSTM(256))
    net.add(Dropout(0.4))
    net.add(Dense(1))
    net.compile(optimizer = 'rmsprop', loss = 'categorical_crossentropy')

#------Training
n_epochs = 100
from keras.callbacks import ModelCheckpoint
cbs = [ModelCheckpoint('model.h5', monitor='val_acc', verbose=1, save_best_only=True, mode='max')]
net.fit(windows, targets, verbose=1, epochs=n_epochs, batch_size=30, callbacks=cbs)
print('finished after',str(pos),'steps')
