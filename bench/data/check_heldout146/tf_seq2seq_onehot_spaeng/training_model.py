from preprocessing import n_src_vocab, n_tgt_vocab, dec_target_onehot, enc_input_onehot, dec_input_onehot, dec_target_onehot

from tensorflow import keras
from keras.layers import Input, LSTM, Dense
from keras.models import Model

#
import os
os.environ['KMP_DUPLICATE_LIB_OK']='True'


hidden_units = 305

#
#
batch_size = 50
epochs = 100

#
#
enc_in = Input(shape=(None, n_src_vocab))
#
enc_rnn = LSTM(hidden_units, return_state=True)
#
enc_seq, h_state, c_state = enc_rnn(enc_in)
#
enc_state = [h_state, c_state]

#
dec_in = Input(shape=(None, n_tgt_vocab))
dec_rnn = LSTM(hidden_units, return_sequences=True, return_state=True)
dec_seq, dec_h, dec_c = dec_rnn(dec_in, initial_state=enc_state)
#
#
#
vocab_proj = Dense(n_tgt_vocab, activation='softmax')
#
dec_seq = vocab_proj(dec_seq)

#
#
#
seq2seq = Model([enc_in, dec_in], dec_seq)

print("network:\n")
seq2seq.summary()
print("\n\n")

#
#
#
seq2seq.compile(optimizer='rmsprop', loss='categorical_crossentropy', metrics=['accuracy'])

print("fitting:\n")
#
#
#
seq2seq.fit([enc_input_onehot, dec_input_onehot], dec_target_onehot, batch_size = batch_size, epochs = epochs, validation_split = 0.2)

seq2seq.save('seq2seq_spa.h5')