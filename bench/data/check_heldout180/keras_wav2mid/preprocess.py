
from collections import defaultdict
import sys, os
import argparse

import madmom
import numpy as np
import pandas as pd
import pretty_midi
import librosa
import h5py
import math

from config import load_config

import numpy as np

def readmm(d,args):
    ipath = os.path.join(d,'input.dat')
    note_range = 88
    n_bins = int(args['bin_multiple']) * note_range
    window_size = 7
    mmi = np.memmap(ipath, mode='r')
    i = np.reshape(mmi,(-1,window_size,n_bins))
    opath = os.path.join(d,'output.dat')
    mmo = np.memmap(opath, mode='r')
    o = np.reshape(mmo,(-1,note_range))
    return i,o

class DataGen:
    def __init__(self, dirpath, batch_size,args,num_files=1):
        print('initializing gen for '+dirpath)

        self.mmdirs =  os.listdir(dirpath)
        self.spe = 0 # batches per epoch
        self.dir = dirpath

        for mmdir in self.mmdirs:
            print(mmdir)
            _,outputs = readmm(os.path.join(self.dir,mmdir),args)
            self.spe += len(outputs) // batch_size
        self.num_files = num_files

        self.batch_size = batch_size
        self.current_file_idx = 0
        print('starting with ', self.mmdirs[self.current_file_idx:self.current_file_idx+self.num_files])
        for j in range(self.num_files):
            mmdir = os.path.join(self.dir,self.mmdirs[self.current_file_idx+j])
            print(mmdir)
            i,o = readmm(mmdir,args)
            if j == 0:
                self.inputs,self.outputs = i,o
                print('set inputs,outputs')
            else:
                self.inputs = np.concatenate((self.inputs,i))
                self.outputs = np.concatenate((self.outputs,o))
                print('concatenated')
            self.current_file_idx = (self.current_file_idx + 1) % len(self.mmdirs)
        self.i = 0

    def steps(self):
        return self.spe

    def __next__(self):
        while True:
            if (self.i+1)*self.batch_size > self.inputs.shape[0]:
                # hand out the remainder, then move on to the next memmap folder
                x,y = self.inputs[self.i*self.batch_size:],self.outputs[self.i*self.batch_size:]
                self.i = 0
                if len(self.mmdirs) > 1: # a single folder (validation) never needs switching
                    print('switching to ', self.mmdirs[self.current_file_idx:self.current_file_idx+self.num_files])
                    for j in range(self.num_files):
                        mmdir = os.path.join(self.dir,self.mmdirs[self.current_file_idx+j])
                        i,o = readmm(mmdir,args)
                        if j == 0:
                            self.inputs,self.output = i,o
                        else:
                            self.inputs = np.concatenate((self.inputs,i))
                            self.outputs = np.concatenate((self.outputs,o))
                        self.current_file_idx = (self.current_file_idx + 1) % len(self.mmdirs)

            else:
                x,y = self.inputs[self.i*self.batch_size:(self.i+1)*self.batch_size],self.outputs[self.i*self.batch_size:(self.i+1)*self.batch_size]
                self.i += 1
            yield x,y


sr = 22050
hop_length = 512
window_size = 7
min_midi = 21
max_midi = 108


