import os
import time
import torch
import torch.nn as nn
from torch.nn import init
import torch.nn.functional as F
import numpy as np
import pandas as pd
import sklearn


phrase_tsv='data/train.tsv'

# run settings
BATCH = 32
RUN_DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# read the whole phrase table
phrases_df = pd.read_csv(phrase_tsv, sep='\t')
print(phrases_df.shape)    # about 156k rows, 4 columns
print(phrases_df.keys())   # PhraseId, SentenceId, Phrase, Sentiment
print(phrases_df.head())

# permute the rows and write three csv splits
order = np.arange(phrases_df.shape[0])
rng_seed = 0
np.random.seed(rng_seed)
np.random.shuffle(order)  

cut_a = int(len(order) * 0.6)
cut_b = int(len(order) * 0.8)

phrases_df.iloc[order[:cut_a], :].to_csv('data/task2_train.csv', index=False)
phrases_df.iloc[order[cut_a:cut_b], :].to_csv("data/task2_test.csv", index=False)
phrases_df.iloc[order[cut_b:], :].to_csv("data/task2_dev.csv", index=False)

# legacy torchtext fields describe how each column is processed
from torchtext import data
PAD_SYM = '<pad>'
PHRASE = data.Field(sequential=True, batch_first=True, lower=True, pad_token=PAD_SYM)
POLARITY = data.Field(sequential=False, batch_first=True, unk_token=None)

# column layout of the csv files
columns = [("PhraseId", None), # ignored column
              ("SentenceId", None),
              ('Phrase', PHRASE),
              ('Sentiment', POLARITY)]
train_set = data.TabularDataset(path='data/task2_train.csv', format='csv', fields=columns)
dev_set = data.TabularDataset(path='data/task2_dev.csv', format='csv', fields=columns)
test_set = data.TabularDataset(path='data/task2_test.csv', format='csv', fields=columns)

# vocabulary with 50-d GloVe vectors attached
PHRASE.build_vocab(train_set, vectors='glove.6B.50d', 
                 unk_init= lambda x:torch.nn.init.uniform_(x, a=-0.25, b=0.25))
POLARITY.build_vocab(train_set)
# zero the padding row
PAD_ID = PHRASE.vocab.stoi[PAD_SYM]
PHRASE.vocab.vectors[PAD_ID] = 0.0

print(PHRASE.vocab.itos[1510])
print(PHRASE.vocab.stoi['bore'])
# the pretrained matrix
print(PHRASE.vocab.vectors.shape)
probe = PHRASE.vocab.vectors[PHRASE.vocab.stoi['bore']]
print(probe.shape)
print(probe)

probe = PHRASE.vocab.vectors[PHRASE.vocab.stoi['<pad>']]
print(probe.shape)
print(probe)

# batch iterators
train_batches = data.BucketIterator(train_set, batch_size=BATCH, train=True, shuffle=True, device=RUN_DEVICE)
dev_batches = data.Iterator(dev_set, batch_size=BATCH, train=False, sort=False, device=RUN_DEVICE) # keeps file order
test_batches = data.Iterator(test_set, batch_size=BATCH, train=False, sort=False, device=RUN_DEVICE)# no sorting so labels stay aligned

emb_mode = 'glove'   #  alternatives: rand / static / non-static
n_emb = len(PHRASE.vocab)
emb_dim = 50
drop_rate = 0.5
n_filters = 100
n_vocab = len(PHRASE.vocab)
n_labels = len(POLARITY.vocab)
print(n_vocab, n_labels)

