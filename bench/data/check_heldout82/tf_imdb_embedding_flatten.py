from keras.models import Sequential
from keras import layers
import numpy as np
from keras.preprocessing.text import Tokenizer
from keras.layers import  Embedding,Activation,Dense,Flatten
import pandas as pd
from sklearn import preprocessing
from sklearn.model_selection import train_test_split
from keras.preprocessing.sequence import pad_sequences
reviews_df = pd.read_csv('imdb_master.csv',encoding='latin-1')
print(reviews_df.head())
texts = reviews_df['review'].values
labels = reviews_df['label'].values
longest= max([len(t.split()) for t in texts])
tok = Tokenizer(num_words=2000)
tok.fit_on_texts(texts)
# word ids of every review
texts = tok.texts_to_sequences(texts)
padded= pad_sequences(texts,maxlen=longest)

enc = preprocessing.LabelEncoder()
labels = enc.fit_transform(labels)

x_tr, x_te, y_tr, y_te = train_test_split(padded, labels, test_size=0.25, random_state=1000)

# the network
net = Sequential()
net.add(Embedding(2000, 50, input_length=2000))
net.add(Flatten())
net.add(layers.Dense(300))
net.add(Activation('softmax'))
net.compile(loss='sparse_categorical_crossentropy',optimizer='adam',metrics=['acc'])
hist=net.fit(x_tr,y_tr, epochs=2, verbose=True, validation_data=(x_te,y_te), batch_size=256)
