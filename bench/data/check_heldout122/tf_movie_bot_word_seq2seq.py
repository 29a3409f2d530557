import numpy as np
import re
import math
import pickle
import h5py

from keras.models import Sequential
from keras.models import Model, load_model
from keras.layers import LSTM, Embedding 
from keras.layers import Input
from keras.layers import Dense, Flatten, Reshape
from keras import optimizers

# settings
seq_cap = 20          # longest token sequence kept
bs = 32    # minibatch size
n_epochs = 20         # passes over the data
emb_size=  64       # embedding width
hidden_units = 192     # LSTM state width

# vocabularies
tok2idx = {}        # every word seen
idx2tok = {}        # inverse of tok2idx
src_tok2idx = {}  # words on the prompt side
tgt_tok2idx = {} # words on the reply side
src_idx2tok = {}  # inverse of src_tok2idx
tgt_idx2tok = {} # inverse of tgt_tok2idx

lines_file = "movie_lines.tsv"

#===================================================#
#===================================================#
# Helpers:

def read_lines(fname):
    """
        Read the tab separated movie_lines.tsv dump.
        Columns, in order:
        1. id of the line
        2. id of the speaker
        3. id of the film
        4. speaker name
        5. what was said

        per_film_lineids = one list of line ids per film
        per_film_speakers = one list of speaker ids per film
        per_film_text = one list of utterances per film


    """
    fh = open(fname)
    per_film_lineids = []
    per_film_speakers = []
    per_film_text = []
    
    cur_lineids = []
    cur_speakers = []
    cur_text = []
    film = "m0"
    n = 0
    
    for row in fh:
        fields = row.rstrip().split("\t")
        # keep only complete rows
        if len(fields) < 5:
            continue
        
        if fields[2] != film:
            per_film_lineids.append(cur_lineids)
            per_film_speakers.append(cur_speakers)
            per_film_text.append(cur_text)
            
            # a new film begins here
            cur_lineids = [int(fields[0].strip('"L'))]
            cur_speakers = [int(fields[1].strip('u'))]
            cur_text = [fields[4]]
            film = fields[2]
            continue
        
        cur_lineids.append(int(fields[0].strip('"L')))
        cur_speakers.append(int(fields[1].strip('u')))
        cur_text.append(fields[4])
        
        n += 1
        if n == 103085:
            break
    
    if len(cur_text) > 0:
        per_film_lineids.append(cur_lineids)
        per_film_speakers.append(cur_speakers)
        per_film_text.append(cur_text)
    
    return per_film_lineids, per_film_speakers, per_film_text

#======================#
#1. Cleaning
# 1) strip unwanted characters and split into words
SPACE_CHARS = re.compile(r'[/(){}\[\]\|@,;]')
DROP_CHARS = re.compile(r'[^0-9a-z #+_]')
def clean_line(s):
    """
        s: one utterance

        returns the list of words of the utterance
                framed by start and end markers
    """
    words = ["<START>"] # opening marker
    s = s.lower() # lower case
    s = re.sub(SPACE_CHARS, ' ', s) # these become spaces
    s = re.sub(DROP_CHARS, '', s) # these are removed
    words += (s.split()+["<EOS>"]) # closing marker
    
    return words

# 2) word frequencies over the corpus
#    and word -> index table
def tally(per_film_words):
    """
    freq:
    { word: times seen, ...}
    tok2idx:
    { word: index, ...}
    idx2tok:
    { index: word, ...}

    """
    freq = {}
    
    # reserved entries
    tok2idx["<START>"] = 0
    tok2idx["<EOS>"] = 1
    tok2idx["<UNK>"] = 2
    nxt = 3
    
    for film in per_film_words:
        for utter in film:
            for w in utter:
                # frequency
                if not w in freq:
                    freq[w] = 1
                else:
                    freq[w] += 1
                # index
                if not w in tok2idx:
                    tok2idx[w] = nxt
                    nxt += 1
    
    return freq
def to_words(per_film_text, tok2idx, idx2tok):
    
    """
     per_film_words:
     [
        film 0:[ utterance 0: [w1, w2, ...],
                 utterance 1: [w1, w2, ...],
                 ... ]
        film 1:[ utterance 0: [w1, w2, ...],
                 utterance 1: [w1, w2, ...],
                 ... ]
        film 2:[ utterance 0: [w1, w2, ...],
                 utterance 1: [w1, w2, ...],
                 ... ]
        ...

     ]

     singletons: words seen exactly once
     [w1, w2, w3, ...]

    """
    per_film_words = []

    # clean every utterance
    for film in per_film_text:
        film = [clean_line(u) for u in film]
        per_film_words.append(film)

    # find the words seen only once
    freq = tally(per_film_words)
    singletons = [p[0] for p in sorted(freq.items(), key = lambda p: p[1], reverse=True) if p[1] == 1]
    
    # drop them from the table and renumber
    for w in singletons:
        del tok2idx[w]
    
    # rebuild both directions
    tok2idx = {k: j for j, k in enumerate(tok2idx.keys())}
    idx2tok = {j:k for k, j in tok2idx.items()}
    
    return per_film_words, singletons, tok2idx, idx2tok
