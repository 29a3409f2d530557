import tensorflow as tf
import os
from os.path import isfile
import pickle
import numpy as np
from feature_extract import FeatureParser
from train_layers import ConvNet

N_FRAMES = 41
N_BANDS = 60

FEAT_LEN = 2460 # bands x frames
N_CH = 2
BS = 50
KSIZE = 30
N_HIDDEN = 500
N_FILTERS = 20

AUDIO_ROOT='/media/jeonghwan/Seagate Expansion Drive/UrbanSound8K/audio'
LR=1e-2
N_CLASSES = 10

def main():
    tf.reset_default_graph()

    root = AUDIO_ROOT
    folds = ['fold1', 'fold2', 'fold3', 'fold4', 'fold5', 'fold6', 'fold7', 'fold8', 'fold9', 'fold10']

    print('first fold at:', os.path.join(root, folds[0]))

    if not isfile('audio_CNNdataset.pickle'):
        fp = FeatureParser()
        print('reading clips...')
        print('computing log-mel windows...')
        feats, labs = fp.extract_CNNfeature(root, folds)
        labs = fp.one_hot_encode(labs)

        mask = np.random.rand(len(feats)) < 0.70
        tr_x = feats[mask]
        tr_y = feats[mask]
        te_x = feats[~mask]
        te_y = feats[~mask]

        bundle = {'tr_features': tr_x,
                     'tr_labels': tr_y,
                     'ts_features': te_x,
                     'ts_labels': te_y}

        with open('audio_CNNdataset.pickle', 'wb') as fh:
            pickle.dump(bundle, fh, protocol=pickle.HIGHEST_PROTOCOL)

    else:
        with open('audio_CNNdataset.pickle', 'rb') as fh:
            bundle = pickle.load(fh)

#    with tf.Session() as sess:
#        print('train_x shape:{}'.format(sess.run(tf.shape(bundle['tr_features']))))

    print('train part:{}\ntest part:{}'.format(bundle['tr_features'], bundle['ts_features']))
    #print('feature width:{}'.format(feats.shape[1]))

    # build and train the conv model
    net = ConvNet(bundle['tr_features'].shape[1], N_CLASSES, LR, N_FRAMES, N_BANDS, N_CH, BS, KSIZE, N_HIDDEN, N_FILTERS) 
    net.train_layers(bundle['tr_features'], bundle['tr_labels'], bundle['ts_features'], bundle['ts_labels'])

if __name__ == '__main__':
    main() 
