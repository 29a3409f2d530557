from keras.models import Model
from keras.layers import Input, LSTM, Dense
import numpy as np
#----
rows = open('fra.txt',encoding='utf-8').read().split('\n')
#----
en_texts = []
fr_texts = []
en_alphabet = set()
fr_alphabet = set()
n_pairs = 10000

# split each row into the English and the French sentence
for k in range(n_pairs):
    
    en = str(rows[k]).split('\t')[0]
    
    # tab marks the start of the French sentence, newline its end
    fr = '\t' + str(rows[k]).split('\t')[1] + '\n'
    en_texts.append(en)
    fr_texts.append(fr)
    
    for ch in en:
        if (ch not in en_alphabet):
            en_alphabet.add(ch)
            
    for ch in fr:
        if (ch not in fr_alphabet):
            fr_alphabet.add(ch)
#----
fr_alphabet = sorted(list(fr_alphabet))
en_alphabet = sorted(list(en_alphabet))
#----
# index -> English character
en_i2c = {}

# English character -> index
en_c2i = {}

for k, v in enumerate(en_alphabet):
    en_i2c[k] = v
    en_c2i[v] = k
#----
fr_i2c = {}
fr_c2i = {}
for k, v in enumerate(fr_alphabet):
    fr_i2c[k] = v
    fr_c2i[v] = k
#----
en_maxlen = max([len(s) for s in en_texts])
fr_maxlen = max([len(s) for s in fr_texts])
#----
print(en_maxlen)
print()
print(fr_maxlen)
#----
# one-hot arrays for the encoder and decoder
en_onehot = np.zeros(shape = (n_pairs,en_maxlen,len(en_alphabet)), dtype='float32')
fr_onehot = np.zeros(shape = (n_pairs,fr_maxlen,len(fr_alphabet)), dtype='float32')
fr_target = np.zeros((n_pairs, fr_maxlen, len(fr_alphabet)),dtype='float32')
#----
# fill in the ones

for k in range(n_pairs):
    for t,ch in enumerate(en_texts[k]):
        en_onehot[k,t,en_c2i[ch]] = 1
        
    for t,ch in enumerate(fr_texts[k]):
        fr_onehot[k,t,fr_c2i[ch]] = 1

        # the target is the decoder input shifted one step left (no leading tab)
        if t > 0:
            fr_target[k,t-1,fr_c2i[ch]] = 1
#----
# encoder

enc_in = Input(shape=(None,len(en_alphabet)))
enc_lstm = LSTM(256,return_state = True)
enc_out, enc_h, enc_c = enc_lstm (enc_in)
enc_states = [enc_h, enc_c]
#----
# decoder

dec_in = Input(shape=(None,len(fr_alphabet)))
dec_lstm = LSTM(256,return_sequences=True, return_state = True)
dec_out, _ , _ = dec_lstm(dec_in, initial_state=enc_states)
dec_softmax = Dense(len(fr_alphabet),activation='softmax')
dec_out = dec_softmax (dec_out)
#----
net = Model(inputs=[enc_in, dec_in],outputs=[dec_out])

# fit
net.compile(optimizer='rmsprop', loss='categorical_crossentropy')
net.fit(x=[en_onehot,fr_onehot], 
          y=fr_target,
          batch_size=64,
          epochs=20,
          validation_split=0.2)
#----
# graphs for sampling

# encoder
enc_model = Model(enc_in, enc_states)

# decoder
dec_h_in = Input(shape=(256,))
dec_c_in = Input(shape=(256,))
dec_states_in = [dec_h_in, dec_c_in]

dec_out, dec_h, dec_c = dec_lstm(dec_in, 
                                                 initial_state=dec_states_in)

dec_states = [dec_h , dec_c]

dec_out = dec_softmax(dec_out)

dec_model = Model(inputs=[dec_in] + dec_states_in,
                          outputs=[dec_out] + dec_states )
#----
def translate(seq):
    
    # states from the encoder
    states = enc_model.predict(seq)
    
    step = np.zeros((1, 1, len(fr_alphabet)))
    step[0, 0, fr_c2i['\t']] = 1
    
    out_text = ''
    done = False
    
    while not done:
        
        dec_out, dec_h, dec_c = dec_model.predict(x=[step] + states)
        
        best = np.argmax(dec_out[0,-1,:])
        ch = fr_i2c[best]
        out_text += ch
        
        if ( (ch == '\n') or (len(out_text) > fr_maxlen)) :
            done = True
        
        step = np.zeros((1, 1, len(fr_alphabet)))
        step[0, 0, best] = 1
        
        states = [dec_h, dec_c]
        
    return out_text
#----
for k in range(20):
    seq = en_onehot[k:k+1]
    out_text = translate(seq)
    print('-')
    print('English:', en_texts[k])
    print('French:', out_text)
#----

#----
