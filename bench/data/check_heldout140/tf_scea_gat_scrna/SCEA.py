from __future__ import division

import pickle as pkl
import numpy as np
import pandas as pd
import sys
import time
import os
from sklearn import metrics
from sklearn.decomposition import PCA
from sklearn.manifold import TSNE
from sklearn.cluster import KMeans
from sklearn.metrics.cluster import adjusted_rand_score
import scipy
import scipy.stats

from keras.callbacks import EarlyStopping, TensorBoard, ModelCheckpoint
from keras.layers import Input, Dropout, Lambda
from keras.models import Model
from keras.optimizers import Adam
from keras.regularizers import l2, l1
from keras import backend as K
import keras

from graph_attention_layer import GraphAttention
from soft_clustering_layer import ClusteringLayer
from utils import load_data, my_kmeans, saveClusterResult

import argparse



ap = argparse.ArgumentParser()

ap.add_argument('dataset_str', type=str, help='dataset folder name')
ap.add_argument('n_clusters', type=int, help='how many clusters to look for')
ap.add_argument('--subtype_path', default=None, type=str, help='file with reference labels for ARI/NMI')
ap.add_argument('--k', default=None, type=int, help='neighbours per cell in the graph')
ap.add_argument('--is_NE', default=True, type=bool, help='apply network enhancement to the graph')
ap.add_argument('--PCA_dim', default=512, type=int, help='PCA size of the input features')
ap.add_argument('--F1', default=64, type=int, help='width of first encoder layer')
ap.add_argument('--F2', default=16, type=int, help='width of second encoder layer')
ap.add_argument('--n_attn_heads', default=4, type=int, help='attention heads')
ap.add_argument('--dropout_rate', default=0.4, type=float, help='dropout in the autoencoder')
ap.add_argument('--l2_reg', default=0, type=float, help='weight regularisation factor')
ap.add_argument('--learning_rate', default=5e-4, type=float, help='lr of the joint phase')
ap.add_argument('--pre_lr', default=2e-4, type=float, help='lr of the pretraining phase')
ap.add_argument('--pre_epochs', default=200, type=int, help='pretraining epochs')
ap.add_argument('--epochs', default=5000, type=int, help='joint training epochs')
ap.add_argument('--c1', default=1, type=float, help='reconstruction weight')
ap.add_argument('--c2', default=1, type=float, help='clustering weight')

cfg = ap.parse_args()


if not os.path.exists('logs/'):
    os.makedirs('logs/')
if not os.path.exists('result/'):
    os.makedirs('result/')


ds_name = cfg.dataset_str
n_groups = cfg.n_clusters
if cfg.k == 1:
    p_drop = 0. # a single neighbour would make dropout meaningless
else:
    p_drop = cfg.dropout_rate

# file locations
expr_file = 'data/'+ds_name+'/data.tsv'
ae_weights_file = 'logs/GATae_'+ds_name+'.h5'
joint_weights_file = 'logs/model_'+ds_name+'.h5'
labels_out = 'result/pred_'+ds_name+'.txt'
stage_prefix = 'logs/model_'+ds_name+'_'

print(expr_file, ds_name, cfg.PCA_dim, cfg.is_NE, n_groups, cfg.k)

# read and preprocess
t0 = time.time()
A, X, cell_ids, gene_ids = load_data(expr_file, ds_name,
                               cfg.PCA_dim, cfg.is_NE, n_groups, cfg.k)
t1 = time.time()
mins = (t1 - t0) / 60
print('preprocessing took %.2f '%mins, 'minutes')


# sizes
N = X.shape[0]                  # cells = graph nodes
F = X.shape[1]                  # input feature width

# losses
def abs_err(t, p):
    return K.mean(K.abs(p-t))

def graph_cluster_loss(p):
    return K.mean(K.exp(-1 * A * K.sigmoid(K.dot(p, K.transpose(p)))))

def recon_loss(t, p):
    e = abs_err(t, p)
    return e


# network
feat_in = Input(shape=(F,))
adj_in = Input(shape=(N,))

d1 = Dropout(p_drop)(feat_in)
gat1 = GraphAttention(cfg.F1,
                                   attn_heads=cfg.n_attn_heads,
                                   attn_heads_reduction='concat',
                                   dropout_rate=p_drop,
                                   activation='elu',
                                   kernel_regularizer=l1(cfg.l2_reg),
                                   attn_kernel_regularizer=l1(cfg.l2_reg))([d1, adj_in])

d2 = Dropout(p_drop)(gat1)
gat2 = GraphAttention(cfg.F2,
                                   attn_heads=cfg.n_attn_heads,
                                   attn_heads_reduction='concat',
                                   dropout_rate=p_drop,
                                   activation='elu',
                                   kernel_regularizer=l1(cfg.l2_reg),
                                   attn_kernel_regularizer=l1(cfg.l2_reg))([d2, adj_in])

