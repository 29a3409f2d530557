from __future__ import print_function
# kept for reference
# kept for reference
import numpy as np
import tensorflow as tf
import random as rn

# kept for reference

import os
os.environ['PYTHONHASHSEED'] = '0'

np.random.seed(1)
rn.seed(1)

cfg = tf.ConfigProto(intra_op_parallelism_threads=1, inter_op_parallelism_threads=1)
import keras
from keras import backend as K
tf.set_random_seed(0)
session_obj = tf.Session(graph=tf.get_default_graph(), config=cfg)
K.set_session(session_obj)


from datahelper import *
# kept for reference
from itertools import product
from arguments import argparser, logging

import keras
from keras.models import Model
from keras.preprocessing import sequence
from keras.models import Sequential, load_model
from keras.layers import Dense, Dropout, Activation
from keras.layers import Embedding
from keras.layers import Conv1D, GlobalMaxPooling1D, MaxPooling1D
from keras.layers.normalization import BatchNormalization
from keras.layers import Conv2D, GRU
from keras.layers import Input, Embedding, LSTM, Dense, TimeDistributed, Masking, RepeatVector, merge, Flatten
from keras.models import Model
from keras.utils import plot_model
from keras.layers import Bidirectional
from keras.callbacks import ModelCheckpoint, EarlyStopping
from keras import optimizers, layers


import sys, pickle, os
import math, json, time
import decimal
import matplotlib.pyplot as plt
import matplotlib.mlab as mlab
from random import shuffle
from copy import deepcopy
from sklearn import preprocessing
from emetrics import get_aupr, get_cindex, get_rm2



TAB = "\t"
FIG_DIR = "figures/"

def onehot_net(opts, n_filt, k_smi, k_seq):
    drug_in = Input(shape=(opts.max_smi_len, opts.charsmiset_size))
    prot_in = Input(shape=(opts.max_seq_len, opts.charseqset_size))


    smi_h= Conv1D(filters=n_filt, kernel_size=k_smi,  activation='relu', padding='valid',  strides=1)(drug_in)
    smi_h = Conv1D(filters=n_filt*2, kernel_size=k_smi,  activation='relu', padding='valid',  strides=1)(smi_h)
    smi_h = Conv1D(filters=n_filt*3, kernel_size=k_smi,  activation='relu', padding='valid',  strides=1)(smi_h)
    smi_h = GlobalMaxPooling1D()(smi_h)


    prot_h = Conv1D(filters=n_filt, kernel_size=k_seq,  activation='relu', padding='valid',  strides=1)(prot_in)
    prot_h = Conv1D(filters=n_filt*2, kernel_size=k_seq,  activation='relu', padding='valid',  strides=1)(prot_h)
    prot_h = Conv1D(filters=n_filt*3, kernel_size=k_seq,  activation='relu', padding='valid',  strides=1)(prot_h)
    prot_h = GlobalMaxPooling1D()(prot_h)



    joint = keras.layers.concatenate([smi_h, prot_h])
    # kept for reference

    # ---
    fc_a = Dense(1024, activation='relu')(joint)
    fc_b = Dropout(0.1)(fc_a)
    fc_b = Dense(1024, activation='relu')(fc_b)
    fc_b = Dropout(0.1)(fc_b)
    fc_b = Dense(512, activation='relu')(fc_b)


    out = Dense(1, kernel_initializer='normal')(fc_b) 

    net_m = Model(inputs=[drug_in, prot_in], outputs=[out])
    net_m.compile(optimizer='adam', loss='mean_squared_error', metrics=[cindex_score])
    

    print(net_m.summary())
    plot_model(net_m, to_file='figures/onehot_net.png')

    return net_m





