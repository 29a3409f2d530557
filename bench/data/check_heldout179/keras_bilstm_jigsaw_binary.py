import tensorflow as tf
print(tf.version.VERSION)


import pandas as pd
import numpy as np
import re
import os

# load the Jigsaw unintended-bias training table
train = pd.read_csv("/data/jigsaw/train.csv")

train.shape

train.head()

train['comment_text'][4]

# lower-case and expand contractions
def clean_text(text):
    text = text.lower()
    text = re.sub(r"what's", "what is ", text)
    text = re.sub(r"\'s", " ", text)
    text = re.sub(r"\'ve", " have ", text)
    text = re.sub(r"can't", "cannot ", text)
    text = re.sub(r"n't", " not ", text)
    text = re.sub(r"i'm", "i am ", text)
    text = re.sub(r"\'re", " are ", text)
    text = re.sub(r"\'d", " would ", text)
    text = re.sub(r"\'ll", " will ", text)
    text = re.sub(r"\'scuse", " excuse ", text)
    text = re.sub('\W', ' ', text)
    text = re.sub('\s+', ' ', text)
    text = text.strip(' ')
    return text


train['comment_text'] = train['comment_text'].map(lambda com : clean_text(com))

# regex patterns that map obfuscated insults to a canonical word
RE_PATTERNS = {
    ' fuck':
        [
            '(f)(u|[^a-z0-9 ])(c|[^a-z0-9 ])(k|[^a-z0-9 ])([^ ])*',
            '(f)([^a-z]*)(u)([^a-z]*)(c)([^a-z]*)(k)',
            ' f[!@#\$%\^\&\*]*u[!@#\$%\^&\*]*k', 'f u u c',
            '(f)(c|[^a-z ])(u|[^a-z ])(k)', r'f\*',
            'feck ', ' fux ', 'f\*\*',
             'f\.u\.', 'f###', ' fu ', 'f@ck', 'f u c k', 'f uck', 'f ck','fuk','fk'
        ],
    ' ass ':
        [
            '[^a-z]ass ', '[^a-z]azz ', 'arrse', ' arse ', '@\$\$','[^a-z]anus', ' a\*s\*s', '[^a-z]ass[^a-z ]',
            'a[@#\$%\^&\*][@#\$%\^&\*]', '[^a-z]anal ', 'a s s'
        ],
    ' asshole ':
        [
            ' a[s|z]*wipe', 'a[s|z]*[w]*h[o|0]+[l]*e', '@\$\$hole'
        ],
    ' bitch ':
        [
            'b[w]*i[t]*ch', 'b!tch',
            'bi\+ch', 'b!\+ch', '(b)([^a-z]*)(i)([^a-z]*)(t)([^a-z]*)(c)([^a-z]*)(h)',
            'biatch', 'bi\*\*h', 'bytch', 'b i t c h'
        ],
    ' bastard ':
        [
            'ba[s|z]+t[e|a]+rd'
        ],
    ' trans gender':
        [
            'transgender'
        ],
    ' gay ':
        [
            'gay' , 'g4y'
        ],
    ' cock ':
        [
            '[^a-z]cock', 'c0ck', '[^a-z]cok ', 'c0k', '[^a-z]cok[^aeiou]', ' cawk',
            '(c)([^a-z ])(o)([^a-z ]*)(c)([^a-z ]*)(k)', 'c o c k'
        ],
    ' dick ':
        [
            ' dick[^aeiou]', 'deek', 'd i c k','dik'
        ],
    ' suck ':
        [
             '(s)([^a-z ]*)(u)([^a-z ]*)(c)([^a-z ]*)(k)', 'suck', '5uck', 's u c k'
        ],
    ' cunt ':
        [
            'cunt', 'c u n t'
        ],
    ' bullshit ':
        [
            'bullsh\*t', 'bull\$hit'
        ],
    ' idiot ':
        [
            'i[d]+io[t]+', '(i)([^a-z ]*)(d)([^a-z ]*)(i)([^a-z ]*)(o)([^a-z ]*)(t)',  'i d i o t'

        ],
    ' dumb ':
        [
            '(d)([^a-z ]*)(u)([^a-z ]*)(m)([^a-z ]*)(b)'
        ],
    ' shit ':
        [
            'shitty', '(s)([^a-z ]*)(h)([^a-z ]*)(i)([^a-z ]*)(t)', 'shite', '\$hit', 's h i t'
        ],
    ' shit hole ':
        [
            'shythole'
        ],
    ' retard ':
        [
            'returd', 'retad', 'retard', 'wiktard', 'wikitud'
        ],
    ' rape ':
        [
            ' raped'
        ],
    ' dumb ass':
        [
            'dumbass', 'dubass'
        ],
    ' ass head':
        [
            'butthead'
        ],
    ' sex ':
        [
             's3x'
        ],
    ' nigger ':
        [
            'nigger', ' nigr ', 'negrito', 'niguh', 'n3gr', 'n i g g e r'
        ],
    ' nigga ':
        [
            'niga', 'ni[g]+a', ' nigg[a]+'
        ],
    ' shut the fuck up':
        [
            'stfu'
        ],
    ' pussy ':
        [
            'pussy[^c]', 'pusy', 'pussi[^l]', 'pusses'
        ],
    ' faggot ':
        [
            'faggot', ' fa[g]+[s]*[^a-z ]', 'fagot', 'f a g g o t', 'faggit',
            '(f)([^a-z ]*)(a)([^a-z ]*)([g]+)([^a-z ]*)(o)([^a-z ]*)(t)', 'fau[g]+ot', 'fae[g]+ot',
        ],
    ' motherfucker':
        [
            ' motha ', ' motha f', ' mother f', 'motherucker',
        ],
    ' whore ':
        [
             'w h o r e'
        ],
}


