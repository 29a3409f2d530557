from keras.models import Sequential
from keras import layers
from keras.preprocessing.text import Tokenizer
import pandas as pd
from sklearn import preprocessing
from sklearn.model_selection import train_test_split
from keras.layers.embeddings import Embedding
from keras.preprocessing.sequence import pad_sequences
from keras.layers import Flatten
import matplotlib.pyplot as plt

reviews = pd.read_csv('imdb_reviews_all.csv', encoding='latin-1')
print(reviews.head())
texts = reviews['review'].values
target = reviews['label'].values

# fit the word index
tok = Tokenizer(num_words=2000)
tok.fit_on_texts(texts)
# bag of words variant, switched off
# texts = tok.texts_to_matrix(texts)

longest = max([len(t.split()) for t in texts])
n_vocab = len(tok.word_index) + 1
texts = tok.texts_to_sequences(texts)
padded = pad_sequences(texts, maxlen=longest)

enc = preprocessing.LabelEncoder()
target = enc.fit_transform(target)
x_tr, x_te, y_tr, y_te = train_test_split(padded, target, test_size=0.25, random_state=1000)

# feature count
# print(n_in)
n_in = 2000
net = Sequential()

net.add(Embedding(n_vocab, 100, input_length=longest))
net.add(Flatten())
net.add(layers.Dense(400, activation='relu'))
net.add(layers.Dense(100, activation='relu'))
net.add(layers.Dense(3, activation='softmax'))
net.compile(loss='sparse_categorical_crossentropy', optimizer='adam', metrics=['acc'])
hist = net.fit(x_tr, y_tr, epochs=2, verbose=True, validation_data=(x_te, y_te), batch_size=256)

# accuracy curves
plt.plot(hist.history['acc'])
plt.plot(hist.history['val_acc'])
plt.title('accuracy')
plt.ylabel('accuracy')
plt.xlabel('epoch')
plt.legend(['train', 'test'], loc='upper left')
plt.show()

# loss curves
plt.plot(hist.history['loss'])
plt.plot(hist.history['val_loss'])
plt.title('loss')
plt.ylabel('loss')
plt.xlabel('epoch')
plt.legend(['train', 'test'], loc='upper left')
plt.show()

[te_loss, te_acc] = net.evaluate(x_te, y_te)
print("test set: "
      "loss = {}, "
      "accuracy = {}".format(te_loss, te_acc))
