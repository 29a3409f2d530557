# Next-word language model over a small poetry corpus.
# Trains on every prefix of every line, then samples
# a few words from a seed phrase.
#

# Poetry generation.
from tensorflow import keras
import numpy
from tensorflow.keras.preprocessing.text import Tokenizer
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras import regularizers
import tensorflow.keras.utils as ku

# Settings.
epochs = 30
batch_size = 256
embedding_dim = 100

# The corpus is the sonnets text file from (https://drive.google.com/uc?id=108jAePKK4R3BVYBbYJZ32JWUwxeMg20K).

# Read the corpus, one line per entry.
corpus_lines = open("sonnets.txt").read()
corpus_lines = corpus_lines.lower().split("\n")

# Word index.
word_tokenizer = Tokenizer()
word_tokenizer.fit_on_texts(corpus_lines)
vocab_total = len(word_tokenizer.word_index) + 1

# Every prefix of every line becomes one example.
prefix_seqs = []
for line in corpus_lines:
	ids = word_tokenizer.texts_to_sequences([line])[0]
	for i in range(1, len(ids)):
		prefix = ids[:i+1]
		prefix_seqs.append(prefix)

# Left-pad to a common length.
longest_seq = max([len(s) for s in prefix_seqs])
prefix_seqs = numpy.array(pad_sequences(
    prefix_seqs, maxlen=longest_seq, padding='pre'))

# Inputs are all but the last id, the label is the last id.
train_data, train_labels = prefix_seqs[:,
    :-1], prefix_seqs[:, -1]

# One-hot the labels.
train_labels = ku.to_categorical(train_labels, num_classes=vocab_total)

# Output layer has one unit per vocabulary word.
model = keras.Sequential([
    keras.layers.Embedding(vocab_total, embedding_dim,
                           input_length=longest_seq-1),
    keras.layers.Bidirectional(keras.layers.LSTM(150, return_sequences=True)),
    keras.layers.Dropout(0.3),
    keras.layers.LSTM(100),
    keras.layers.Dense(vocab_total/2, activation="relu",
                       kernel_regularizer=regularizers.l2(0.01)),
    keras.layers.Dense(vocab_total, activation="sigmoid")
])

# Loss and optimizer.
model.compile(loss="categorical_crossentropy",
              optimizer="adam", metrics=["accuracy"])


class StopAtValAccuracy(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs={}):
      # end training once validation accuracy passes 98%.
        if logs.get('val_accuracy') is not None and logs.get('val_accuracy') > 0.98:
            print("\nTarget accuracy reached, stopping.")
            self.model.stop_training = True


# Instance of the early-stop callback.
stop_callback = StopAtValAccuracy()

# Training.
model.fit(train_data, train_labels, epochs=epochs, callbacks=[
         stop_callback], batch_size=batch_size, verbose=1)

# Continue a seed phrase word by word.
seed_text = "i have never"
n_new_words = 10

for _ in range(n_new_words):
	ids = word_tokenizer.texts_to_sequences([seed_text])[0]
	ids = pad_sequences(
	    [ids], maxlen=longest_seq-1, padding='pre')
	predicted_id = numpy.argmax(model.predict(ids, verbose=0) , axis=1)
	next_word = ""
	for w, idx in word_tokenizer.word_index.items():
		if idx == predicted_id:
			next_word = w
			break
	seed_text += " " + next_word

print(seed_text)
