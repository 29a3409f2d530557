import torch
import torch.utils.data
import numpy as np
import _pickle as cPickle
import torch.nn as nn
import h5py

class QADataset(torch.utils.data.Dataset):
	def __init__(self, base_dir, split):
		super(QADataset, self).__init__()
		self.qids = self.read_pickle('./data/dicts/ind2qid_{}.pkl'.format(split))
		self.qid_to_tokens = self.read_pickle('./data/dicts/qid2que_{}.pkl'.format(split))
		self.qid_to_img = self.read_pickle('./data/dicts/qid2vid_{}.pkl'.format(split))
		self.h5_path = './data/adaptive_features/{}.h5'.format(split)
		self.img_to_row = self.read_pickle('./data/adaptive_features/{}_img2idx.pkl'.format(split))
		self.qid_to_targets = self.read_pickle('./data/dicts/qid2_a_inds.pkl')
		self.answer_table = self.read_pickle('./data/dicts/ans2ind.pkl')
		self.vocab = self.read_pickle('./data/dicts/word2ind.pkl')

		self.n_answers = len(self.answer_table.values())
		# (image tensors are not kept here)
	def __getitem__(self, idx):
		qid = self.qids[idx]
		tokens, n_tokens = self.qid_to_tokens[qid]
		tokens = torch.from_numpy(np.array(tokens)).long()
		img_id = self.qid_to_img[qid]
		feats, boxes, spatial, n_obj = self.read_regions(img_id)
		target = self.soft_targets(qid)
		return feats, boxes, spatial, n_obj, target, tokens, n_tokens, torch.tensor(int(qid))
	def __len__(self):
		return len(self.qids)
	def soft_targets(self, qid):
		entry = self.qid_to_targets.get(str(qid))
		answer_ids = entry[0]
		weights = entry[1]
		out = torch.zeros(self.n_answers)
		for aid in answer_ids:
			out[aid] = weights[aid]
		return out
	def read_regions(self, img_id):
		h5 = h5py.File(self.h5_path, 'r')
		region_feats = h5.get('image_features')
		region_spatial = h5.get('spatial_features')
		boxes = h5.get('image_bb')
		row = self.img_to_row[int(img_id)]
		spans = h5.get('pos_boxes')
		stop = spans[row][1]
		start = spans[row][0]
		boxes = boxes[start:stop, :]
		boxes = torch.from_numpy(boxes)
		region_feats = region_feats[start:stop, :]
		region_feats = torch.from_numpy(region_feats)
		region_spatial = region_spatial[start:stop, :]
		region_spatial = torch.from_numpy(region_spatial)
		cap = 100
		n_obj = boxes.size(0)
		missing = cap - n_obj
		feats = torch.cat((region_feats, torch.zeros(missing, region_feats.size(1))))
		boxes = torch.cat((boxes, torch.zeros(missing, boxes.size(1))))
		n_obj = torch.Tensor([n_obj])
		spatial = torch.cat((region_spatial, torch.zeros(missing, region_spatial.size(1))))
		return feats, boxes, spatial, n_obj
	def read_pickle(self, path):
		with open(path, 'rb') as fh:
			obj = cPickle.load(fh)
		return obj

if __name__ == '__main__':
	ds = QADataset('', 'train')
	feats, boxes, spatial, n_obj, target, tokens, n_tokens,qid = ds[210]
	print(n_obj)
	print(feats[19])
