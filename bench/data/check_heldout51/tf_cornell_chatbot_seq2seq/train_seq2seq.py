import numpy as np
import tensorflow as tf
from tensorflow.keras.models import Model
from tensorflow.keras.layers import Input, LSTM, Dense
from preprocess import prepare_pairs 

tsv_path = 'D:/projects/dialogue-bot/movie_lines.tsv'


enc_seqs, dec_seqs, n_words = prepare_pairs(tsv_path)

hidden = 128  
seq_len = enc_seqs.shape[1]  

# encoder side
enc_in = Input(shape=(None,))
enc_emb = tf.keras.layers.Embedding(input_dim=n_words, output_dim=hidden)(enc_in)
enc_rnn = LSTM(hidden, return_state=True)
enc_out, h_state, c_state = enc_rnn(enc_emb)
enc_states = [h_state, c_state]

# decoder side
dec_in = Input(shape=(None,))
dec_emb = tf.keras.layers.Embedding(input_dim=n_words, output_dim=hidden)(dec_in)
dec_rnn = LSTM(hidden, return_sequences=True, return_state=True)
dec_out, _, _ = dec_rnn(dec_emb, initial_state=enc_states)
vocab_head = Dense(n_words, activation='softmax')
dec_out = vocab_head(dec_out)


net = Model([enc_in, dec_in], dec_out)


net.compile(optimizer='rmsprop', loss='sparse_categorical_crossentropy')


net.summary()


dec_targets = np.zeros_like(dec_seqs)
dec_targets[:, :-1] = dec_seqs[:, 1:]


net.fit([enc_seqs, dec_seqs], dec_targets, batch_size=32, epochs=1, validation_split=0.2)

net.save("saved_chatbot.h5")

enc_net = Model(enc_in, enc_states)
enc_net.save('enc_net.h5')

dec_h_in = Input(shape=(hidden,))
dec_c_in = Input(shape=(hidden,))
dec_state_inputs = [dec_h_in, dec_c_in]

dec_out, h_state, c_state = dec_rnn(
    dec_emb, initial_state=dec_state_inputs)
dec_states = [h_state, c_state]

dec_out = vocab_head(dec_out)

dec_net = Model(
    [dec_in] + dec_state_inputs,
    [dec_out] + dec_states
)

dec_net.save('dec_net.h5')
