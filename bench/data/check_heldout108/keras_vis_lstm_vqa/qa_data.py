import numpy as np
import pandas as pd
import glove_index as gi
import operator
import sys
import scipy as sc
from collections import defaultdict
from nltk import word_tokenize
from keras.preprocessing.sequence import pad_sequences

def frequent_answers():
	qa_file = 'data/train_qa'
	table = pd.read_pickle(qa_file)
	ans = table[['multiple_choice_answer']].values.tolist()
	counts = defaultdict(int)
	for a in ans:
		counts[a[0].lower()] += 1
	ranked = sorted(counts.items(),key=operator.itemgetter(1),reverse=True)[0:1000]
	ranked = [a[0] for a in ranked]
	return ranked

answer_list = frequent_answers()	

def answer_vectors():
	answer_list = frequent_answers()
	lookup = {}
	for k, w in enumerate(answer_list):
		vec = np.zeros(1001)
		vec[k] = 1.0
		lookup[w] = vec
	return lookup
	
answer_lookup = answer_vectors()

def answer_matrix(split):
	if split == 'train':
		qa_file = 'data/train_qa'
	elif split == 'val':
		qa_file = 'data/val_qa'
	else:
		print('unknown split')
		sys.exit()
	
	table = pd.read_pickle(qa_file)
	ans = table[['multiple_choice_answer']].values.tolist()
	mat = np.zeros((len(ans),1001))
	other = np.zeros(1001)
	other[1000] = 1.0
	
	for k, a in enumerate(ans):
		mat[k] = answer_lookup.get(a[0].lower(),other)
	
	return mat

def question_matrix(split):
	if split == 'train':
		qa_file = 'data/train_qa'
	elif split == 'val':
		qa_file = 'data/val_qa'
	else:
		print('unknown split')
		sys.exit()
	
	table = pd.read_pickle(qa_file)
	qs = table[['question']].values.tolist()
	vocab = gi.load_idx()
	seqs = []
	
	for q in qs:
		toks = word_tokenize(q[0])
		ids = []
		for t in toks:
			ids.append(vocab.get(t,0))
		seqs.append(ids)
	mat = pad_sequences(seqs)
	
	return mat

def image_matrix(split):
	if split == 'train':
		qa_file = 'data/train_qa'
	elif split == 'val':
		qa_file = 'data/val_qa'
	else:
		print('unknown split')
		sys.exit()
	
	map_file = 'coco_features/coco_vgg_IDMap.txt'
	mat_file = 'coco_features/vgg_feats.mat'
	
	q_images = pd.read_pickle(qa_file)[['image_id']].values.tolist()
	map_rows = open(map_file).read().splitlines()
	mat_contents = sc.io.loadmat(mat_file)
	
	coco_to_col = {}
	for r in map_rows:
		parts = r.split()
		coco_to_col[int(parts[0])] = int(parts[1])
	
	vgg = mat_contents['feats']
	dim = vgg.shape[0]
	n_q = len(q_images)
	out = np.zeros((n_q,dim))
	
	for k in range(n_q):
		out[k,:] = vgg[:,coco_to_col[q_images[k][0]]]
	
	return out

		


	


