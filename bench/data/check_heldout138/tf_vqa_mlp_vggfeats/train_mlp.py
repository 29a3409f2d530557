import sys
from random import shuffle
import argparse

import numpy as np
import scipy.io

from keras.models import Sequential
from keras.layers.core import Dense, Dropout, Activation
from keras.optimizers import SGD
from keras.utils import np_utils, generic_utils

from sklearn import preprocessing
from sklearn.externals import joblib

from spacy.en import English

from features import question_vectors_summed, cnn_rows_for_batch, answers_to_onehot
from utils import chunked, keep_top_answers

def run():

    ap = argparse.ArgumentParser()
    ap.add_argument('-num_hidden_units', type=int, default=1024)
    ap.add_argument('-num_hidden_layers', type=int, default=3)
    ap.add_argument('-dropout', type=float, default=0.5)
    ap.add_argument('-activation', type=str, default='tanh')
    ap.add_argument('-language_only', type=bool, default= False)
    ap.add_argument('-num_epochs', type=int, default=100)
    ap.add_argument('-model_save_interval', type=int, default=10)
    ap.add_argument('-batch_size', type=int, default=128)
    opts = ap.parse_args()

    q_lines = open('../data/preprocessed/questions_train2014.txt', 'r').read().decode('utf8').splitlines()
    a_lines = open('../data/preprocessed/answers_train2014_modal.txt', 'r').read().decode('utf8').splitlines()
    img_lines = open('../data/preprocessed/images_train2014.txt', 'r').read().decode('utf8').splitlines()
    feats_mat_path = '../features/coco/vgg_feats.mat'
    top_k = 1000
    q_lines, a_lines, img_lines = keep_top_answers(q_lines,a_lines,img_lines, top_k)

    # map the kept answer strings to class ids
    ans_encoder = preprocessing.LabelEncoder()
    ans_encoder.fit(a_lines)
    n_classes = len(list(ans_encoder.classes_))
    joblib.dump(ans_encoder,'../models/answer_encoder.pkl')

    mat_contents = scipy.io.loadmat(feats_mat_path)
    cnn_feats = mat_contents['feats']
    print('cnn features in memory')
    id_lines = open('../features/coco_vgg_IDMap.txt').read().splitlines()
    coco_to_col = {}
    for line in id_lines:
        parts = line.split()
        coco_to_col[parts[0]] = int(parts[1])

    word_model = English()
    print('word vectors ready...')
    image_dim = 4096
    wv_dim = 300

    net = Sequential()
    if opts.language_only:
        net.add(Dense(opts.num_hidden_units, input_dim=wv_dim, init='uniform'))
    else:
        net.add(Dense(opts.num_hidden_units, input_dim=image_dim+wv_dim, init='uniform'))
    net.add(Activation(opts.activation))
    if opts.dropout>0:
        net.add(Dropout(opts.dropout))
    for _ in xrange(opts.num_hidden_layers-1):
        net.add(Dense(opts.num_hidden_units, init='uniform'))
        net.add(Activation(opts.activation))
        if opts.dropout>0:
            net.add(Dropout(opts.dropout))
    net.add(Dense(n_classes, init='uniform'))
    net.add(Activation('softmax'))

    arch_json = net.to_json()
    if opts.language_only:
        weights_prefix = '../models/textonly_mlp_units_' + str(opts.num_hidden_units) + '_layers_' + str(opts.num_hidden_layers)
    else:
        weights_prefix = '../models/mlp_units_' + str(opts.num_hidden_units) + '_layers_' + str(opts.num_hidden_layers)
    open(weights_prefix  + '.json', 'w').write(arch_json)

    print('building the graph...')
    net.compile(loss='categorical_crossentropy', optimizer='rmsprop')
    print('graph built...')

    print('starting the epochs...')
    for ep in xrange(opts.num_epochs):
        # new random order of the samples every epoch
        order = range(len(q_lines))
        shuffle(order)
        q_lines = [q_lines[j] for j in order]
        a_lines = [a_lines[j] for j in order]
        img_lines = [img_lines[j] for j in order]
        bar = generic_utils.Progbar(len(q_lines))
        for q_chunk,a_chunk,img_chunk in zip(chunked(q_lines, opts.batch_size, fillvalue=q_lines[-1]), 
                                            chunked(a_lines, opts.batch_size, fillvalue=a_lines[-1]), 
                                            chunked(img_lines, opts.batch_size, fillvalue=img_lines[-1])):
            xq = question_vectors_summed(q_chunk, word_model)
            if opts.language_only:
                xb = xq
            else:
                xi = cnn_rows_for_batch(img_chunk, coco_to_col, cnn_feats)
                xb = np.hstack((xq, xi))
            yb = answers_to_onehot(a_chunk, ans_encoder)
            batch_loss = net.train_on_batch(xb, yb)
            bar.add(opts.batch_size, values=[("loss", batch_loss)])
        #print type(batch_loss)
        if ep%opts.model_save_interval == 0:
            net.save_weights(weights_prefix + '_ep_{:02d}.hdf5'.format(ep))

    net.save_weights(weights_prefix + '_ep_{:02d}.hdf5'.format(ep))

if __name__ == "__main__":
    run()
