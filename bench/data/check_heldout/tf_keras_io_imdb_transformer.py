# source: https://github.com/keras-team/keras-io/blob/1909c6710cd3f5af6401f1176dcee9e26781b4f3/examples/nlp/text_classification_with_transformer.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import keras
from keras import ops
from keras import layers


class EncoderBlock(layers.Layer):
    def __init__(self, width, heads, hidden, rate=0.1):
        super().__init__()
        self.attention = layers.MultiHeadAttention(num_heads=heads, key_dim=width)
        self.mlp = keras.Sequential([layers.Dense(hidden, activation="relu"), layers.Dense(width)])
        self.norm_a = layers.LayerNormalization(epsilon=1e-6)
        self.norm_b = layers.LayerNormalization(epsilon=1e-6)
        self.drop_a = layers.Dropout(rate)
        self.drop_b = layers.Dropout(rate)

    def call(self, inputs):
        attended = self.drop_a(self.attention(inputs, inputs))
        mid = self.norm_a(inputs + attended)
        mixed = self.drop_b(self.mlp(mid))
        return self.norm_b(mid + mixed)


class TokenPlusPosition(layers.Layer):
    def __init__(self, length, vocab, width):
        super().__init__()
        self.tokens = layers.Embedding(input_dim=vocab, output_dim=width)
        self.places = layers.Embedding(input_dim=length, output_dim=width)

    def call(self, x):
        length = ops.shape(x)[-1]
        where = self.places(ops.arange(start=0, stop=length, step=1))
        return self.tokens(x) + where


vocab = 20000
length = 200
(x_train, y_train), (x_val, y_val) = keras.datasets.imdb.load_data(num_words=vocab)
x_train = keras.utils.pad_sequences(x_train, maxlen=length)
x_val = keras.utils.pad_sequences(x_val, maxlen=length)

width = 32
heads = 2
hidden = 32

inputs = layers.Input(shape=(length,))
x = TokenPlusPosition(length, vocab, width)(inputs)
x = EncoderBlock(width, heads, hidden)(x)
x = layers.GlobalAveragePooling1D()(x)
x = layers.Dropout(0.1)(x)
x = layers.Dense(20, activation="relu")(x)
x = layers.Dropout(0.1)(x)
outputs = layers.Dense(2, activation="softmax")(x)

classifier = keras.Model(inputs=inputs, outputs=outputs)
classifier.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = classifier.fit(x_train, y_train, batch_size=32, epochs=2, validation_data=(x_val, y_val))
