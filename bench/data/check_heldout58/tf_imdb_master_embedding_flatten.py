from keras.models import Sequential
from keras import layers
from keras.preprocessing.text import Tokenizer
from keras.layers import  Embedding
from keras.layers import  Flatten
import pandas as pd
from sklearn import preprocessing
from sklearn.model_selection import train_test_split
from keras.preprocessing.sequence import pad_sequences

reviews = pd.read_csv('imdb_master.csv',encoding='latin-1')
docs = reviews['review'].values
target = reviews['label'].values

# word-index tokenizer
tok = Tokenizer(num_words=2000)

# inputs for an embedding front end
longest= max([len(d.split()) for d in docs])
n_vocab= len(tok.word_index)+1
docs = tok.texts_to_sequences(docs)
docs_padded= pad_sequences(docs,maxlen=longest)
print(longest)
print(n_vocab)

enc = preprocessing.LabelEncoder()
target = enc.fit_transform(target)
x_tr, x_te, y_tr, y_te = train_test_split(docs_padded, target, test_size=0.25, random_state=1000)

clf = Sequential()
# nominal input width
width = 2000
clf.add(Embedding(n_vocab, 50, input_length=longest))
clf.add(Flatten())
clf.add(layers.Dense(300,input_dim=width, activation='relu'))
clf.add(layers.Dense(5, activation='softmax'))
clf.compile(loss='sparse_categorical_crossentropy',optimizer='adam',metrics=['acc'])
hist=clf.fit(x_tr,y_tr, epochs=2, verbose=True, validation_data=(x_te,y_te), batch_size=256)