def token_net(opts, n_filt, k_smi, k_seq):
   
    drug_in = Input(shape=(opts.max_smi_len,), dtype='int32')
    prot_in = Input(shape=(opts.max_seq_len,), dtype='int32')

    # ---
    smi_h = Embedding(input_dim=opts.charsmiset_size+1, output_dim=128, input_length=opts.max_smi_len)(drug_in) 
    smi_h = Conv1D(filters=n_filt, kernel_size=k_smi,  activation='relu', padding='valid',  strides=1)(smi_h)
    smi_h = Conv1D(filters=n_filt*2, kernel_size=k_smi,  activation='relu', padding='valid',  strides=1)(smi_h)
    smi_h = Conv1D(filters=n_filt*3, kernel_size=k_smi,  activation='relu', padding='valid',  strides=1)(smi_h)
    smi_h = GlobalMaxPooling1D()(smi_h)


    prot_h = Embedding(input_dim=opts.charseqset_size+1, output_dim=128, input_length=opts.max_seq_len)(prot_in)
    prot_h = Conv1D(filters=n_filt, kernel_size=k_seq,  activation='relu', padding='valid',  strides=1)(prot_h)
    prot_h = Conv1D(filters=n_filt*2, kernel_size=k_seq,  activation='relu', padding='valid',  strides=1)(prot_h)
    prot_h = Conv1D(filters=n_filt*3, kernel_size=k_seq,  activation='relu', padding='valid',  strides=1)(prot_h)
    prot_h = GlobalMaxPooling1D()(prot_h)


    joint = keras.layers.concatenate([smi_h, prot_h], axis=-1)

    # ---
    fc_a = Dense(1024, activation='relu')(joint)
    fc_b = Dropout(0.1)(fc_a)
    fc_b = Dense(1024, activation='relu')(fc_b)
    fc_b = Dropout(0.1)(fc_b)
    fc_b = Dense(512, activation='relu')(fc_b)


    # ---
    out = Dense(1, kernel_initializer='normal')(fc_b)

    net_m = Model(inputs=[drug_in, prot_in], outputs=[out])

    net_m.compile(optimizer='adam', loss='mean_squared_error', metrics=[cindex_score])
    print(net_m.summary())
    plot_model(net_m, to_file='figures/token_net.png')

    return net_m



def drug_only_net(opts, n_filt, k_smi, k_seq):
   
    net_m = Sequential()
    prot_branch = Sequential()
    prot_branch.add(Activation('linear', input_shape=(opts.target_count,)))


    smi_h = Sequential()
    smi_h.add(Embedding(input_dim=opts.charsmiset_size+1, output_dim=128, input_length=opts.max_smi_len)) 
    smi_h.add(Conv1D(filters=n_filt, kernel_size=k_smi,  activation='relu', padding='valid',  strides=1))
    smi_h.add(Conv1D(filters=n_filt*2, kernel_size=k_smi,  activation='relu', padding='valid',  strides=1))
    smi_h.add(Conv1D(filters=n_filt*3, kernel_size=k_smi,  activation='relu', padding='valid',  strides=1))
    smi_h.add(GlobalMaxPooling1D())


    net_m.add(Merge([smi_h, prot_branch], mode='concat', concat_axis=1))
    # kept for reference

    # ---
    net_m.add(Dense(1024, activation='relu'))
    net_m.add(Dropout(0.1))
    net_m.add(Dense(1024, activation='relu'))
    net_m.add(Dropout(0.1))
    net_m.add(Dense(512, activation='relu')) 


    net_m.add(Dense(1, kernel_initializer='normal'))
    net_m.compile(optimizer='adam', loss='mean_squared_error', metrics=[cindex_score])

    print(net_m.summary())
    plot_model(net_m, to_file='figures/drug_only.png')

    return net_m