#======================#
#2. Rare words and truncation
def shorten(per_film_words, singletons, seq_cap):
    """
    per_film_words: (every utterance cut to seq_cap)
     [
        film 0:[ utterance 0: [id1, id2, ...],
                 utterance 1: [id1, id2, ...],
                 ... ]
        film 1:[ utterance 0: [id1, id2, ...],
                 utterance 1: [id1, id2, ...],
                 ... ]
        film 2:[ utterance 0: [id1, id2, ...],
                 utterance 1: [id1, id2, ...],
                 ... ]
        ...

     ]

    singletons: the words seen exactly once
    [ w1, w2, w3, ...]

    """
    # rare words become <UNK>
    # loop over films
    for k in range(len(per_film_words)):
        if k % 100 == 0:
            print("Progress (hundreds of films): ",int(k/100))
        for utter in per_film_words[k]:
            for m in range(len(utter)):
                if utter[m] in singletons:
                    utter[m] = "<UNK>"
    
    # truncate to seq_cap
    for film in per_film_words:
        for k in range(len(film)):
            film[k] = np.array(film[k][:seq_cap])
    
    return per_film_words
#======================#
#3. Prompt / reply pairs
def split_turns(speakers, utters):
    """
    Break a run of utterances where one speaker talks twice in a row
    Example:
    speakers = [2, 0, 2, 0, 2, 0, 0 ,2]
    utters = [u1, u2, u3, u4, u5, u6, u7, u8]
    groups = [[u1, u2, u3, u4, u5, u6], [u7, u8]]

    """
    groups = []
    for k in range(len(speakers)):
        if k == 0:
            prev = speakers[k]
            start = k
        else:
            if prev == speakers[k]:
                groups.append(utters[start:k])
                start = k
            prev = speakers[k]
        
        if k == (len(speakers)-1):
            groups.append(utters[start:len(speakers)])
    
    return groups
def build_pairs(per_film_lineids, per_film_speakers, per_film_words):
    """
    Turn the per-film dialogues into (prompt, reply) training pairs.

    A film is a run of exchanges; an exchange ends where two consecutive
    line ids are not adjacent numbers.
    e.g. line ids [242, 241, 237, 236, 235]
    give the exchanges [242, 241] and [237, 236, 235]

    For exchanges [242, 241], [237, 236, 235] with words [w1, w2], [w3, w4, w5]
    the prompts are [w2], [w4, w5]
    and the replies [w1], [w3, w4]


    All pairs of all films are concatenated:

    prompts = [w2, w4, w5, w7, ...]
    replies = [w1, w3, w4, w6, ...]

    The decoder target is the reply shifted by one step.
    target_replies = [w1, w3, w4, w6, ...]

    """
    prompts = []
    replies = []
    
    n_films = len(per_film_lineids) # film count

    for k in range(n_films):
        # one film
        film = per_film_lineids[k]
        for m in range(len(film)):
            if m == 0:
                prev = film[m]
                start = m
            else:
                if (prev-film[m]) is not 1:
                    groups = split_turns(per_film_speakers[k][start:m], per_film_words[k][start:m])
                    for g in groups:
                        prompts += g[1:]
                        replies += g[:-1]

                    start = m
                prev = film[m]

            # tail of the film
            if m == len(film)-1:
                groups = split_turns(per_film_speakers[k][start:len(film)], per_film_words[k][start:len(film)])
                for g in groups:
                    prompts += g[1:]
                    replies += g[:-1]
            
    return prompts, replies



#===================================================#
#===================================================#
# Read the corpus
per_film_lineids, per_film_speakers, per_film_text = read_lines(lines_file)
# Clean it
per_film_words, singletons, tok2idx, idx2tok = to_words(per_film_text, tok2idx, idx2tok)

# Rare words and truncation
# per_film_words = shorten(per_film_words, singletons, seq_cap)
# fa=open("all_toks_new.bin","wb")
# fb=open("word2id.bin","wb")
# pickle.dump(per_film_words,fa)
# pickle.dump(tok2idx,fb)
# fa.close()
# fb.close()

# Reuse the cached preprocessing
fa=open("all_toks_new.bin","rb")
fb=open("word2id.bin","rb")
per_film_words=pickle.load(fa)
tok2idx=pickle.load(fb)

# Build the pairs
prompts, replies = build_pairs(per_film_lineids, per_film_speakers, per_film_words)
prompts = np.asarray(prompts)
replies = np.asarray(replies)
print(prompts[0])
print(replies[0])
print(len(prompts))

prompts = prompts[:30000]
replies = replies[:30000]

# Vocab sets
src_vocab = set()
tgt_vocab = set()

# Collect the words of each side
for p in prompts:
    for w in p:
        if w not in src_vocab:
            src_vocab.add(w)