d3 = Dropout(p_drop)(gat2)
gat3 = GraphAttention(cfg.F1,
                                   attn_heads=cfg.n_attn_heads,
                                   attn_heads_reduction='concat',
                                   dropout_rate=p_drop,
                                   activation='elu',
                                   kernel_regularizer=l1(cfg.l2_reg),
                                   attn_kernel_regularizer=l1(cfg.l2_reg))([d3, adj_in])

d4 = Dropout(p_drop)(gat3)
gat4 = GraphAttention(F,
                                   attn_heads=cfg.n_attn_heads,
                                   attn_heads_reduction='average',
                                   dropout_rate=p_drop,
                                   activation='elu',
                                   kernel_regularizer=l1(cfg.l2_reg),
                                   attn_kernel_regularizer=l1(cfg.l2_reg))([d4, adj_in])

# graph autoencoder
gat_ae = Model(inputs=[feat_in, adj_in], outputs=gat4)
opt = Adam(lr=cfg.pre_lr)
gat_ae.compile(optimizer=opt,
              loss=recon_loss)
#gat_ae.summary()

# callbacks
es_cb = EarlyStopping(monitor='loss', min_delta=0.1, patience=50)
tb_cb = TensorBoard(batch_size=N)
ck_cb = ModelCheckpoint(ae_weights_file,
                              monitor='loss',
                              save_best_only=True,
                              save_weights_only=True)

# pretrain the autoencoder
t0 = time.time()
gat_ae.fit([X, A],X,epochs=cfg.pre_epochs,batch_size=N,
                    verbose=0,shuffle=False)
t1 = time.time()
mins = (t1 - t0) / 60
print('pretraining took %.2f '%mins, 'minutes')


# embedding extractor
emb_model = Model(inputs=gat_ae.input,outputs=gat2)
emb = emb_model.predict([X, A], batch_size=N)
emb = emb.astype(float)


# initial k-means on the embedding
labels_now, init_centres = my_kmeans(n_groups, emb, ds_name)
labels_prev = np.copy(labels_now)


# soft assignment head
soft_assign = ClusteringLayer(n_groups,
                                     N,
                                     'q',
                                     0,
                                     init_centres,
                                     name='clustering')(d3)

def passthrough_loss(t, p):
    return p

# joint model
joint = Model(inputs=[feat_in, adj_in],
              outputs=[gat4,
                       soft_assign,
                       gat2])


opt = Adam(lr=cfg.learning_rate)
joint.compile(optimizer=opt,
              loss=[recon_loss, 'kld', passthrough_loss],
                    loss_weights=[cfg.c1, cfg.c2, 0])


# joint training
t0 = time.time()

tol = 1e-5
loss = 0

sil_hist = []
refresh_every = 2
last_refresh = 0
best_labels = None
best_sil = 0


for it in range(cfg.epochs + 1):
    if it % refresh_every == 0:
        last_refresh = it

        _, q, h = joint.predict([X, A], batch_size=N, verbose=0)
        p = q ** 2 / q.sum(0)
        p = (p.T / p.sum(1)).T
        labels_now = q.argmax(1)

        sil = metrics.silhouette_score(h, labels_now, metric='euclidean')
        changed = np.sum(labels_now != labels_prev).astype(np.float32) / labels_now.shape[0]
        labels_prev = np.copy(labels_now)
        print('it:', it,
              ', silhouette:', np.round(sil, 3),
              ', changed', np.round(changed, 3),
              ', loss:', np.round(loss, 2))

        sil_hist.append(sil)
        sil_arr = np.array(sil_hist)

        if sil >= best_sil:
            best_labels = labels_now
            best_sil = sil

        if len(sil_arr) >= 30 * 2:
            recent = np.mean(sil_arr[-30:])
            earlier = np.mean(sil_arr[-60: -30])
            if recent - earlier <= 0.02:
                print('early stop at', it, 'epoch')
                break

        if len(sil_arr) >= 3:
            if sil_arr[-2] - sil_arr[-1] >= 0.05:
                print('early stop at', it, 'epoch')
                break

    loss = joint.train_on_batch(x=[X, A], y=[X, p, h])


#joint.save_weights(joint_weights_file)

t1 = time.time()
mins = (t1 - t0) / 60
print('joint training took %.2f '%mins, 'minutes')

saveClusterResult(best_labels, cell_ids, ds_name)

if cfg.subtype_path:
    ref_file = cfg.subtype_path
    ref = pd.read_csv(ref_file, sep='\t').values
    cell_ids = ref[:, 0]
    ref = ref[:, -1].astype(int)
    ari = adjusted_rand_score(best_labels, ref)
    nmi = metrics.normalized_mutual_info_score(ref, labels_now)

    print('-----------------------')
    print('ARI {}'.format(ari))
    print('NMI {}'.format(nmi))


# final embedding
emb_model = Model(inputs=joint.input, outputs=gat2)
emb = emb_model.predict([X, A], batch_size=N)
emb = emb.astype(float)

tag = ds_name
emb = pd.DataFrame(emb)
emb.to_csv('result/hidden_'+tag+'.tsv', sep='\t')


print('finished.')
