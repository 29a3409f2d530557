import librosa
import math
import os
import re

import numpy as np


class GenreFeatureData:

    "Frame-level audio features for genre prediction"
    hop_length = None
    genre_list = [
        "classical",
        "country",
        "disco",
        "hiphop",
        "jazz",
        "metal",
        "pop",
        "reggae",
    ]

    train_dir = "./gtzan/_train"
    dev_dir = "./gtzan/_validation"
    test_dir = "./gtzan/_test"
    all_dir = "./gtzan"

    train_X_npy = "./gtzan/data_train_input.npy"
    train_Y_npy = "./gtzan/data_train_target.npy"
    dev_X_npy = "./gtzan/data_validation_input.npy"
    dev_Y_npy = "./gtzan/data_validation_target.npy"
    test_X_npy = "./gtzan/data_test_input.npy"
    test_Y_npy = "./gtzan/data_test_target.npy"

    train_X = train_Y = None
    dev_X = dev_Y = None
    test_X = test_Y = None

    def __init__(self):
        self.hop_length = 512

        self.frame_counts = []
        self.train_files = self.list_audio(self.train_dir)
        self.dev_files = self.list_audio(self.dev_dir)
        self.test_files = self.list_audio(self.test_dir)

        self.every_file = []
        self.every_file.extend(self.train_files)
        self.every_file.extend(self.dev_files)
        self.every_file.extend(self.test_files)

        # the shortest track's frame count is slow to find; it was 1290 when measured
        # self.count_frames()
        # print("shortest track, frames ==" + str(min(self.frame_counts)))
        # self.seq_len = min(self.frame_counts)

        self.seq_len = (
            128
        )   # 128 frames: fft 2048, hop 512 at 22050 Hz
        #  i.e. about 3 s of each 30 s track

    def build_and_save(self):
        print("[DEBUG] frame counts gathered: " + str(len(self.frame_counts)))

        # train split
        self.train_X, self.train_Y = self.features_for(self.train_files)
        with open(self.train_X_npy, "wb") as f:
            np.save(f, self.train_X)
        with open(self.train_Y_npy, "wb") as f:
            self.train_Y = self.to_one_hot(self.train_Y)
            np.save(f, self.train_Y)

        # validation split
        self.dev_X, self.dev_Y = self.features_for(self.dev_files)
        with open(self.dev_X_npy, "wb") as f:
            np.save(f, self.dev_X)
        with open(self.dev_Y_npy, "wb") as f:
            self.dev_Y = self.to_one_hot(self.dev_Y)
            np.save(f, self.dev_Y)

        # test split
        self.test_X, self.test_Y = self.features_for(self.test_files)
        with open(self.test_X_npy, "wb") as f:
            np.save(f, self.test_X)
        with open(self.test_Y_npy, "wb") as f:
            self.test_Y = self.to_one_hot(self.test_Y)
            np.save(f, self.test_Y)

    def load_saved(self):

        self.train_X = np.load(self.train_X_npy)
        self.train_Y = np.load(self.train_Y_npy)

        self.dev_X = np.load(self.dev_X_npy)
        self.dev_Y = np.load(self.dev_Y_npy)

        self.test_X = np.load(self.test_X_npy)
        self.test_Y = np.load(self.test_Y_npy)

    def count_frames(self):
        for path in self.every_file:
            print("reading " + str(path))
            y, sr = librosa.load(path)
            self.frame_counts.append(math.ceil(len(y) / self.hop_length))

    def features_for(self, paths):

        feats = np.zeros(
            (len(paths), self.seq_len, 33), dtype=np.float64
        )
        genres = []

        for i, path in enumerate(paths):
            y, sr = librosa.load(path)
            mfcc = librosa.feature.mfcc(
                y=y, sr=sr, hop_length=self.hop_length, n_mfcc=13
            )
            centroid = librosa.feature.spectral_centroid(
                y=y, sr=sr, hop_length=self.hop_length
            )
            chroma = librosa.feature.chroma_stft(y=y, sr=sr, hop_length=self.hop_length)
            contrast = librosa.feature.spectral_contrast(
                y=y, sr=sr, hop_length=self.hop_length
            )

            parts = re.split("[ .]", path)
            genre = re.split("[ /]", parts[1])[3]
            genres.append(genre)

            feats[i, :, 1:13] = mfcc.T[0:self.seq_len, :]
            feats[i, :, 13:14] = centroid.T[0:self.seq_len, :]
            feats[i, :, 14:26] = chroma.T[0:self.seq_len, :]
            feats[i, :, 26:33] = contrast.T[0:self.seq_len, :]

            print(
                "features done for track %i of %i."
                % (i + 1, len(paths))
            )

        return feats, np.expand_dims(np.asarray(genres), axis=1)

    def to_one_hot(self, genre_names):
        onehot = np.zeros((genre_names.shape[0], len(self.genre_list)))
        for i, name in enumerate(genre_names):
            col = self.genre_list.index(name)
            onehot[i, col] = 1
        return onehot

    @staticmethod
    def list_audio(folder):
        found = []
        for fname in os.listdir(folder):
            if fname.endswith(".au"):
                full = "%s/%s" % (folder, fname)
                found.append(full)
        return found
