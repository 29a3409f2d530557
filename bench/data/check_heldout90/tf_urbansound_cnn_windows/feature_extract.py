import librosa
import pickle
import os
import numpy as np
import glob as g
import tqdm
import tarfile
import requests
from urllib.request import urlretrieve, urlopen
from os.path import isfile, isdir

PATTERN='*.wav'
ARCHIVE='./UrbanSound8k.tar.gz'
ARCHIVE_URL='https://www.google.com/url?q=https://goo.gl/8hY5ER&sa=D&ust=1538505137084000&usg=AFQjCNEFbxtZWZdlAWlAX0LVnZTty_y2HQ'
AUDIO_DIR='/media/jeonghwan/Seagate Expansion Drive/UrbanSound8K/audio'

def fetch_archive(url, out_name):
    # write the response bytes
    with open(out_name, "wb") as fh:
        # http get
        print('fetching...')
        resp = requests.get(url)
        # save
        fh.write(resp.content)
        print('fetched')

    if not isdir(AUDIO_DIR):
        here = os.getcwd()
        here = here + '/data'
        print('making ' + here + ' for the audio corpus')
        try:
            os.mkdir(here)
        except:
            print('could not make folder:{}'.format(here))
        else:
            print('{} made'.format(here))

        if isfile(ARCHIVE):
            with tarfile.open(ARCHIVE) as tar:
                tar.extractall(here)
                tar.close()
            

class FeatureParser():
    def __init__(self, file_ext=PATTERN):
        self.file_ext = file_ext

    def windows(self, data, window_size):
        pos = 0
        while pos < len(data):
            yield pos, pos + window_size
            pos += (window_size / 2)

    def extract_feature(self, path, pickle_exists=False):
        if pickle_exists is False:
            S, sr = librosa.load(path)
        else:
            pass

        mag = np.abs(librosa.stft(S))
        f_mfcc = np.mean(librosa.feature.mfcc(y=S, sr=sr, n_mfcc=40).T, axis=0)
        f_chroma = np.mean(librosa.feature.chroma_stft(S=mag, sr=sr).T, axis=0)
        f_mel = np.mean(librosa.feature.melspectrogram(S, sr=sr).T, axis=0)
        f_contrast = np.mean(librosa.feature.spectral_contrast(S=mag, sr=sr).T, axis=0)
        f_tonnetz = np.mean(librosa.feature.tonnetz(y=librosa.effects.harmonic(S), sr=sr).T, axis=0)
        return f_mfcc, f_chroma, f_mel, f_contrast, f_tonnetz

    # overlapping log-mel windows for the conv net
    def extract_CNNfeature(self, parent_dir, sub_dirs, file_ext=PATTERN, bands = 60, frames = 41):
        win = 512 * (frames - 1)
        specs = []
        labs = []
        if not isfile('audio_CNNdataset.pickle'):
            for li, sd in enumerate(sub_dirs):
                for fn in g.glob(os.path.join(parent_dir, sd, file_ext)):
                    clip, sr = librosa.load(fn)
                    cls = fn.split('/')[7].split('-')[1]
                    for (a, b) in self.windows(clip, win):
                        a = int(a)
                        b = int(b)
                        if(len(clip[a:b]) == win):
                            seg = clip[a:b]
                            mspec = librosa.feature.melspectrogram(seg, n_mels = bands)
                            lspec = librosa.core.amplitude_to_db(mspec)
                            lspec = lspec.T.flatten()[:, np.newaxis].T
                            specs.append(lspec)
                            labs.append(cls)

            specs = np.asarray(specs).reshape(len(specs), bands, frames, 1)
            feats = np.concatenate((specs, np.zeros(np.shape(specs))), axis=3)
            for i in range(len(feats)):
                feats[i, :, :, 1] = librosa.feature.delta(feats[i, :, :, 0])
        
        return np.array(feats), np.array(labs, dtype=np.int)

    def parse_audio_files(self, parent_dir, sub_dirs, file_ext=PATTERN):
        feats, labs = np.empty((0, 193)), np.empty(0)

        if not isfile('audio_dataset.pickle'):
            for li, sd in enumerate(sub_dirs):
                print('folder:{}'.format(sd))
                for fn in g.glob(os.path.join(parent_dir, sd, file_ext)):
                    try:
                        if os.path.exists(fn):
                            f_mfcc, f_chroma, f_mel, f_contrast, f_tonnetz = self.extract_feature(fn)
                        else:
                            raise ValueError('feature extraction failed in parse_audio_files')
                    except ValueError as err:
                        print(err.args)

                    row = np.hstack([f_mfcc, f_chroma, f_mel, f_contrast, f_tonnetz])
                    feats = np.vstack([feats, row])
                    labs = np.append(labs, fn.split('/')[7].split('-')[1])

        return np.array(feats), np.array(labs, dtype = np.int)

    def one_hot_encode(self, labels):
        n = len(labels)
        k = len(np.unique(labels))
        onehot = np.zeros((n, k))
        onehot[np.arange(n), labels] = 1
        return onehot

def main():
    fp = FeatureParser()
    #fetch_archive(ARCHIVE_URL, ARCHIVE)


if __name__ == '__main__':
    main()
