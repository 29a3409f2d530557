"""
Movie review polarity with a small embedding-average network in PyTorch

Hobby project
Written spring 2024
"""

from collections import Counter
import os

import matplotlib.pyplot as plt
import nltk
from nltk.corpus import stopwords
from nltk.tokenize import word_tokenize
import numpy as np
import pandas as pd
from sklearn.metrics import confusion_matrix, ConfusionMatrixDisplay, f1_score, roc_curve
from sklearn.model_selection import train_test_split
import torch
from torch import nn

from early_stopping import EarlyStopping

nltk.download('punkt')
nltk.download('stopwords')
pd.set_option('display.max_columns', 5)
pd.set_option('display.width', None)
torch.manual_seed(1)

SEQ_CAP = 200
EMB_DIM = 256
HID_DIM = 128
MAX_EPOCHS = 100
BS = 64


class PolarityNet(nn.Module):
	def __init__(self, *, vocab_size):
		super().__init__()
		self.emb = nn.Embedding(vocab_size, EMB_DIM)
		self.hidden = nn.Linear(EMB_DIM, HID_DIM)
		self.out = nn.Linear(HID_DIM, 1)
		self.act = nn.LeakyReLU()
		self.squash = nn.Sigmoid()

	def forward(self, ids):
		e = self.act(self.emb(ids))
		avg = torch.mean(e, dim=1)
		h = self.act(self.hidden(avg))
		p = self.squash(self.out(h))
		return p.squeeze()


def read_reviews(csv_path):
	def to_tokens(review):
		words = word_tokenize(review)
		words = [w.lower() for w in words if w.isalpha() and w.lower() not in stops]
		return words


	frame = pd.read_csv(csv_path)
	print(f'\nraw rows:\n{frame}')

	# tokenise and clean

	stops = set(stopwords.words('english'))
	frame['tokens'] = frame['review'].apply(to_tokens)

	# vocabulary ordered by frequency
	every_word = [w for toks in frame['tokens'] for w in toks]
	freq = Counter(every_word)
	by_freq = sorted(freq, key=freq.get, reverse=True)
	word_id = {w: k for k, w in enumerate(by_freq, start=1)}
	n_vocab = len(word_id) + 1  # id 0 is padding

	# ids, then cut or pad every review to the cap
	frame['ids'] = frame['tokens'].apply(lambda toks: [word_id[w] for w in toks])
	frame['padded'] = frame['ids'].apply(lambda ids: ids[:SEQ_CAP] + [0] * (SEQ_CAP - len(ids)))

	print(f'\nafter preprocessing:\n{frame}')

	# train / val / test, roughly 0.7 / 0.2 / 0.1

	class_names = sorted(np.unique(frame['sentiment'].values))
	x = list(frame['padded'])
	y = pd.get_dummies(frame['sentiment'], drop_first=True).astype(int).to_numpy().squeeze()
	x, y = torch.tensor(x, dtype=torch.int), torch.from_numpy(y)

	x_rest, x_te, y_rest, y_te = train_test_split(x, y, train_size=0.9, stratify=y, random_state=1)
	x_tr, x_va, y_tr, y_va = train_test_split(x_rest, y_rest, train_size=0.78, stratify=y_rest, random_state=1)

	return class_names, n_vocab, x_tr, y_tr, x_va, y_va, x_te, y_te


if __name__ == '__main__':
	# 1. data

	class_names, n_vocab, x_tr, y_tr, x_va, y_va, x_te, y_te = read_reviews('./data/movie_reviews.csv')

	# 2. model and training

	net = PolarityNet(vocab_size=n_vocab)
	bce = nn.BCELoss()

	print(f'\nnetwork:\n{net}')

	if os.path.exists('./polarity.pth'):
		net.load_state_dict(torch.load('./polarity.pth'))
	else:
		print('\n== training ==\n')
		opt = torch.optim.Adam(net.parameters())  # default lr
		stopper = EarlyStopping(patience=10, min_delta=0, mode='max')

		for ep in range(1, MAX_EPOCHS + 1):
			for s in range(0, len(x_tr), BS):
				xb = x_tr[s:s + BS]
				yb = y_tr[s:s + BS]

				p_tr = net(xb)
				loss = bce(p_tr, yb.float())

				opt.zero_grad()
				loss.backward()
				opt.step()

			with torch.inference_mode():
				p_va = net(x_va)
			pred_va = p_va.round()
			va_f1 = f1_score(y_va, pred_va)

			if ep % 5 == 0:
				print(f'epoch {ep}/{MAX_EPOCHS}: val F1 {va_f1}')

			if stopper(va_f1, net.state_dict()):
				print('stopped early at epoch', ep)
				break

		net.load_state_dict(stopper.best_weights)  # best weights back
		torch.save(net.state_dict(), './polarity.pth')

	# 3. test split: confusion matrix and ROC

	with torch.inference_mode():
		p_te = net(x_te)
	pred_te = p_te.round()

	te_loss = bce(p_te, y_te.float()).item()
	print('\ntest loss:', te_loss)

	f1 = f1_score(y_te, pred_te)
	cm = confusion_matrix(y_te, pred_te)
	ConfusionMatrixDisplay(confusion_matrix=cm, display_labels=class_names).plot(cmap='Blues')
	plt.title(f'test confusion matrix\n(F1 {f1:.3f})')
	plt.show()

	fpr, tpr, _ = roc_curve(y_te, p_te)
	plt.plot([0, 1], [0, 1], color='grey', linestyle='--')
	plt.plot(fpr, tpr)
	plt.axis('scaled')
	plt.xlabel('false positive rate')
	plt.ylabel('true positive rate')
	plt.title('ROC')
	plt.show()