def wav2inputnp(audio_fn,spec_type='cqt',bin_multiple=3):
    print("wav2inputnp")
    bins_per_octave = 12 * bin_multiple # a multiple of 12
    n_bins = (max_midi - min_midi + 1) * bin_multiple

    # mono, resampled to sr
    y,_ = librosa.load(audio_fn,sr)
    S = librosa.cqt(y,fmin=librosa.midi_to_hz(min_midi), sr=sr, hop_length=hop_length,
                      bins_per_octave=bins_per_octave, n_bins=n_bins)
    S = S.T

    S = np.abs(S)

    minDB = np.min(S)

    print(np.min(S),np.max(S),np.mean(S))

    S = np.pad(S, ((window_size//2,window_size//2),(0,0)), 'constant', constant_values=minDB)



    windows = []

    # After padding, window i (frames i .. i+window_size-1) is centred on
    # original frame i, so slicing from the start of the padded array gives
    # one window per original frame.
    for i in range(S.shape[0]-window_size+1):
        w = S[i:i+window_size,:]
        windows.append(w)


    x = np.array(windows)
    return x

def mid2outputnp(pm_mid,times):
    piano_roll = pm_mid.get_piano_roll(fs=sr,times=times)[min_midi:max_midi+1].T
    piano_roll[piano_roll > 0] = 1
    return piano_roll



def joinAndCreate(basePath,new):
    newPath = os.path.join(basePath,new)
    if not os.path.exists(newPath):
        os.mkdir(newPath)
    return newPath

def isSplitFolder(ddir):
    return ddir == 'train' or ddir == 'test' or ddir == 'val'

def organize(args):
    valCnt = 1
    testPrefix = 'ENS'

    path = os.path.join('models',args['model_name'])
    dpath = os.path.join(path,'data')

    train_path = joinAndCreate(dpath,'train')
    test_path = joinAndCreate(dpath,'test')
    val_path = joinAndCreate(dpath,'val')

    for ddir in os.listdir(dpath):
        print("organize(): %s" % ddir)
        if os.path.isdir(os.path.join(dpath,ddir)) and not isSplitFolder(ddir):
            if ddir.startswith(testPrefix):
                os.rename(os.path.join(dpath,ddir), os.path.join(test_path,ddir))
            elif valCnt > 0:
                os.rename(os.path.join(dpath,ddir), os.path.join(val_path,ddir))
                valCnt -= 1
            else:
                os.rename(os.path.join(dpath,ddir), os.path.join(train_path,ddir))


data_dir = '../maps/'
def preprocess(args):
    path = os.path.join('models',args['model_name'])
    config = load_config(os.path.join(path,'config.json'))



    bin_multiple = int(args['bin_multiple'])
    spec_type = args['spec_type']




    framecnt = 0

    # MAPS MIDI files use a very high PPQ; raise pretty_midi's tick limit
    pretty_midi.pretty_midi.MAX_TICK = 1e10


    for s in os.listdir(data_dir):
        subdir = os.path.join(data_dir,s)
        if not os.path.isdir(subdir):
            continue
        # walk this MAPS sub-folder
        print(subdir)
        inputs,outputs = [],[]
        addCnt, errCnt = 0,0
        for dp, dn, filenames in os.walk(subdir):
            for f in filenames:
                # only recordings that have a matching .mid file

                if f.endswith('.wav'):
                    audio_fn = f
                    fprefix = audio_fn.split('.wav')[0]
                    mid_fn = fprefix + '.mid'
                    txt_fn = fprefix + '.txt'
                    if mid_fn in filenames:
                        audio_fn = os.path.join(dp,audio_fn)
                        mid_fn = os.path.join(dp,mid_fn)

                        pm_mid = pretty_midi.PrettyMIDI(mid_fn)

                        inputnp = wav2inputnp(audio_fn,spec_type=spec_type,bin_multiple=bin_multiple)
                        times = librosa.frames_to_time(np.arange(inputnp.shape[0]),sr=sr,hop_length=hop_length)
                        outputnp = mid2outputnp(pm_mid,times)

                        # keep only pairs whose frame counts agree
                        if inputnp.shape[0] == outputnp.shape[0]:
                            print("adding to dataset fprefix {}".format(fprefix))
                            addCnt += 1
                            framecnt += inputnp.shape[0]
                            print("framecnt is {}".format(framecnt))
                            inputs.append(inputnp)
                            outputs.append(outputnp)
                        else:
                            print("error for fprefix {}".format(fprefix))
                            errCnt += 1
                            print(inputnp.shape)
                            print(outputnp.shape)

        print("{} examples in dataset".format(addCnt))
        print("{} examples couldnt be processed".format(errCnt))


        # join the per-file arrays and write them as memmaps
        if addCnt:
            inputs = np.concatenate(inputs)
            outputs = np.concatenate(outputs)

            fn = subdir.split('/')[-1]
            if not fn:
                fn = subdir.split('/')[-2]
            datapath = joinAndCreate(path,'data')
            fnpath = joinAndCreate(datapath,fn)

            mmi = np.memmap(filename=os.path.join(fnpath,'input.dat'), mode='w+',shape=inputs.shape)
            mmi[:] = inputs[:]
            mmo = np.memmap(filename=os.path.join(fnpath,'output.dat'), mode='w+',shape=outputs.shape)
            mmo[:] = outputs[:]
            del mmi
            del mmo


if __name__ == '__main__':
    parser = argparse.ArgumentParser(
        description='Turn MIDI/audio pairs into memmapped training arrays')

    parser.add_argument('model_name',
                        help='model name; its config is read and the arrays are written under it')

    parser.add_argument('data_dir',
                        help='folder searched recursively for wav/mid pairs')


    parser.add_argument('--no-zn', dest='zn', action='store_false')
    parser.set_defaults(zn=True)

    args = vars(parser.parse_args())

    preprocess(args)
