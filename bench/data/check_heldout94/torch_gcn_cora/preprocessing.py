import os
import torch

import numpy as np
import networkx as nx
import scipy.sparse as sp

def normalize(mat):

	row_tot = np.array(mat.sum(1))
	with np.errstate(divide='ignore'):
		inv_tot = np.power(row_tot,-1).flatten()
	inv_tot[np.isinf(inv_tot)] = 0.
	mat = sp.diags(inv_tot).dot(mat)

	return mat

def undo_onehot(lab):

	lab = np.where(lab == 1)[1] + 1
	lab = lab.reshape(-1,1)

	return lab

def sparse_to_torchTensor(m):

	m = sp.coo_matrix(m)
	vals = torch.FloatTensor(m.data)
	where = torch.LongTensor(np.vstack((m.row, m.col)))
	dims = m.shape	

	return torch.sparse.FloatTensor(where, vals, torch.Size(dims))

def load_data(dname='cora', dtype='citation'):
	"""
		Planetoid pickles, read the way the GAE code reads them
	"""
	if dtype == 'citation':
		parts = ['x','tx','allx','graph']
		loaded = []
		folder = os.path.join('./data',dname)

		for part in parts:
			with open("{}/ind.{}.{}".format(folder,dname,part),'rb') as fh:
				loaded.append(np.load(fh, allow_pickle=True,encoding='latin1'))
		x, tx, allx, graph = tuple(loaded)

		te_order = []
		for row in open("{}/ind.{}.test.index".format(folder,dname)):
			te_order.append(int(row.strip()))

		# ascending test ids
		te_sorted = np.sort(te_order)

		if dname == 'citeseer':
			# isolated test nodes get zero rows
			te_span = range(te_sorted[0], te_sorted[-1]+1)
			tx_pad = sp.lil_matrix((len(te_span), x.shape[1]))
			tx = tx_pad

		feat = sp.vstack((allx, tx)).tolil()
		feat[te_order,:] = feat[te_sorted,:]
		feat = normalize(feat)
		feat = torch.FloatTensor(feat.todense())

		adj = nx.adjacency_matrix(nx.from_dict_of_lists(graph)).astype(np.float32)
		adj = adj + sp.eye(adj.shape[0]) # self loops
		adj = normalize(adj)
		adj = sparse_to_torchTensor(adj)

		lab_tr = np.load("{}/ind.{}.ally".format(folder,dname), allow_pickle=True, encoding='latin1')
		lab_te = np.load("{}/ind.{}.ty".format(folder,dname), allow_pickle=True, encoding='latin1')

		#lab_tr = undo_onehot(lab_tr)
		#lab_te = undo_onehot(lab_te)

		lab = np.vstack((lab_tr, lab_te))
		lab[te_order,:] = lab[te_sorted,:]
		lab = torch.LongTensor(lab)

		n_tr = int(round(allx.shape[0]/10.))
		n_va = int(round(allx.shape[0]/5.))
		n_te = len(te_sorted)

		order = list(range(feat.shape[0] - n_te))
		np.random.shuffle(order)

		tr_ids, va_ids = order[:n_tr], order[n_tr : n_tr + n_va]
		tr_ids = torch.LongTensor(tr_ids)
		va_ids = torch.LongTensor(va_ids)
		te_ids = torch.LongTensor(te_sorted)

	return adj, feat, lab, tr_ids, va_ids, te_ids
