# Imports
# -------

from keras.preprocessing.text import Tokenizer
from keras.models import Sequential
from keras.layers import Activation, Dense, Dropout
from sklearn.preprocessing import LabelBinarizer
from data_management.dataset_manager import SummaryStore
from object_management.object_manager import  Saver
import pickle


# -- Load the table --
store = SummaryStore()
table = store.load_clean()  # cleaned csv
train_part, test_part, all_genres = store.split_multi(table, 20)

#  -- Training columns --
train_text = train_part["Summary"]  # plot summaries used for training
# train_text = store.stem(train_text)  # optional stemming
# train_text = store.lemmatize(train_text)  # optional lemmatising
train_genre = train_part["Genre"]  # one genre per book


# -- Vocabulary --
# 27 genre groups
n_classes = 27  # output units
n_words = 20000  # width of the input layer, i.e. vocabulary kept
bs = 32
n_epochs = 2

# Tokenizer limited to the vocabulary size
tok = Tokenizer(num_words=n_words)  # keeps the most frequent words
tok.fit_on_texts(train_text)    # count the words


x_tr = tok.texts_to_matrix(train_text, mode='tfidf')  # tf-idf rows


"""
Each genre is treated as a separate yes/no output, so the string genres are
turned into indicator columns with a LabelBinarizer before training.
One row per book, one column per genre.
"""
binarizer = LabelBinarizer()
binarizer.fit(train_genre)
y_tr = binarizer.transform(train_genre)  # indicator matrix of genres

# -- Network and training --
# layer widths: [20000-256-256-27]

net = Sequential()
net.add(Dense(256, input_shape=(n_words,)))
net.add(Activation('relu'))
net.add(Dropout(0.5))
net.add(Dense(256, input_shape=(n_words,)))
net.add(Dropout(0.5))
net.add(Activation('relu'))
net.add(Dense(n_classes))

net.add(Activation('sigmoid'))  # sigmoid for the multi-label variant
net.summary()

# optimiser choice was tried by hand
# adam worked best of the few tried
# plain sgd gave about 0.41
net.compile(loss='binary_crossentropy',  # binary loss for per-genre outputs
              optimizer='adam',
              metrics=['accuracy'])

hist = net.fit(x_tr, y_tr,
                    batch_size=bs,
                    epochs=n_epochs,
                    verbose=1,
                    validation_split=0.1)
saver = Saver()
saver.dump(test_part,"C:\\work\\genre\\saved\\test_part")
# whole model to one HDF5 file
net.model.save('C:\\work\\genre\\saved\\genre_mlp.h5')
saver.dump(tok,"C:\\work\\genre\\saved\\tokenizer")
saver.dump(binarizer,"C:\\work\\genre\\saved\\binarizer")
