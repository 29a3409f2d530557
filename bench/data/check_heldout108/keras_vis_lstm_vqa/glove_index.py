import numpy as np
import h5py
import pickle

def load():
	path = 'embeddings/glove_matrix.h5'
	with h5py.File(path,'r') as hf:
		ds = hf.get('glove_matrix')
		mat = np.array(ds)
	return mat

def load_idx():
	path = 'embeddings/glove_vocab'
	with open(path,'r') as fh:
		vocab = pickle.load(fh)
	return vocab

def build(glove_path):
	mat_path = 'embeddings/glove_matrix.h5'
	vocab_path = 'embeddings/glove_vocab'
	vecs = {}
	vocab = {}
	
	with open(glove_path,'r') as fh:
		for n, row in enumerate(fh):
			cols = row.split()
			w = cols[0]
			v = np.asarray(cols[1:],dtype='float32')
			vecs[w] = v
			vocab[w] = n+1

	n_words = len(vocab)
	mat = np.zeros((1+n_words,300))

	for n, w in enumerate(vocab.keys()):
		mat[n+1] = vecs[w]

	with h5py.File(mat_path, 'w') as hf:
		hf.create_dataset('glove_matrix',data=mat)

	with open(vocab_path,'w') as fh:
		pickle.dump(vocab,fh)

def run():
	ap = argparse.ArgumentParser()
	ap.add_argument('-address', type=str, required=True)
	opts = ap.parse_args()
	print('building the GloVe matrix ...')
	build(opts.address)

if __name__ == '__main__': run()