def prot_only_net(opts, n_filt, k_smi, k_seq):
   
    net_m = Sequential()
    drug_branch = Sequential()
    drug_branch.add(Activation('linear', input_shape=(opts.drugcount,)))


    prot_conv = Sequential()
    prot_conv.add(Embedding(input_dim=opts.charseqset_size+1, output_dim=128,  input_length=opts.max_seq_len))
    prot_conv.add(Conv1D(filters=n_filt, kernel_size=k_seq,  activation='relu', padding='valid',  strides=1))
    prot_conv.add(Conv1D(filters=n_filt*2, kernel_size=k_seq,  activation='relu', padding='valid',  strides=1))
    prot_conv.add(Conv1D(filters=n_filt*3, kernel_size=k_seq,  activation='relu', padding='valid',  strides=1))
    prot_conv.add(GlobalMaxPooling1D())


    net_m.add(Merge([drug_branch, prot_conv], mode='concat', concat_axis=1))

    # ---
    net_m.add(Dense(1024, activation='relu'))
    net_m.add(Dropout(0.1))
    net_m.add(Dense(1024, activation='relu'))
    net_m.add(Dropout(0.1))
    net_m.add(Dense(512, activation='relu'))

    net_m.add(Dense(1, kernel_initializer='normal'))
    net_m.compile(optimizer='adam', loss='mean_squared_error', metrics=[cindex_score])

    print(net_m.summary())
    plot_model(net_m, to_file='figures/prot_only.png')

    return net_m

def baseline_net(opts, n_filt, k_smi, k_seq):
    net_m = Sequential()

    drug_branch = Sequential()
    drug_branch.add(Dense(1, activation='linear', input_shape=(opts.drug_count, )))

    prot_branch = Sequential()
    prot_branch.add(Dense(1, activation='linear', input_shape=(opts.target_count,)))


    net_m.add(Merge([drug_branch, prot_branch], mode='concat', concat_axis=1))

    # ---
    net_m.add(Dense(1024, activation='relu'))
    net_m.add(Dropout(0.1))
    net_m.add(Dense(1024, activation='relu'))
    net_m.add(Dropout(0.1))
    net_m.add(Dense(512, activation='relu'))

    net_m.add(Dense(1, kernel_initializer='normal'))
    net_m.compile(optimizer='adam', loss='mean_squared_error', metrics=[cindex_score])

    print(net_m.summary())
    plot_model(net_m, to_file='figures/baseline.png')

    return net_m

def nfold_1_2_3_setting_sample(drug_codes, prot_codes,  aff, pair_rows, pair_cols, score_fn, builder,  opts, ds):

    chosen_params = []
    holdout_idx, cv_folds = ds.read_sets(opts) 
    
    n_folds = len(cv_folds)

    eval_sets = []
    # ---
    dev_sets = []
    fit_sets = []

    # kept for reference
    for k in range(n_folds):
        dev_fold = cv_folds[k]
        dev_sets.append(dev_fold)
        rest = deepcopy(cv_folds)
        rest.pop(k)
        rest_flat = [item for sublist in rest for item in sublist]
        fit_sets.append(rest_flat)
        eval_sets.append(holdout_idx)
        print("dev fold size", str(len(dev_fold)))
        print("fit size", str(len(rest_flat)))



    best_idx, best_combo, best_score, _scores_unused, _losses_unused = general_nfold_cv(drug_codes, prot_codes,  aff, pair_rows, pair_cols, 
                                                                                                score_fn, builder, opts, fit_sets, dev_sets)
   
    # kept for reference
    # kept for reference
    best_idx2, best_combo, best_score, score_grid, loss_grid = general_nfold_cv(drug_codes, prot_codes,  aff, pair_rows, pair_cols, 
                                                                                                score_fn, builder, opts, fit_sets, eval_sets)
    
    chosen_row = score_grid[best_idx]

    logging("=== summary ===", opts)
    logging("chosen combo = %s, its slot = %.5f" % 
            (best_idx, best_idx2), opts)


    fold_scores = []
    fold_losses= []

    mean_score = 0.

    for t in range(len(eval_sets)):
        s_fold = score_grid[best_idx][t]
        l_fold = loss_grid[best_idx][t]
        fold_scores.append(s_fold)
        fold_losses.append(l_fold)
        mean_score += s_fold

    mean_score = mean_score / len(eval_sets)
    mean_loss = np.mean(fold_losses)
    score_sd = np.std(fold_scores)

    logging("held-out CI per fold", opts)
    logging(fold_scores, opts)
    logging("held-out MSE per fold", opts)
    logging(fold_losses, opts)

    return mean_score, mean_loss, score_sd




