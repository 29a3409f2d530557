import os
import numpy as np
import pandas as pd
from tensorflow import keras
import tensorflow as tf
from keras_preprocessing.sequence import pad_sequences
from keras.models import Sequential, load_model
from keras.layers import Embedding, Dense, GlobalAveragePooling1D
from keras.preprocessing.text import Tokenizer
import pickle

#settings

NUM_WORDS = 10000
SEQ_LEN = 250
EMB_WIDTH = 100
SAVED_NET = "app\sentiment_net.h5"

csv_file = "data.csv"
tweets = pd.read_csv(csv_file, encoding = 'ISO-8859-1')
tweets_mixed = tweets.sample(frac=1).reset_index(drop=True)


all_text = []
all_y = []

print(tweets_mixed.head())

for idx, rec in tweets_mixed.iterrows():
    all_text.append(rec.iloc[-1])
    polarity = rec.iloc[0]
    all_y.append(0 if polarity == 0 else 1 if polarity == 2 else 2)

    
print("rows collected")

all_text = np.array(all_text)
all_y = np.array(all_y)

#word index over the corpus
vocab = Tokenizer(num_words=NUM_WORDS)
vocab.fit_on_texts(all_text)
id_lists = vocab.texts_to_sequences(all_text)

#fixed length rows
id_matrix = pad_sequences(id_lists, maxlen = SEQ_LEN, value=NUM_WORDS-1, padding='post')
print(id_matrix[0])

#keep the word index for the web app
with open('vocab.pickle', 'wb') as out_fh:
    pickle.dump(vocab, out_fh, protocol=pickle.HIGHEST_PROTOCOL)

# hold out the last rows for testing
x_fit = id_matrix[:-100000]
x_hold = id_matrix[-100000:]
y_fit = all_y[:-100000]
y_hold = all_y[-100000:]

# reuse a saved network when present
if os.path.exists(SAVED_NET):
    print("found a saved network")
    net = load_model(SAVED_NET)
else:
    print("building a fresh network")
    
    # one replica per visible device
    strat = tf.distribute.MirroredStrategy()
    print("replicas: {}".format(strat.num_replicas_in_sync))
    with strat.scope():
        # layers
        net = Sequential([
        Embedding(NUM_WORDS, EMB_WIDTH, input_length=SEQ_LEN),
        GlobalAveragePooling1D(),
        Dense(16, activation='relu'),
        Dense(3, activation='softmax')  # negative / neutral / positive
    ])

        # loss and optimiser
        net.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])

    # training
    net.fit(x_fit, y_fit, epochs=10, batch_size=32, validation_split=0.2)

    # persist
    net.save(SAVED_NET)

    # score on the held-out rows
hold_loss, hold_acc = net.evaluate(x_hold, y_hold)
print(f"held-out accuracy: {hold_acc * 100:.2f}%")

# console demo
def to_row(line):
    words = tf.keras.preprocessing.text.text_to_word_sequence(line)
    words = [vocab.word_index[w] if w in vocab.word_index else 0 for w in words]
    return pad_sequences([words], maxlen=SEQ_LEN, padding='post', value=NUM_WORDS-1)

while True:
    line = input("Type a sentence to score (or 'exit' to stop): ")
    if line.lower() == 'exit':
        break
    
    row = to_row(line)
    guess = np.argmax(net.predict(row))

    if guess == 0:
        print("negative")
    elif guess == 1:
        print("neutral")
    else:
        print("positive")
