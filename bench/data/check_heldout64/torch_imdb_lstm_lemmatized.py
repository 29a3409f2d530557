"""
Binary sentiment of IMDB reviews with a two-layer LSTM
Each review is labelled positive or negative
Data : the 50k-review IMDB CSV from Kaggle
Based on a public Kaggle LSTM sentiment notebook
Ran on a Colab GPU 
"""

import numpy as np 
import pandas as pd 
import torch
import torch.nn as nn
from nltk.corpus import stopwords 
from collections import Counter
import re
import matplotlib.pyplot as plt
from torch.utils.data import TensorDataset, DataLoader
from sklearn.model_selection import train_test_split
import nltk
from nltk.stem import WordNetLemmatizer

# run settings 
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
bsz = 64
SEQ_CAP = 1000
lr = 0.001

# drive mount (colab) 
# from google.colab import drive
# drive.mount('/content/gdrive')
# read reviews  
csv_dir = "/content/gdrive/My Drive/Data/Imdb/archive"
reviews = pd.read_csv(csv_dir+"/IMDB Dataset.csv")
reviews.head() 

texts,targets = reviews['review'].values,reviews['sentiment'].values
tr_x, te_x, tr_y, te_y = train_test_split(texts, targets, test_size=0.1, stratify=targets)
tr_x, va_x, tr_y, va_y = train_test_split(tr_x, tr_y, test_size=0.11111111, stratify=tr_y)

print(f'train split shape {tr_x.shape}')
print(f'test split shape {te_x.shape}')
print(f'val split shape {va_x.shape}')

# word cleaning
def clean_word(w):
    # drop punctuation
    w = re.sub(r"[^\w\s]", '', w)
    # squeeze whitespace
    w = re.sub(r"\s+", ' ', w)
    # drop digits
    w = re.sub(r"\d", '', w)
    # lower case
    w = w.lower()
    return w

# wordnet lemmatizer
lem = WordNetLemmatizer()
# lemmatize a token list  
def lemmatize_all(tokens):
    out = [lem.lemmatize(t) for t in tokens]
    return out

# nltk resources
nltk.download('stopwords')
nltk.download('wordnet')

# vocabulary, ids and label encoding for the three splits
def encode_splits(a_x, a_y, b_x, b_y, c_x, c_y):
    seen = []

    stops = set(stopwords.words('english')) 
    for review in a_x:
        for w in review.lower().split():
            w = clean_word(w)
            if w not in stops and w != '':
                seen.append(w)
  
    freq = Counter(seen)
    # most frequent first
    top_words = sorted(freq, key=freq.get, reverse=True)[:10000]
    # word -> id
    word_ids = {w:k+1 for k,w in enumerate(top_words)}

    # map reviews to ids
    ids_a, ids_b, ids_c = [], [], []
    for review in a_x:
        # split
        toks = review.lower().split()
        # lemmas
        lemmas = lemmatize_all(toks)
        ids_a.append([word_ids[clean_word(w)] for w in lemmas 
                                     if clean_word(w) in word_ids.keys()])
    for review in b_x:
        # split
        toks = review.lower().split()
        # lemmas
        lemmas = lemmatize_all(toks)
        ids_b.append([word_ids[clean_word(w)] for w in lemmas 
                                    if clean_word(w) in word_ids.keys()])
    for review in c_x:
        # split
        toks = review.lower().split()
        # lemmas
        lemmas = lemmatize_all(toks)
        ids_c.append([word_ids[clean_word(w)] for w in lemmas 
                                    if clean_word(w) in word_ids.keys()])
            
    lab_a = [1 if t =='positive' else 0 for t in a_y]  
    lab_b = [1 if t =='positive' else 0 for t in b_y] 
    lab_c = [1 if t =='positive' else 0 for t in c_y] 
    
    a_x = np.array(ids_a, dtype=object) 
    a_y = np.array(lab_a)
    b_x = np.array(ids_b, dtype=object)
    b_y = np.array(lab_b)
    c_x = np.array(ids_c, dtype=object) 
    c_y = np.array(lab_c)
    
    return a_x, a_y, b_x, b_y, c_x, c_y, word_ids

# encode everything
tr_x, tr_y, va_x, va_y, te_x, te_y, word_ids = encode_splits(tr_x, tr_y, va_x, va_y, te_x, te_y)

# left-pad every review to the cap
def left_pad(rows, cap):
    grid = np.zeros((len(rows), cap),dtype=int)
    for r, ids in enumerate(rows):
        if len(ids) != 0:
            grid[r, -len(ids):] = np.array(ids)[:cap]
    return grid

# few reviews exceed the cap,
# so longer ones are cut.
tr_pad = left_pad(tr_x, SEQ_CAP)
va_pad = left_pad(va_x, SEQ_CAP)
te_pad = left_pad(te_x, SEQ_CAP)

# tensor datasets
tr_set = TensorDataset(torch.from_numpy(tr_pad), torch.from_numpy(tr_y))
va_set = TensorDataset(torch.from_numpy(va_pad), torch.from_numpy(va_y))
te_set = TensorDataset(torch.from_numpy(te_pad), torch.from_numpy(te_y))

# loaders
tr_loader = DataLoader(tr_set, shuffle=True, batch_size=bsz, drop_last=True)
va_loader = DataLoader(va_set, shuffle=True, batch_size=bsz, drop_last=True)
te_loader = DataLoader(te_set, shuffle=True, batch_size=bsz, drop_last=True)

