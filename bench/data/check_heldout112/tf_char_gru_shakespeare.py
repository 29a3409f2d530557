import tensorflow as tf
import numpy as np
import os

# fetch the corpus
corpus_file = tf.keras.utils.get_file('shakespeare.txt', 'https://storage.googleapis.com/download.tensorflow.org/data/shakespeare.txt')
plays = open(corpus_file, 'rb').read().decode(encoding='utf-8')
symbols = sorted(set(plays))

# map characters to ids
sym_to_id = {s:k for k, s in enumerate(symbols)}
id_to_sym = np.array(symbols)
plays_ids = np.array([sym_to_id[s] for s in plays])

# cut into chunks of inputs and shifted targets
chunk_len = 100
chunks_per_epoch = len(plays) // chunk_len

id_stream = tf.data.Dataset.from_tensor_slices(plays_ids)
chunks = id_stream.batch(chunk_len + 1, drop_remainder=True)

def shift_pair(block):
    source = block[:-1]
    target = block[1:]
    return source, target

pairs = chunks.map(shift_pair)

# batching
BATCH = 64
SHUFFLE_BUF = 10000

pairs = pairs.shuffle(SHUFFLE_BUF).batch(BATCH, drop_remainder=True)

# network
n_symbols = len(symbols)
emb_width = 256
gru_width = 1024

net = tf.keras.Sequential([
    tf.keras.layers.Embedding(n_symbols, emb_width, batch_input_shape=[BATCH, None]),
    tf.keras.layers.GRU(gru_width, return_sequences=True, stateful=True, recurrent_initializer='glorot_uniform'),
    tf.keras.layers.Dense(n_symbols)
])

# loss and optimiser
net.compile(optimizer='adam', loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

# fit
N_EPOCHS = 10
log = net.fit(pairs, epochs=N_EPOCHS)
