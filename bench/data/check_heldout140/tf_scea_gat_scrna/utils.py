"""
Network Enhancement (NE) helpers adapted from
https://github.com/wangboyunze/Network_Enhancement (GPL-3.0),
taken over in November 2021.
"""

from __future__ import print_function
import time
import os
import pickle as pkl
import sys
import time

import numpy as np
import pandas as pd
import scipy.sparse as sp

from sklearn.manifold import TSNE
from sklearn.decomposition import PCA
from sklearn.cluster import KMeans
from sklearn import metrics
from sklearn.metrics.cluster import adjusted_rand_score
from scipy.stats import spearmanr

from keras.models import Model
from keras.layers import Input, Dense

def normalization(mat_in):
    mat = mat_in.copy()
    for r in range(len(mat)):
        mat[r] = mat[r] / sum(mat[r]) * 100000
    mat = np.log2(mat + 1)
    return mat

def normalization_for_NE(mat_in):
    mat = mat_in.copy()
    for r in range(len(mat)):
        mat[r] = mat[r] / sum(mat[r]) * 1000000
    mat = np.log2(mat + 1)
    return mat

def NE_dn(w, n, eps):
    w = w * n
    deg = np.sum(np.abs(w), axis=1) + eps
    deg = 1 / deg
    deg = np.diag(deg)
    wn = np.dot(deg, w)
    return wn

def dominateset(aff, n_knn):
    cut = np.sort(aff)[:, -n_knn]
    aff.T[aff.T < cut] = 0
    aff = (aff + aff.T) / 2
    return aff

def TransitionFields(W, n, eps):
    W = W * n
    W = NE_dn(W, n, eps)
    col = np.sqrt(np.sum(np.abs(W), axis=0) + eps)
    W = W / np.expand_dims(col, 0).repeat(n, 0)
    W = np.dot(W, W.T)
    return W

def getNeMatrix(W_in):
    n = len(W_in)

    k = min(20, n // 10)
    alpha = 0.9
    order = 3
    eps = 1e-20

    W0 = W_in * (1 - np.eye(n))
    W = NE_dn(W0, n, eps)
    W = (W + W.T) / 2

    col_deg = np.sum(np.abs(W0), axis=0)

    P = (dominateset(np.abs(W), min(k, n - 1))) * np.sign(W)
    P = P + np.eye(n) + np.diag(np.sum(np.abs(P.T), axis=0))

    P = TransitionFields(P, n, eps)

    evals, evecs = np.linalg.eig(P)
    d = evals - eps
    d = (1 - alpha) * d / (1 - alpha * d ** order)
    evals = np.diag(d)
    W = np.dot(np.dot(evecs, evals), evecs.T)
    W = (W * (1 - np.eye(n))) / (1 - np.diag(W))
    W = W.T

    evals = np.diag(col_deg)
    W = np.dot(evals, W)
    W[W < 0] = 0
    W = (W + W.T) / 2

    return W


"""
cell-cell graph from the expression features
"""
def getGraph(ds_name, feats, L, K, how):
    print(how)

    if how == 'pearson':
        corr = np.corrcoef(feats)
    elif how == 'spearman':
        corr, _ = spearmanr(feats.T)
    elif how == 'NE':
        corr = np.corrcoef(feats)

        ne_file = 'result/NE_' + ds_name + '.csv'
        if os.path.exists(ne_file):
            ne = pd.read_csv(ne_file).values
        else:
            feats = normalization_for_NE(feats)
            corr_in = np.corrcoef(feats)
            ne = getNeMatrix(corr_in)
            pd.DataFrame(ne).to_csv(ne_file, index=False)

        n = len(corr)
        diag_scale = 1.
        for r in range(len(ne)):
            ne[r][r] = diag_scale * max(ne[r])

        flat = ne.reshape(-1)
        flat = np.sort(flat)
        flat = flat[:-int(len(flat)*0.02)]

        lo = flat[0]
        hi = flat[-1]

        step = (hi - lo) / 100

        bins = []
        for b in range(20):
            b_lo = lo + step * b
            b_hi = b_lo + step
            inside = flat[flat > b_lo]
            inside = inside[inside < b_hi]
            bins.append([(b_lo + b_hi)/2, len(inside)])

        cut = -1
        for b in range(len(bins)):
            centre, cnt = bins[b]
            if 0 < b < len(bins) - 1:
                if cnt < bins[b+1][1] and cnt < bins[b-1][1]:
                    cut = centre
                    break
        if cut < 0:
            for b in range(1, len(bins)):
                centre, cnt = bins[b]
                if cnt * 2 < bins[b-1][1]:
                    cut = centre
        if cut == -1:
            cut = 0.3

        frac = len(ne[ne <= cut])/(len(ne)**2)
        frac = 1 - frac
        row_cut = np.sort(ne)[:, -int(len(ne)*frac)]
        corr.T[ne.T <= row_cut] = 0

    else:
        return

    n = len(corr)

    kth = np.sort(corr)[:,-K]

    adj = np.zeros(corr.shape)
    adj.T[corr.T >= kth] = 1

    glob_cut = np.sort(corr.flatten())[-int(((n*n)//(1//(L+1e-8))))]
    adj.T[corr.T < glob_cut] = 0

    return adj



"""
read the expression table and build graph + features
"""
def load_data(expr_file, ds_name, PCA_dim, is_NE=True, n_groups=20, K=None):
    # read
    path = expr_file

    table = pd.read_csv(path, index_col=0, sep='\t')
    cell_ids = table.columns.values
    gene_ids = table.index.values
    feats = table.values.T

    # normalise
    feats = normalization(feats)

    # graph
    n = len(cell_ids)
    per_group = n // n_groups
    K = per_group // 10
    K = min(K, 20)
    K = max(K, 6)

    L = 0
    if is_NE:
        how = 'NE'
    else:
        how = 'pearson'
    adj = getGraph(ds_name, feats, L, K, how)

    print("dense encoder start ---------------------------------------")
    # t = time.time()
    # layers
    in_width = feats.shape[1]
    code_width = 1024
    inp = Input(shape=(in_width, ))
    enc1 = Dense(4096, activation="tanh")(inp)
    enc2 = Dense(2048, activation="tanh")(enc1)
    enc3 = Dense(code_width, activation="tanh")(enc2)
    # model
    encoder = Model(inputs=inp, outputs=enc3)
    codes = np.array(encoder.predict(feats))
    codes = (codes - np.mean(codes)) / (np.std(codes))
    print("dense encoder end  ---------------------------------------")
    # print("encoder time:", time.time() - t)
    return adj, codes, cell_ids, gene_ids



def saveClusterResult(labels, cell_ids, ds_name):
    out_file = 'result/pred_'+ds_name+'.txt'

    rows = []
    for r in range(len(labels)):
        rows.append([cell_ids[r], labels[r]])
    rows = pd.DataFrame(np.array(rows), columns=['cell', 'label'])
    rows.to_csv(out_file, index=False, sep='\t')


def my_kmeans(K, emb, ds_name):
    print('--------------------------------')
    print('k-means on embedding of shape', emb.shape)

    out_file = 'pred/pretrain_'+ds_name+'.txt'

    km = KMeans(n_clusters=K, random_state=0).fit(emb)
    labs = km.labels_

    print('k-means done')
    print('--------------------------------')
    return km.labels_, km.cluster_centers_
