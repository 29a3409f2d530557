from keras.models import Sequential
from keras import layers
from keras.preprocessing.text import Tokenizer
import pandas as pd
from sklearn import preprocessing
from sklearn.model_selection import train_test_split

reviews_df = pd.read_csv('imdb_master.csv', encoding='latin-1')
print(reviews_df.head())
docs = reviews_df['review'].values
y = reviews_df['label'].values


# build the word index from the reviews
tok = Tokenizer(num_words=2000)
tok.fit_on_texts(docs)
# every review becomes a row of word-presence flags
docs = tok.texts_to_matrix(docs)

label_enc = preprocessing.LabelEncoder()
y = label_enc.fit_transform(y)
train_X, test_X, train_y, test_y = train_test_split(docs, y, test_size=0.25, random_state=1000)

# width of the input rows
# print(in_dim)
model = Sequential()
model.add(layers.Dense(300, input_dim=in_dim, activation='relu'))
model.add(layers.Dense(5, activation='sigmoid'))
model.compile(loss='sparse_categorical_crossentropy', optimizer='adam', metrics=['acc'])
fit_log = model.fit(train_X, train_y, epochs=5, verbose=True, validation_data=(test_X, test_y), batch_size=256)
