from torch.utils.data import Dataset
from kogpt2.utils import download, tokenizer, get_tokenizer
from gluonnlp.data import SentencepieceTokenizer
import gluonnlp
import numpy as np
import pandas as pd

def make_sp_tokenizer():
	spm_path = get_tokenizer()
	sp = SentencepieceTokenizer(spm_path)
	return sp


def make_vocab():
	cachedir = '~/kogpt2/'

	# fetch the vocabulary
	vinfo = tokenizer
	vocab_path = download(vinfo['url'],
						vinfo['fname'],
						vinfo['chksum'],
						cachedir=cachedir)

	vocab_obj = gluonnlp.vocab.BERTVocab.from_sentencepiece(vocab_path,
															 mask_token=None,
															 sep_token=None,
															 cls_token=None,
															 unknown_token='<unk>',
															 padding_token='<pad>',
															 bos_token='<s>',
															 eos_token='</s>')
	return vocab_obj

def join_pieces(pieces):
	if not pieces:
		return ''
	out = ''

	for p in pieces:
		out = out + p
	return out

class LyricsDataset(Dataset):
	"""lyrics with genre and score"""

	def __init__(self, file_path,vocab,tokenizer):
		self.file_path = file_path
		self.rows =[]
		self.vocab =vocab
		self.tokenizer = tokenizer
		fh = open(self.file_path, 'r', encoding='utf-8')

		frame = pd.read_csv(self.file_path)

		triples = []
		for _, r in frame.iterrows():
			triples.append([r["lyrics"], r["genre"], r["score"]])
			
		print("tokenizing")
		for t in triples:
			if not t[0]:
				break
			if len(t[0]) < 3:
				continue
			pieces = tokenizer(t[0][:-1])

			ids = [vocab[vocab.bos_token], ] + vocab[pieces] + [vocab[vocab.eos_token]]

			if len(ids) > 1024:
				continue
			elif len(ids) < 100:
				continue

			#print(len(ids))	
			#print(t)
			self.rows.append([ids, t[1], t[2]])

		print(np.shape(self.rows))

	def __len__(self):
		return len(self.rows)

	def __getitem__(self, i):
		rec = self.rows[i]
		return rec