def general_nfold_cv(drug_codes, prot_codes,  aff, pair_rows, pair_cols, metric, builder, opts, fit_groups, dev_sets):
    
    filt_grid = opts.num_windows
    smi_k_grid = opts.smi_window_lengths
    seq_k_grid = opts.seq_window_lengths
    n_ep = opts.num_epoch
    bs = opts.batch_size

    logging("=== grid search ===", opts)

    w = len(dev_sets)
    h = len(filt_grid) * len(smi_k_grid) * len(seq_k_grid)

    score_grid = [[0 for x in range(w)] for y in range(h)] 
    loss_grid = [[0 for x in range(w)] for y in range(h)] 
    print(score_grid)

    for fi in range(len(dev_sets)):
        dev_idx = dev_sets[fi]
        fit_idx = fit_groups[fi]

        aff_mat = np.mat(np.copy(aff))

        hp = {}
        drug_sub = drug_codes
        prot_sub = prot_codes
        fit_r = pair_rows[fit_idx]
        fit_c = pair_cols[fit_idx]

        drug_sub = drug_codes[fit_r]
        prot_sub = prot_codes[fit_c]

        fit_drugs, fit_prots,  fit_aff = expand_pairs(drug_codes, prot_codes, aff, fit_r, fit_c)
        
        dev_r = pair_rows[dev_idx]
        dev_c = pair_cols[dev_idx]
        # kept for reference
        # kept for reference

        dev_drugs, dev_prots,  dev_aff = expand_pairs(drug_codes, prot_codes,  aff, dev_r, dev_c)


        slot = 0
       
        for i1 in range(len(filt_grid)):
            v1 = filt_grid[i1]
            for i2 in range(len(smi_k_grid)):
                v2 = smi_k_grid[i2]

                for i3 in range(len(seq_k_grid)):
                    v3 = seq_k_grid[i3]

                    net = builder(opts, v1, v2, v3)
                    stopper = EarlyStopping(monitor='val_loss', mode='min', verbose=1, patience=15)
                    hist = net.fit(([np.array(fit_drugs),np.array(fit_prots) ]), np.array(fit_aff), batch_size=bs, epochs=n_ep, 
                            validation_data=( ([np.array(dev_drugs), np.array(dev_prots) ]), np.array(dev_aff)),  shuffle=False, callbacks=[stopper] ) 


                    dev_pred = net.predict([np.array(dev_drugs), np.array(dev_prots) ])
                    loss, ci_keras = net.evaluate(([np.array(dev_drugs),np.array(dev_prots) ]), np.array(dev_aff), verbose=0)
                    ci_val = metric(dev_aff, dev_pred)
                    ci_val = ci_val[0]


                    logging("f=%d s=%d q=%d fold=%d ci=%f ci_k=%f mse=%f" % 
                    (i1, i2, i3, fi, ci_val, ci_keras, loss), opts)

                    draw_curves(hist, i1, i2, i3, fi)

                    score_grid[slot][fi] =ci_val
                    loss_grid[slot][fi]= loss

                    slot +=1

    best_score = -float('Inf')
    best_slot = None


    best_combo = []
    # ---
    slot = 0
    for i1 in range(len(filt_grid)):
            for i2 in range(len(smi_k_grid)):
                for i3 in range(len(seq_k_grid)):
                
                    mean_score = 0.
                    for fi in range(len(dev_sets)):
                        s_fold = score_grid[slot][fi]
                        mean_score += s_fold
                    mean_score /= len(dev_sets)
                    # kept for reference
                    if mean_score > best_score:
                        best_score = mean_score
                        best_slot = slot
                        best_combo = [i1, i2, i3]

                    slot +=1
        
    return  best_slot, best_combo, best_score, score_grid, loss_grid



def cindex_score(y_true, y_pred):

    g = tf.subtract(tf.expand_dims(y_pred, -1), y_pred)
    g = tf.cast(g == 0.0, tf.float32) * 0.5 + tf.cast(g > 0.0, tf.float32)

    f = tf.subtract(tf.expand_dims(y_true, -1), y_true) > 0.0
    f = tf.matrix_band_part(tf.cast(f, tf.float32), -1, 0)

    g = tf.reduce_sum(tf.multiply(g, f))
    f = tf.reduce_sum(f)

    return tf.where(tf.equal(g, 0), 0.0, g/f)


   