class PhraseCNN(nn.Module):
    def __init__(self):
        super(PhraseCNN, self).__init__()
        self.emb_mode = emb_mode
        if self.emb_mode == 'rand':
            self.embed = nn.Embedding(n_emb, emb_dim)
        elif self.emb_mode == 'glove':
            self.embed = nn.Embedding(n_emb, emb_dim, padding_idx=PAD_ID) \
                                .from_pretrained(PHRASE.vocab.vectors, freeze=True)
        self.conv_k3 = nn.Conv2d(in_channels=1, out_channels=n_filters,  # feature maps
                               kernel_size=(3, emb_dim), padding=(2,0))
        self.conv_k4 = nn.Conv2d(in_channels=1, out_channels=n_filters,  # feature maps
                               kernel_size=(4, emb_dim), padding=(3,0))
        self.conv_k5 = nn.Conv2d(in_channels=1, out_channels=n_filters,  # feature maps
                               kernel_size=(5, emb_dim), padding=(4,0))
        self.drop = nn.Dropout(drop_rate)
        self.head = nn.Linear(n_filters * 3, n_labels)
        
    def forward(self, tokens):      # (B, T)
        e = self.embed(tokens).unsqueeze(1) # (B, 1, T, D)
        a = F.relu(self.conv_k3(e)).squeeze(3) # (B, F, T')
        a = F.max_pool1d(a, a.size(2)).squeeze(2)  # (B, F)
        b = F.relu(self.conv_k4(e)).squeeze(3)  
        b = F.max_pool1d(b, b.size(2)).squeeze(2)      
        c = F.relu(self.conv_k5(e)).squeeze(3)  
        c = F.max_pool1d(c, c.size(2)).squeeze(2)      
        e = torch.cat((a, b, c), dim=1)  # (B, 3F)
        e = self.drop(e)      # (B, 3F)
        logits = self.head(e)       # (B, labels)
        return logits

# build the network
net = PhraseCNN()
opt = torch.optim.Adam(net.parameters(), lr=0.001)# Adam optimiser
loss_fn = nn.CrossEntropyLoss()   # objective
net.to(RUN_DEVICE)

# training
n_epochs = 5
best_acc = 0.0
t_start = time.time()

for ep in range(n_epochs):
    net.train()
    loss_sum = 0.0
    acc = 0.0
    n_right = 0.0
    n_seen = len(train_batches.dataset)
    n_steps = 0.0
    for mb in train_batches:
        n_steps += 1
        opt.zero_grad() # reset grads
        mb_text = mb.Phrase
        mb_label = mb.Sentiment
        scores = net(mb_text)    # (B, labels)
        loss = loss_fn(scores, mb_label)
        loss_sum += loss.item() 
        loss.backward()
        opt.step()        
        right = (torch.max(scores, dim=1)[1] == mb_label).sum()
        n_right += right.item()
        if n_steps % 100 == 0:
            print("epoch %d_%.3f%%: mean train loss %f" 
                  % (ep, n_steps * train_batches.batch_size * 100 / len(train_batches.dataset), loss_sum / n_steps))  
    # dev check after every epoch
    net.eval()
    loss_sum = 0.0
    acc = 0.0
    n_right = 0.0
    n_seen = len(dev_batches.dataset)
    n_steps = 0.0    
    for mb in dev_batches:
        n_steps += 1
        mb_text = mb.Phrase
        mb_label = mb.Sentiment
        scores = net(mb_text)
        loss = loss_fn(scores, mb_label)
        loss_sum += loss.item()
        right = (torch.max(scores, dim=1)[1] == mb_label).sum()
        n_right += right.item()
        print("epoch %d : dev mean loss %f, dev acc %f%%, elapsed %f"
          %(ep, loss_sum / n_steps, n_right * 100 / n_seen, time.time() - t_start))  
    if best_acc < n_right / n_seen:
        best_acc = n_right / n_seen 
        torch.save(net, 'model_saved/epoch_%d_accuracy_%f' % (ep, n_right / n_seen))
        print('saved to model_saved/epoch_%d_accuracy_%f' % (ep, n_right / n_seen))

# final test with a reloaded checkpoint
CKPT = 'model_saved/epoch_2_accuracy_0.619902'
net = torch.load(CKPT)
net.to(RUN_DEVICE)
loss_sum = 0.0
acc = 0.0
n_right = 0.0
n_seen = len(test_batches.dataset)
n_steps = 0.0    
t_start = time.time()
for mb in test_batches:
    n_steps += 1
    mb_text = mb.Phrase
    mb_label = mb.Sentiment
    scores = net(mb_text)
    loss = loss_fn(scores, mb_label)
    loss_sum += loss.item()
    right = (torch.max(scores, dim=1)[1] == mb_label).sum()
    n_right += right.item()
print("test mean loss %f, test acc %f, elapsed %f"
  %(loss_sum/n_steps, n_right/n_seen, time.time()-t_start) ) 
