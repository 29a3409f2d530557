import nltk
from nltk.tokenize import word_tokenize
import numpy as np
import gc
from keras.models import Sequential
from keras.layers import Dense, LSTM
from keras.utils import to_categorical
from keras.callbacks import ModelCheckpoint

# fetch the tokenizer models
nltk.download('punkt')

# only the head of the novel is used
novel = open("A-Tale-of-Two-Cities.txt").read()
novel = novel[:100000]  # keep the first 100k characters

# split into word tokens
tokens = word_tokenize(novel)
lexicon = sorted(set(tokens))
tok_to_id = {tok: k for k, tok in enumerate(lexicon)}
id_to_tok = {k: tok for k, tok in enumerate(lexicon)}
n_tokens = len(tokens)
n_lexicon = len(lexicon)
window = 50
inputs = []
targets = []

for k in range(0, n_tokens - window, 1):
    ctx = tokens[k: k + window]
    nxt = tokens[k + window]
    ctx_ids = [tok_to_id[tok] for tok in ctx]
    nxt_id = tok_to_id[nxt]
    inputs.append(ctx_ids)
    targets.append(nxt_id)

n_windows = len(inputs)

X = np.reshape(inputs, (n_windows, window, 1))
X = X / float(n_lexicon)

# one-hot targets over the whole lexicon
targets = to_categorical(targets, num_classes=n_lexicon)

# free what we can before fitting
gc.collect()

# stacked LSTM network
net = Sequential()
net.add(LSTM(512, input_shape=(X.shape[1], X.shape[2]), return_sequences=True))  # first layer
net.add(LSTM(512, return_sequences=True))
net.add(LSTM(256))
net.add(Dense(targets.shape[1], activation='softmax'))
net.compile(optimizer='adam', loss='categorical_crossentropy')

# keep the best weights
ckpt_path = "model2.h5"
saver = ModelCheckpoint(ckpt_path, monitor='loss', verbose=1, save_best_only=True, mode='min')
cb_list = [saver]

# single short epoch
net.fit(X, targets, epochs=1, batch_size=32, callbacks=cb_list)

# write the final weights
net.save(ckpt_path)

#-----------------------------------------------------------------------------------------
# sampling part (disable the training part above and enable this)

# import numpy as np
# from keras.models import load_model
# from nltk.tokenize import word_tokenize
#
# # restore the network
# net = load_model("/content/drive/MyDrive/model2.h5")
#
# # rebuild the same lookups as in training
# novel = open("/content/drive/MyDrive/A-Tale-of-Two-Cities.txt").read()
# tokens = word_tokenize(novel)
# lexicon = sorted(set(tokens))
# tok_to_id = {tok: k for k, tok in enumerate(lexicon)}
# id_to_tok = {k: tok for k, tok in enumerate(lexicon)}
#
#
# # turn a prompt into model input
# def encode_prompt(prompt, window):
#     toks = word_tokenize(prompt)
#     # left-pad short prompts
#     if len(toks) < window:
#         toks = [''] * (window - len(toks)) + toks
#     ids = [tok_to_id.get(tok, 0) for tok in toks[-window:]]  # unknown -> 0
#     return np.reshape(ids, (1, window, 1)) / float(len(lexicon))
#
#
# # sample a continuation
# def continue_text(net, prompt, n_words=50, window=50, temperature=1.0):
#     out = []
#     cur = prompt
#
#     for _ in range(n_words):
#         # encode the running prompt
#         xp = encode_prompt(cur, window)
#
#         # next-word distribution
#         dist = net.predict(xp, verbose=0)
#
#         # temperature scaling
#         dist = np.asarray(dist).flatten()
#         dist = np.log(dist + 1e-7) / temperature
#         dist = np.exp(dist) / np.sum(np.exp(dist))
#
#         # draw one word
#         pick = np.argmax(np.random.multinomial(1, dist))
#
#         # back to text
#         word = id_to_tok.get(pick, '')
#
#         if word == '':
#             break
#
#         out.append(word)
#
#         # slide the prompt
#         cur = ' '.join(cur.split()[1:] + [word])
#
#     return ' '.join(out)
#
#
# # demo prompt
# prompt = "France, less favoured on the whole as to matters spiritual than"
# "her sister of the shield and trident rolled with exceeding"
# "smoothness down hill, making paper money and spending it."
# "Under the guidance of her Christian pastors, she entertained"
# "herself, besides, with such humane achievements as sentencing"
# "a youth to have his hands cut off, his tongue torn out with"
# "pincers, and his body burned alive,"
#
# text = continue_text(net, prompt, n_words=1, temperature=0.8)
# print(text)