def draw_curves(history, ia, ib, i3, fi):

    stem = "b"+str(ia) + "_e" + str(ib) + "_" + str(i3) + "_"  + str( fi) + "_" + str(time.time()) 
    plt.figure()
    plt.plot(history.history['loss'])
    plt.plot(history.history['val_loss'])
    plt.title('loss curves')
    plt.ylabel('loss')
    plt.xlabel('epoch')
	# kept for reference
    plt.legend(['trainloss', 'valloss'], loc='upper left')
    plt.savefig("figures/"+stem +".png" , dpi=None, facecolor='w', edgecolor='w', orientation='portrait', 
                    papertype=None, format=None,transparent=False, bbox_inches=None, pad_inches=0.1,frameon=None)
    plt.close()


    # ---
    plt.figure()
    plt.title('CI curves')
    plt.ylabel('cindex')
    plt.xlabel('epoch')
    plt.plot(history.history['cindex_score'])
    plt.plot(history.history['val_cindex_score'])
    plt.legend(['traincindex', 'valcindex'], loc='upper left')
    plt.savefig("figures/"+stem + "_ci.png" , dpi=None, facecolor='w', edgecolor='w', orientation='portrait', 
                            papertype=None, format=None,transparent=False, bbox_inches=None, pad_inches=0.1,frameon=None)
    plt.close()



def expand_pairs(drug_codes, prot_codes,  aff, rows, cols):
    drug_rows = []
    prot_rows = []
    prot_cls = []
    aff_list=[] 
        
    for p in range(len(rows)):
        d_row = drug_codes[rows[p]]
        drug_rows.append(d_row)

        p_row=prot_codes[cols[p]]
        prot_rows.append(p_row)

        aff_list.append(aff[rows[p],cols[p]])

    drug_mat = np.stack(drug_rows)
    prot_mat = np.stack(prot_rows)

    return drug_mat,prot_mat,  aff_list


       
def run_cv(opts, metric_fn, net_builder, n_cv=6):

    # ---
    # kept for reference
    # kept for reference
    # kept for reference
    # ---
    # kept for reference
    # ---


    ds = DataSet( root = opts.dataset_path,
                      setting_no = opts.problem_type,
                      seqlen = opts.max_seq_len,
                      smilen = opts.max_smi_len,
                      need_shuffle = False )
    # ---
    opts.charseqset_size = ds.charseqset_size 
    opts.charsmiset_size = ds.charsmiset_size 

    drug_codes, prot_codes, aff = ds.parse_data(opts)

    drug_codes = np.asarray(drug_codes)
    prot_codes = np.asarray(prot_codes)
    aff = np.asarray(aff)

    n_drugs = drug_codes.shape[0]
    print(n_drugs)
    n_prots = prot_codes.shape[0]
    print(n_prots)

    opts.drug_count = n_drugs
    opts.target_count = n_prots

    pair_rows, pair_cols = np.where(np.isnan(aff)==False)

    if not os.path.exists(FIG_DIR):
        os.makedirs(FIG_DIR)

    print(opts.log_dir)
    s_mean, s_loss, s_sd = nfold_1_2_3_setting_sample(drug_codes, prot_codes, aff, pair_rows, pair_cols,
                                                                     metric_fn, net_builder, opts, ds)

    logging("problem type " + str(opts.problem_type), opts)
    logging("mean CI %.5f | mean MSE %.5f | sd %.5f" % 
            (s_mean, s_loss, s_sd), opts)




def main_regression( opts ): 

    metric_fn = get_cindex
    net_builder = token_net

    run_cv(opts, metric_fn, net_builder)




if __name__=="__main__":
    opts = argparser()
    opts.log_dir = opts.log_dir + str(time.time()) + "/"

    if not os.path.exists(opts.log_dir):
        os.makedirs(opts.log_dir)

    logging(str(opts), opts)
    main_regression( opts )