for r in replies:
    for w in r:
        if w not in tgt_vocab:
            tgt_vocab.add(w)
src_vocab = sorted(list(src_vocab))
tgt_vocab = sorted(list(tgt_vocab))

# Lookup tables for each side
n_src_words = len(src_vocab)
n_tgt_words = len(tgt_vocab)
src_tok2idx = dict([(w, j) for j, w in enumerate(src_vocab)])
tgt_tok2idx = dict([(w, j) for j, w in enumerate(tgt_vocab)])
src_idx2tok = dict((j, w) for w, j in src_tok2idx.items())
tgt_idx2tok = dict((j, w) for w, j in tgt_tok2idx.items())

# Arrays for the encoder input, the decoder input and the decoder target
enc_in = np.zeros((len(prompts), seq_cap), dtype='float32')
dec_in = np.zeros((len(replies), seq_cap), dtype='float32')
dec_target = np.zeros((len(replies), seq_cap, n_tgt_words), dtype='float32')

for k, (p, r) in enumerate(zip(prompts, replies)):
    for t, w in enumerate(p):
        enc_in[k, t] = src_tok2idx[w]
    for t, w in enumerate(r):
        # the target runs one step ahead of the decoder input
        dec_in[k, t] = tgt_tok2idx[w]
        if t > 0:
            # shifted by one step
            # and without the start marker
            dec_target[k, t - 1, tgt_tok2idx[w]] = 1.




#===================================================#
#===================================================#
# Model
# Encoder
# input ids of the prompt
enc_inputs = Input(shape=(None,), name="Encoder_input")

enc_emb_layer = Embedding(input_dim=n_src_words, 
                              output_dim=emb_size, name="Encoder_Embedding")
enc_emb = enc_emb_layer(enc_inputs)

enc_lstm = LSTM(hidden_units, return_state=True, name="Encoder_lstm")
enc_out, h_state, c_state = enc_lstm(enc_emb)
# only the final states are passed on
enc_states = [h_state, c_state]



# decoder, started from the encoder states
# returns every step, plus its states
# (the states are only used when sampling)

dec_inputs = Input(shape=(None,), name="Decoder_input")

dec_emb_layer = Embedding(input_dim=n_tgt_words, 
                              output_dim=emb_size, name="Decoder_Embedding")
dec_emb = dec_emb_layer(dec_inputs)

dec_lstm = LSTM(hidden_units, return_sequences=True, return_state=True, name="Decoder_lstm")
dec_out, _, _ = dec_lstm(dec_emb, initial_state=enc_states)

dec_softmax = Dense(n_tgt_words, activation='softmax', name="Dense_layer")
dec_out = dec_softmax(dec_out)

# training graph:
# (enc_in, dec_in) -> dec_target
net = Model([enc_inputs, dec_inputs], dec_out)
# fit it
opt = optimizers.RMSprop(lr=0.002, rho=0.9, epsilon=None, decay=0.0)
net.compile(optimizer=opt, loss='categorical_crossentropy', metrics=['acc'])
print(net.summary())

net.fit([enc_in, dec_in], dec_target,
          batch_size=bs,
          epochs=n_epochs,
          validation_split=0.2)

# encoder for sampling
enc_model = Model(enc_inputs, enc_states)
enc_model.summary()

# decoder for sampling
dec_h_in = Input(shape=(hidden_units,))
dec_c_in = Input(shape=(hidden_units,))
dec_states_in = [dec_h_in, dec_c_in]

dec_emb2 = dec_emb_layer(dec_inputs)

dec_out2, h_state2, c_state2 = dec_lstm(dec_emb2, initial_state=dec_states_in)
dec_states2 = [h_state2, c_state2]
dec_out2 = dec_softmax(dec_out2)

dec_model = Model([dec_inputs] + dec_states_in, [dec_out2] + dec_states2)

# write both to disk
enc_model.save('encoder.h5')
dec_model.save('decoder.h5')

def reply_to(seq):
    
    # states for the prompt
    states = enc_model.predict(seq)
    # a one-step target
    step = np.zeros((1,1))
    # seeded with the start marker
    step[0, 0] = tgt_tok2idx['<START>']

    # greedy sampling
    # (one sequence at a time)
    done = False
    out_text = ''
    while not done:
        probs, h, c = dec_model.predict([step] + states)
        
        # pick a word
        best = np.argmax(probs[0, -1, :])
        word = tgt_idx2tok[best]
        out_text += ' '+word

        # stop at the end marker
        
        if (word == '<EOS>'):
            done = True

        # feed the word back
        step = np.zeros((1,1))
        step[0, 0] = best

        # carry the states
        states = [h, c]
    
    out_text = out_text.strip('<EOS>')

    return out_text

for k in np.random.permutation(len(enc_in))[:100]:
    seq = enc_in[k:k+1]
    out_text = reply_to(seq)
    print('-')
    print('Prompt:', " ".join(prompts[k][1:-1].tolist()))
    print('Reply:', out_text)

