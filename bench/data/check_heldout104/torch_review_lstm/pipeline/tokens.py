
from tensorflow.keras.preprocessing.text import Tokenizer
from tensorflow.keras.preprocessing.sequence import pad_sequences
class Sequencer:

    def to_ids(self,balanced):
        # vocabulary cap (most frequent words)
        MAX_NB_WORDS = 2000
        # review length after padding
        MAX_SEQUENCE_LENGTH = 600
        # embedding width (unused here)
        EMBEDDING_DIM = 100
        tok = Tokenizer(num_words=MAX_NB_WORDS, filters='!"#$%&()*+,-./:;<=>?@[\]^_`{|}~', lower=True)
        tok.fit_on_texts(balanced['content'].values)
        vocab = tok.word_index
        print('%s distinct tokens.' % len(vocab))
        # reviews to id sequences
        X = tok.texts_to_sequences(balanced['content'].values)
        X = pad_sequences(X, maxlen=MAX_SEQUENCE_LENGTH)
        return vocab, X