# network
class ReviewLSTM(nn.Module):
    def __init__(self, n_layers, n_vocab, hid, emb, p_drop=0.5):
        super(ReviewLSTM, self).__init__()
 
        self.hid = hid
        self.n_layers = n_layers
        self.n_vocab = n_vocab
    
        # lookup table
        self.emb = nn.Embedding(n_vocab, emb)
        # recurrent stack
        self.rnn = nn.LSTM(input_size=emb,hidden_size=self.hid,
                           num_layers=n_layers, batch_first=True)
        # regularisation
        self.drop = nn.Dropout(p_drop)
        # output head
        self.head = nn.Linear(self.hid, 1)
        self.squash = nn.Sigmoid()
        
    def forward(self, x, state):
        n = x.size(0)
        # look up and run the LSTM
        e = self.emb(x)  
        seq, state = self.rnn(e, state)
        
        seq = seq.contiguous().view(-1, self.hid) 
        
        # dropout then linear
        z = self.drop(seq)
        z = self.head(z)
        
        # probabilities
        p = self.squash(z)
        
        # back to (batch, time)
        p = p.view(n, -1)

        p = p[:, -1] # last time step only
        
        # prediction and carried state
        return p, state
             
    # zero state     
    def zero_state(self, n):
        # (layers, batch, hidden) zeros
        # for both h and c
        h = torch.zeros((self.n_layers,n,self.hid)).to(dev)
        c = torch.zeros((self.n_layers,n,self.hid)).to(dev)
        state = (h,c)
        return state

n_layers = 2
n_vocab = len(word_ids) + 1 # id 0 is padding
emb = 256
hid = 256
p_drop = 0.5
# build
net = ReviewLSTM(n_layers, n_vocab, hid, emb, p_drop)

# to the device
net.to(dev)
print(net)

# loss and optimiser
bce = nn.BCELoss()
opt = torch.optim.Adam(net.parameters(), lr=lr)

# correct predictions in a batch
def n_correct(p, y):
    p = torch.round(p.squeeze())
    return torch.sum(p == y.squeeze()).item()

max_norm = 5
n_epochs = 5 
hist_tr_loss,hist_va_loss = [],[]
hist_tr_acc,hist_va_acc = [],[]

# training
for ep in range(n_epochs):
    # fit pass
    tr_losses = []
    tr_hits = 0.0
    net.train()
    # fresh state 
    st = net.zero_state(bsz)
    for xb, yb in tr_loader:
        xb, yb = xb.to(dev), yb.to(dev)   
        # detach the carried state so backprop
        # stops at this batch
        st = tuple([s.data for s in st])
        
        net.zero_grad()
        p, st = net(xb, st)
        
        # loss and gradients
        loss = bce(p.squeeze(), yb.float())
        loss.backward()
        tr_losses.append(loss.item())
        # hits
        hits = n_correct(p,yb)
        tr_hits += hits
        # gradient clipping for the LSTM
        nn.utils.clip_grad_norm_(net.parameters(), max_norm)
        opt.step()
 
    # validation pass     
    va_st = net.zero_state(bsz)
    va_losses = []
    va_hits = 0.0
    net.eval()
    for xb, yb in va_loader:
            va_st = tuple([s.data for s in va_st])
            xb, yb = xb.to(dev), yb.to(dev)
            p, va_st = net(xb, va_st)
            va_loss = bce(p.squeeze(), yb.float())
            va_losses.append(va_loss.item())
            hits = n_correct(p,yb)
            va_hits += hits
            
    mean_tr_loss = np.mean(tr_losses)
    mean_va_loss = np.mean(va_losses)
    tr_accuracy = tr_hits/len(tr_loader.dataset)
    va_accuracy = va_hits/len(va_loader.dataset)
    hist_tr_loss.append(mean_tr_loss)
    hist_va_loss.append(mean_va_loss)
    hist_tr_acc.append(tr_accuracy)
    hist_va_acc.append(va_accuracy)
    print(f'epoch {ep+1}') 
    print(f'train loss {mean_tr_loss}  val loss {mean_va_loss}')
    print(f'train acc {tr_accuracy*100}  val acc {va_accuracy*100}') 
    print(25*'--')
 
print('writing weights')
torch.save(net.state_dict(), 'review_lstm.pt')    

# curves
fig = plt.figure(figsize = (20, 6))
plt.subplot(1, 2, 1)
plt.plot(hist_tr_acc, label='train acc')
plt.plot(hist_va_acc, label='val acc')
plt.title("accuracy")
plt.legend()
plt.grid()
    
plt.subplot(1, 2, 2)
plt.plot(hist_tr_loss, label='train loss')
plt.plot(hist_va_loss, label='val loss')
plt.title("loss")
plt.legend()
plt.grid()

plt.show()

# held-out test split
te_st = net.zero_state(bsz)
te_losses = []
te_hits = 0.0

for xb, yb in te_loader:
    te_st = tuple([s.data for s in te_st])
    xb, yb = xb.to(dev), yb.to(dev)
    p, te_st = net(xb, te_st)
    te_loss = bce(p.squeeze(), yb.float())
    te_losses.append(te_loss.item()) 
    hits = n_correct(p,yb)
    te_hits += hits
    
final_loss = np.mean(te_losses)
final_acc = te_hits/len(te_loader.dataset)
print(f'\ntest accuracy : {final_acc*100}')
