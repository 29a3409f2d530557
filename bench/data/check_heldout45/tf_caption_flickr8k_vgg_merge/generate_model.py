import numpy as np
from pickle import load
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from keras.utils import to_categorical
from keras.utils import plot_model
from keras.models import Model
from keras.layers import Input
from keras.layers import Dense
from keras.layers import LSTM
from keras.layers import Embedding
from keras.layers import Dropout
from keras.layers.merge import add
from keras.callbacks import ModelCheckpoint

# flatten the id -> captions dict into one list of captions
def all_captions(caps):
  out = list()
  for k in caps.keys():
    [out.append(c) for c in caps[k]]
  return out

# word index built from the captions
def build_tokenizer(caps):
  texts = all_captions(caps)
  tok = Tokenizer()
  tok.fit_on_texts(texts)
  return tok


# number of words of the longest caption
def longest_caption(caps):
  texts = all_captions(caps)
  return max(len(c.split()) for c in texts)

# one sample per word position: (image vector, padded prefix) -> one-hot next word
def expand_pairs(tok, seq_len, caps, feats):
  n_words = len(tok.word_index) + 1

  img_rows, seq_rows, tgt_rows = list(), list(), list()
  # every image
  for k, cap_list in caps.items():
    # every caption of it
    for c in cap_list:
      # words to ids
      ids = tok.texts_to_sequences([c])[0]
      # every split point
      for j in range(1, len(ids)):
        # prefix and the next word
        head, nxt = ids[:j], ids[j]
        # left-pad the prefix
        head = pad_sequences([head], maxlen=seq_len)[0]
        # one-hot the next word
        nxt = to_categorical([nxt], num_classes=n_words)[0]
        # keep
        img_rows.append(feats[k][0])
        seq_rows.append(head)
        tgt_rows.append(nxt)
  return np.array(img_rows), np.array(seq_rows), np.array(tgt_rows)

# merge-style captioner
def build_captioner(n_words, seq_len):
  # image branch
  img_in = Input(shape=(4096,))
  i1 = Dropout(0.5)(img_in)
  i2 = Dense(256, activation='relu')(i1)
  # text branch
  txt_in = Input(shape=(seq_len,))
  t1 = Embedding(n_words, 256, mask_zero=True)(txt_in)
  t2 = Dropout(0.5)(t1)
  t3 = LSTM(256)(t2)
  # joint head
  j1 = add([i2, t3])
  j2 = Dense(256, activation='relu')(j1)
  probs = Dense(n_words, activation='softmax')(j2)
  # [image, prefix] -> next word
  net = Model(inputs=[img_in, txt_in], outputs=probs)
  net.compile(loss='categorical_crossentropy', optimizer='adam')
  # print the layers
  print(net.summary())
  plot_model(net, to_file='model.png', show_shapes=True)
  return net
