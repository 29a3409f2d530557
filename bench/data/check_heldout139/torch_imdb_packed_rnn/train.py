from data_loader import make_loaders
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import json
from tqdm import tqdm
dev = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

class ReviewRNN(nn.Module):
	def __init__(self,vocab, n_words, emb_dim, hid_dim, out_dim):
		super().__init__()
		self.vocab = vocab
		#n_words is the size of the vocabulary
		self.emb = nn.Embedding(n_words, emb_dim, padding_idx = self.vocab['<pad>'])
		self.rnn = nn.RNN(emb_dim, hid_dim)
		self.out = nn.Linear(hid_dim, out_dim)
		
	def forward(self, ids, lens):
		#ids = [batch, time]

		ids = ids.permute(1,0)
		#ids = [time, batch]
		vecs = self.emb(ids)
		#vecs = [time, batch, emb]
		
		# the batch is zero padded; packing lets the recurrent layer skip the padded steps.
		# it gives back a packed output (states at the real steps only) and the final state of each sequence.
		# without packing, the final state would usually come from a padding step,
		# with packing it is the state at the last real token of every review.
		vecs = torch.nn.utils.rnn.pack_padded_sequence(vecs, lens)

		packed, last = self.rnn(vecs)
		unpacked, unpacked_lens = torch.nn.utils.rnn.pad_packed_sequence(packed)
		#unpacked=[time, batch, hid]
		#padded steps come back as zeros
		
		#last = [1, batch, hid]
		#the final real output equals the final state; the check below confirms it
		
		# # lengths to indices
		# ends = [n-1 for n in lens]
		# for k, e in enumerate(ends):
		# 	assert torch.equal(unpacked[e,k,:], last.squeeze(0)[k])
		logit = self.out(last.squeeze(0))
		# raw logit, the loss applies the sigmoid
		return logit

def batch_acc(logit, y):
	hard = torch.round(torch.sigmoid(logit))
	hit = (hard == y).float() #float so the mean works 
	acc = hit.sum() / len(hit)
	return acc


def train(loader, net, opt, loss_fn):
	loss_sum = 0
	acc_sum = 0
	# print(next(net.parameters()).is_cuda)
	net.train()
	for ids, lens, y in tqdm(loader):
		
		opt.zero_grad()
		
		ids = ids.to(dev)
		y = y.to(dev)
		lens = lens.to(dev)
		y = y.type(torch.cuda.FloatTensor)
		
		# print(y, ids.is_cuda, y.is_cuda)
		logit = net(ids, lens)
		#logit =[batch, 1]
		logit = logit.reshape(logit.size(0))
		loss = loss_fn(logit, y)
		loss.backward()
		opt.step()

		acc = batch_acc(logit, y)
		loss_sum += loss.item()
		acc_sum += acc.item()
		
	return (1.0 * loss_sum)/len(loader), (1.0*acc_sum)/len(loader) 

def evaluate(loader, net, loss_fn):
	loss_sum = 0
	acc_sum = 0
	# print(next(net.parameters()).is_cuda)
	net.eval()
	for ids, lens, y in tqdm(loader):
		ids = ids.to(dev)
		y = y.to(dev)
		lens = lens.to(dev)
		y = y.type(torch.cuda.FloatTensor)		
		# print(y, ids.is_cuda, y.is_cuda)
		logit = net(ids, lens)
		#logit =[batch, 1]
		logit = logit.reshape(logit.size(0))
		loss = loss_fn(logit, y)

		acc = batch_acc(logit, y)
		loss_sum += loss.item()
		acc_sum += acc.item()
		
	return (1.0 * loss_sum)/len(loader), (1.0*acc_sum)/len(loader) 

if __name__ == '__main__':

	train_dir = "./aclImdb/train"
	test_dir = "./aclImdb/test"

	with open('./vocab.json', 'r') as fh:
		vocab = json.load(fh)
	
	train_loader, test_loader = make_loaders(vocab, train_dir, test_dir)
	net = ReviewRNN(vocab, len(vocab), 100, 256, 1)
	opt = optim.SGD(net.parameters(), lr=1e-3)
	loss_fn = nn.BCEWithLogitsLoss()
	

	n_epochs = 20
	for ep in range(n_epochs):
		print("train")
		net.to(dev)
		loss_fn.to(dev)
		tr_loss, tr_acc = train(train_loader, net, opt, loss_fn)
		print("eval")
		te_loss, te_acc = evaluate(test_loader, net, loss_fn)
		print("train loss: {}, eval loss: {}, train acc: {}, eval acc: {}".
			format(tr_loss, te_loss, tr_acc, te_acc))