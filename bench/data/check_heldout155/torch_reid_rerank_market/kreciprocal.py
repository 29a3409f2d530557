#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
k-reciprocal re-ranking of a query/gallery distance matrix.
This variant takes precomputed similarity matrices,
not raw features.
It is written for python 3 division
and computes in float32.

The full sort was swapped for a partial sort
to save time.
"""

"""
Method: k-reciprocal encoding for re-identification
re-ranking (CVPR 2017).
A matlab implementation also exists.
"""

"""
Interface
qg: query-gallery similarity, numpy array [n_query, n_gallery]
qq: query-query similarity, numpy array [n_query, n_query]
gg: gallery-gallery similarity, numpy array [n_gallery, n_gallery]
k1, k2, lam: method parameters (20, 6, 0.3 in the paper)
Returns:
  the re-ranked distance, numpy array [n_query, n_gallery]
"""


import numpy as np

def mutual_neighbours( rank, i, k1):
    fwd = rank[i,:k1+1]
    back = rank[fwd,:k1+1]
    hit = np.where(back==i)[0]
    return fwd[hit]

def rerank(qg, qq, gg, k1=20, k2=6, lam=0.3):
    # names inside this function refer to the stacked
    # query+gallery set, not to the caller's variables
    dist = np.concatenate(
      [np.concatenate([qq, qg], axis=1),
       np.concatenate([qg.T, gg], axis=1)],
      axis=0)
    dist = 2. - 2 * dist   # cosine similarity -> squared euclidean
    dist = np.power(dist, 2).astype(np.float32)
    dist = np.transpose(1. * dist/np.max(dist,axis = 0))
    V = np.zeros_like(dist).astype(np.float32)
    #rank = np.argsort(dist).astype(np.int32)
    # only the first k1+1 are needed
    rank = np.argpartition( dist, range(1,k1+1) )

    n_q = qg.shape[0]
    n_all = dist.shape[0]

    for i in range(n_all):
        # mutual k1 neighbours
        nb = mutual_neighbours( rank, i, k1)
        nb_ext = nb
        for j in range(len(nb)):
            c = nb[j]
            c_nb = mutual_neighbours( rank, c, int(np.around(k1/2)))
            if len(np.intersect1d(c_nb,nb))> 2./3*len(c_nb):
                nb_ext = np.append(nb_ext,c_nb)

        nb_ext = np.unique(nb_ext)
        w = np.exp(-dist[i,nb_ext])
        V[i,nb_ext] = 1.*w/np.sum(w)

    dist = dist[:n_q,]
    if k2 != 1:
        V_q = np.zeros_like(V,dtype=np.float32)
        for i in range(n_all):
            V_q[i,:] = np.mean(V[rank[i,:k2],:],axis=0)
        V = V_q
        del V_q
    del rank
    inv = []
    for i in range(n_all):
        inv.append(np.where(V[:,i] != 0)[0])

    jac = np.zeros_like(dist,dtype = np.float32)

    for i in range(n_q):
        acc = np.zeros(shape=[1,n_all],dtype=np.float32)
        nz = np.where(V[i,:] != 0)[0]
        rows = []
        rows = [inv[k] for k in nz]
        for j in range(len(nz)):
            acc[0,rows[j]] = acc[0,rows[j]]+ np.minimum(V[i,nz[j]],V[rows[j],nz[j]])
        jac[i] = 1-acc/(2.-acc)

    out = jac*(1-lam) + dist*lam
    del dist
    del V
    del jac
    out = out[:n_q,n_q:]
    return out