# apply every pattern to every comment
for target,patterns in RE_PATTERNS.items():
  for pat in patterns:
    train['comment_text'] = train['comment_text'].map(lambda x : re.sub(pat,target,x))

X = train.comment_text
print(X[16])

print(X.shape)

# binarise the toxicity score
Y = [1 if x >= 0.5 else 0 for x in train["target"]]
Y = np.array(Y)

df= train[['id','comment_text']]
df.head()

df2 = df.assign(label = Y)

df2.head()

df_toxic = df2[df2['label'] == 1]
df_non_toxic = df2[df2['label'] == 0]

print("Toxic = ", len(df_toxic))
print("Not Toxic = ", len(df_non_toxic))

# dedupe and undersample the clean class
df_non_toxic_subset = df_non_toxic.drop_duplicates(subset ="comment_text",
                     keep = 'first', inplace = False)

print("Not Toxic = ", len(df_non_toxic_subset))

df_non_toxic_sample =  df_non_toxic_subset.sample(n=150000)

print(len(df_non_toxic_sample))

train_concat =  pd.concat([df_toxic,df_non_toxic_sample])


train_concat.head()


train = train_concat.sample(frac=1).reset_index(drop=True)
train.head()

X = train.comment_text
Y = train.label

print(train['comment_text'][122])
print(train['label'][122])

count_0 = 0
count_1 = 0
for y in Y:
  if (y == 0):
    count_0 += 1
  else:
    count_1 += 1

print("Number of Not Toxic comments ",count_0)
print("Number of Toxic comments ",count_1)

from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences

MAX_NB_WORDS = 2000000

# word index and id sequences
tokenizer = Tokenizer(lower=False,oov_token="<OOV>",num_words = MAX_NB_WORDS)
tokenizer.fit_on_texts(X)

sequences = tokenizer.texts_to_sequences(X)

max_seq = 0
sum_len = 0
for s in sequences:
  tmp_len = len(s)
  sum_len += tmp_len
  if (tmp_len > max_seq):
    max_seq = tmp_len

print("Max sequence length: ",max_seq)
print("Mean sequence length: ", round(sum_len/len(sequences),1))

MAX_SEQUENCE_LENGTH = 300
pad_type = 'post'
trunc_type = 'post'


# fixed-length padding
X_pad = pad_sequences(sequences, padding=pad_type , truncating=trunc_type, maxlen=MAX_SEQUENCE_LENGTH)
print('Shape of train data tensor:', X_pad.shape)


nb_words = len(tokenizer.word_index)+1

print(X_pad[10])

import pickle

with open('/data/models/tokenizer_hope.pickle', 'wb') as handle:
    pickle.dump(tokenizer, handle, protocol=pickle.HIGHEST_PROTOCOL)

from tqdm import tqdm

# read GloVe 840B into a dictionary
embedding_vector = {}
f = open('/data/embeddings/glove.840B.300d.txt')
for line in tqdm(f):
    value = line.split(' ')
    word = value[0]
    coef = np.array(value[1:],dtype = 'float32')
    embedding_vector[word] = coef

# weights for the Embedding layer
embedding_matrix = np.zeros((nb_words,300))

for word,i in tqdm(tokenizer.word_index.items()):
    embedding_value = embedding_vector.get(word)
    if embedding_value is not None:
        embedding_matrix[i] = embedding_value

from keras.callbacks import ModelCheckpoint

checkpoint_path = "/data/models/cp_subset.ckpt"
checkpoint_dir = os.path.dirname(checkpoint_path)

cp_callback = ModelCheckpoint(filepath=checkpoint_path,
                                                 save_weights_only=True,
                                                 verbose=1)

print(X_pad.shape)

from keras.layers.recurrent import LSTM, GRU
from keras.layers import Flatten
from keras.regularizers import l1
from keras.optimizers import Adam
from keras.models import Sequential
from keras.preprocessing.text import Tokenizer
from keras.layers import Conv1D, MaxPooling1D, Embedding
from keras.models import Model
from keras.layers.wrappers import TimeDistributed, Bidirectional
from keras.layers.core import Dense, Activation, Dropout
from keras.optimizers import Adam

# two stacked BiLSTMs over frozen embeddings
model = Sequential()
model.add(Embedding(nb_words,300,weights = [embedding_matrix],input_length=MAX_SEQUENCE_LENGTH,trainable = False))
model.add(Bidirectional(LSTM(256, return_sequences=True)))
model.add(Dropout(0.2))
model.add(Bidirectional(LSTM(256)))
model.add(Dropout(0.2))
model.add(Dense(128, activation="relu"))
model.add(Dropout(0.2))
model.add(Dense(1, activation='sigmoid'))
model.summary()

adam_opt = Adam(learning_rate=0.001)

model.compile(loss='binary_crossentropy', optimizer='adam', metrics = ['accuracy'])

history = model.fit(X_pad, Y, validation_split=0.2, nb_epoch=5, batch_size=256)


model.save("/data/models/model_hope.h5")
