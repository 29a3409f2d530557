from keras.models import Model
from keras.layers import Input, LSTM, Dense

def build_model(hidden,n_enc_tokens,n_dec_tokens,weights_file = None):
    # graph used for training
    enc_in = Input(shape=(None, n_enc_tokens))
    enc_lstm = LSTM(hidden, return_state=True)
    enc_out, h_state, c_state = enc_lstm(enc_in)
    # only the final states go on to the decoder
    enc_states = [h_state, c_state]

    # decoder, started from the encoder states
    dec_in = Input(shape=(None, n_dec_tokens))
    # full sequence out plus the states; the states
    # are only needed by the sampling graph
    # below, not for training
    dec_lstm = LSTM(hidden, return_sequences=True, return_state=True)
    dec_out, _, _ = dec_lstm(dec_in,
                                         initial_state=enc_states)
    dec_softmax = Dense(n_dec_tokens, activation='softmax')
    dec_out = dec_softmax(dec_out)

    # (enc_x, dec_x) -> dec_y
    # 
    net = Model([enc_in, dec_in], dec_out)
    net.compile(optimizer='rmsprop', loss='categorical_crossentropy')


    # graphs used for sampling
    enc_model = Model(enc_in, enc_states)

    dec_h_in = Input(shape=(hidden,))
    dec_c_in = Input(shape=(hidden,))
    dec_states_in = [dec_h_in, dec_c_in]
    dec_out, h_state, c_state = dec_lstm(
        dec_in, initial_state=dec_states_in)
    dec_states = [h_state, c_state]
    dec_out = dec_softmax(dec_out)
    dec_model = Model(
        [dec_in] + dec_states_in,
        [dec_out] + dec_states)

    if weights_file:
        net.load_weights(weights_file)

    return net, enc_model, dec_model
