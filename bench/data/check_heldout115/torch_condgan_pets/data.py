import h5py
import scipy.io
import torch
import numpy as np
import pandas as pd

# DeepFashion variant (unused)
# def read_codes():
#     mat = scipy.io.loadmat('./data/encode_hn2_rnn_100_2_full.mat')
#     mat = mat['hn2'] # 100-d text codes
#     return torch.tensor(np.array(mat, dtype=np.float32))

# def read_masks():
#     h5 = h5py.File('./data/G2.h5', 'r')
#     return torch.tensor(np.array(h5['b_']))

# def read_images():
#     h5 = h5py.File('./data/G2.h5', 'r')
#     return torch.tensor(np.array(h5['ih']))

# def read_mean():
#     h5 = h5py.File('./data/G2.h5', 'r')
#     return torch.tensor(np.array(h5['ih_mean']))

# def read_captions():
#     mat = scipy.io.loadmat('./data/language_original.mat')
#     return mat['engJ']

# Oxford pets variant
def read_codes():
    table = pd.read_csv('./data/list.txt', sep=' ')
    breed = table['class'].values # 37 breeds
    breed = pd.get_dummies(breed)
    return torch.tensor(breed.values)

def read_masks():
    return torch.tensor(np.load('./data/segmentations.npy'))

def read_images():
    return torch.tensor(np.load('./data/images.npy')).permute(0, 3, 1, 2)  

def read_mean():
    return torch.zeros((3, 128, 128))


def read_captions():
    table = pd.read_csv('./data/list.txt', sep=' ')
    names = {
        1: 'Abyssinian',
        2: 'american_bulldog',
        3: 'american_pit_bull_terrier',
        4: 'basset_hound',
        5: 'beagle',
        6: 'Bengal',
        7: 'Birman',
        8: 'Bombay',
        9: 'boxer',
        10: 'British_Shorthair',
        11: 'chihuahua',
        12: 'Egyptian_Mau',
        13: 'english_cocker_spaniel',
        14: 'english_setter',
        15: 'german_shorthaired',
        16: 'great_pyrenees',
        17: 'havanese',
        18: 'japanese_chin',
        19: 'keeshond',
        20: 'leonberger',
        21: 'Maine_Coon',
        22: 'miniature_pinscher',
        23: 'newfoundland',
        24: 'Persian',
        25: 'pomeranian',
        26: 'pug',
        27: 'Ragdoll',
        28: 'Russian_Blue',
        29: 'saint_bernard',
        30: 'samoyed',
        31: 'scottish_terrier',
        32: 'shiba_inu',
        33: 'Siamese',
        34: 'Sphynx',
        35: 'staffordshire_bull_terrier',
        36: 'wheaten_terrier',
        37: 'yorkshire_terrier'
    }
    breed = table['class'].map(names)
    return breed.values
