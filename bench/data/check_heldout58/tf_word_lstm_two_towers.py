
import numpy as np
from tensorflow.python.client import device_lib
from numpy import array
from pickle import dump
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from keras.models import Sequential
from keras.layers import Dense,LSTM,Dropout,Embedding
from keras.models import load_model
import string 
import tensorflow as tf
import math
from collections import OrderedDict
import collections
import random
import sys
from google.colab import files
from keras.callbacks import ModelCheckpoint
from keras.utils.vis_utils import plot_model



import urllib
import nltk
from bs4 import BeautifulSoup
out_txt=open("twotowers.txt",'w')

page='http://ae-lib.org.ua/texts-c/tolkien__the_lord_of_the_rings_1__en.htm'
resp = urllib.request.urlopen(page)
doc=BeautifulSoup(resp)

for node in doc(['script','style']):
  node.extract()

raw=doc.get_text()



raw=raw[1211:-203].replace('\n',' ')

out_txt.write(raw)

tokens=open('twotowers.txt').read().lower()
# drop punctuation except sentence enders, apostrophes and commas
strip_map = dict((ord(ch), None) for ch in string.punctuation.replace('.','').replace('!','').replace('?','').replace("'",'').replace(',','')) 
tokens=tokens.translate(strip_map).replace('\n',' ')

tokens=tokens.replace('\n',' ').replace('.',' . ').replace('!',' ! ').replace('?',' ? ').replace("'"," ' ").replace(',',' , ').split()
# throw away bare numbers
for tk in tokens:
  if tk.isdigit():
    tokens.remove(tk)
# punctuation got its own spaces above, so it splits into separate tokens


print(len(tokens))


tk_fit=Tokenizer(filters='',char_level=False)
tk_fit.fit_on_texts(tokens)
# vocabulary maps
w2i=tk_fit.word_index
i2w={v:k for k,v in w2i.items()}

n_vocab=len(tk_fit.word_index)
print(n_vocab)
# ids of the whole book
ids=[]
for tk in tokens:
  ids.append(w2i[tk])
print(len(ids))


grams=[]
span=6 # longest window: five context words and one target
# every window is padded up to span below


for n in range(2,span+1):
    for s in range(0,len(ids)-span+1):
      grams.append(ids[s:s+n])


# left-pad the windows
grams_padded=pad_sequences(grams,maxlen=span,padding='pre')
ctx,target=grams_padded[:,:-1],grams_padded[:,-1]


print(ctx.shape,target.shape)
emb_width=128



# embedding turns each id into a dense vector
# see machinelearningmastery posts on keras embeddings
# and on word-level language models
# network
lm=Sequential()
lm.add(Embedding(n_vocab+1,emb_width,input_length=span-1))
lm.add(LSTM(700,return_sequences=True))
lm.add(Dropout(0.3))
lm.add(LSTM(700,return_sequences=True))
lm.add(Dropout(0.3))
lm.add(LSTM(700))
lm.add(Dropout(0.3))
lm.add(Dense(n_vocab+1,activation='softmax'))
lm.compile(loss='sparse_categorical_crossentropy',optimizer='adam')
print(lm.summary())

ckpt_file="3layer30.h5"
saver=ModelCheckpoint(ckpt_file,monitor='val_loss',verbose=0,save_weights_only=False)
# training
#lm=load_model('2layer100.h5')
lm.fit(ctx,target,epochs=20,batch_size=500,callbacks=[saver],verbose=1)
lm.save('3layer50.h5')




files.download('3layer30.h5')


# reload the 3-layer model trained 50 epochs at batch 500
lm=load_model('3layer50.h5')
def continue_text(seed, n_next, window, lm):
    seed=seed.split()
    for step in range(n_next):
      if step%25==0:
        sys.stdout.write('\n')
      enc=[]
      for w in seed:
        enc.append(w2i[w])
      enc=pad_sequences([enc],maxlen=window-1,dtype='int32',padding='pre',truncating='pre',value=0.0)
      probs=lm.predict(enc,verbose=0)
      probs=np.argmax(probs)
      probs=i2w[probs]
      sys.stdout.write(probs+' ')
      seed.append(probs)

  
  

# any seed made of in-vocabulary words
continue_text('legolas and the orc',300,span,lm)
