import torch
import torch.utils.data as D
import numpy as np
import os
import gensim

#reads every review file of one split and returns texts and labels
# write a different reader for other corpora.
def read_split(folder):
	pos_dir = os.path.join(folder, "pos")
	neg_dir = os.path.join(folder, "neg")
	texts = []
	targets = []
	for name in os.listdir(pos_dir):
		fh = open(os.path.join(pos_dir, name))
		texts.append(fh.read())
		targets.append(1)
	for name in os.listdir(neg_dir):
		fh = open(os.path.join(neg_dir, name))
		texts.append(fh.read())
		targets.append(0)
	# print(texts[:1])
	return texts, targets

#map-style dataset over the review texts. 
class ReviewSet(D.Dataset):
	def __init__(self, vocab, folder):
		self.vocab = vocab
		self.folder = folder
		# texts and targets of the split 
		self.texts, self.targets = read_split(folder)

	def __getitem__(self, i):
		# ids of one review and its target 
		ids = self.to_ids(self.texts[i])
		y = self.targets[i]
		return ids, y

	def __len__(self):
		return(len(self.texts))

	def to_ids(self, text):
		# tokenise one review and look every token up in the vocabulary
		toks = gensim.utils.simple_preprocess(text)
		ids = []
		for t in toks:
			if t in self.vocab:
				ids.append(self.vocab[t])
			else:
				ids.append(self.vocab['<unk>'])
		#list to tensor
		ids = torch.from_numpy(np.array(ids))
		return ids

def pad_batch(batch):
	'''  

	The default collate cannot stack reviews of different lengths,
	so this one pads every batch to its longest review 
	and also returns the true lengths. 

	Args:
		batch: list of (id tensor, target) pairs
	Return:
		padded - tensor (batch, longest length) of ids
		lens - true length of each review, tensor (batch)
		targets - tensor (batch)
    '''

    #packing needs the batch sorted by length, longest first.
	batch.sort(key=lambda p: len(p[0]), reverse=True)
	seqs, targets = zip(*batch)
	lens = [len(s) for s in seqs]
	padded = torch.zeros(len(seqs), max(lens)).long()
	for k, s in enumerate(seqs):
		end = lens[k]
		padded[k,:end] = s
	return padded, torch.from_numpy(np.array(lens)), torch.from_numpy(np.array(targets))


#builds both loaders. 
def make_loaders(vocab, train_dir, test_dir, batch_size = 200):
	train_set = ReviewSet(vocab, train_dir)
	test_set = ReviewSet(vocab, test_dir)
	train_loader = D.DataLoader(dataset=train_set, batch_size=batch_size, shuffle=True,collate_fn=pad_batch)
	test_loader = D.DataLoader(dataset=test_set, batch_size=batch_size, shuffle=False, collate_fn=pad_batch)

	return train_loader, test_loader