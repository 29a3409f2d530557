import numpy as np
from numpy import array
import pandas as pd
import matplotlib.pyplot as plt
# see below
import string
import os
from PIL import Image
import glob
from pickle import dump, load
from time import time
from keras.preprocessing import sequence
from keras.models import Sequential
from keras.layers import LSTM, Embedding, TimeDistributed, Dense, RepeatVector,\
                         Activation, Flatten, Reshape, concatenate, Dropout, BatchNormalization
from keras.optimizers import Adam, RMSprop
from keras.layers.wrappers import Bidirectional
from keras.layers.merge import add
from keras.applications.inception_v3 import InceptionV3
from keras.preprocessing import image
from keras.models import Model
from keras import Input, layers
from keras import optimizers
from keras.applications.inception_v3 import preprocess_input
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from keras.utils import to_categorical

# see below
def read_text(fname):
	# see below
	fh = open(fname, 'r')
	# see below
	body = fh.read()
	# see below
	fh.close()
	return body

fname = "../../storage/image_caption/dataset/TextFiles/Flickr8k.token.txt"
# see below
raw = read_text(fname)
print(raw[:300])

def parse_captions(raw):
	caps_by_id = dict()
	# see below
	for ln in raw.split('\n'):
		# see below
		parts = ln.split()
		if len(ln) < 2:
			continue
		# see below
		pic_id, words = parts[0], parts[1:]
		# see below
		pic_id = pic_id.split('.')[0]
		# see below
		words = ' '.join(words)
		# see below
		if pic_id not in caps_by_id:
			caps_by_id[pic_id] = list()
		# see below
		caps_by_id[pic_id].append(words)
	return caps_by_id

# see below
caps = parse_captions(raw)
print('Loaded: %d ' % len(caps))

list(caps.keys())[:5]

caps['1000268201_693b08cb0e']

caps['1001773457_577c3a7d70']

def normalize_caps(caps):
	# see below
	punct_tbl = str.maketrans('', '', string.punctuation)
	for k, cap_list in caps.items():
		for j in range(len(cap_list)):
			cap_words = cap_list[j]
			# see below
			cap_words = cap_words.split()
			# see below
			cap_words = [term.lower() for term in cap_words]
			# see below
			cap_words = [tok.translate(punct_tbl) for tok in cap_words]
			# see below
			cap_words = [term for term in cap_words if len(term)>1]
			# see below
			cap_words = [term for term in cap_words if term.isalpha()]
			# see below
			cap_list[j] =  ' '.join(cap_words)

# see below
normalize_caps(caps)

caps['1000268201_693b08cb0e']

caps['1001773457_577c3a7d70']

# see below
def word_set(caps):
	# see below
	acc = set()
	for k in caps.keys():
		[acc.update(d.split()) for d in caps[k]]
	return acc

# see below
vocabulary = word_set(caps)
print('Original Vocabulary Size: %d' % len(vocabulary))

# see below
def write_caps(caps, fname):
	out_lines = list()
	for k, cap_list in caps.items():
		for cap_words in cap_list:
			out_lines.append(k + ' ' + cap_words)
	payload = '\n'.join(out_lines)
	fh = open(fname, 'w')
	fh.write(payload)
	fh.close()

write_caps(caps, 'descriptions.txt')

# see below
def read_ids(fname):
	raw = read_text(fname)
	ids = list()
	# see below
	for ln in raw.split('\n'):
		# see below
		if len(ln) < 1:
			continue
		# see below
		ident = ln.split('.')[0]
		ids.append(ident)
	return set(ids)

# see below
fname = '../../storage/image_caption/dataset/TextFiles/Flickr_8k.trainImages.txt'
train_ids = read_ids(fname)
print('train ids: %d' % len(train_ids))

# see below
img_dir = '../../storage/image_caption/dataset/Flicker8k_Dataset/'
# see below
pic = glob.glob(img_dir + '*.jpg')

# see below
train_list_file = '../../storage/image_caption/dataset/TextFiles/Flickr_8k.trainImages.txt'
# see below
train_names = set(open(train_list_file, 'r').read().strip().split('\n'))

# see below
train_paths = []

for j in pic: # see below
    if j[len(img_dir):] in train_names: # see below
        train_paths.append(j) # see below

# see below
test_list_file = '../../storage/image_caption/dataset/TextFiles/Flickr_8k.testImages.txt'
# see below
test_names = set(open(test_list_file, 'r').read().strip().split('\n'))

# see below
test_paths = []

for j in pic: # see below
    if j[len(img_dir):] in test_names: # see below
        test_paths.append(j) # see below

# see below
def read_clean_caps(fname, ids):
	# see below
	raw = read_text(fname)
	caps = dict()
	for ln in raw.split('\n'):
		# see below
		parts = ln.split()
		# see below
		pic_id, words = parts[0], parts[1:]
		# see below
		if pic_id in ids:
			# see below
			if pic_id not in caps:
				caps[pic_id] = list()
			# see below
			cap_words = 'startseq ' + ' '.join(words) + ' endseq'
			# see below
			caps[pic_id].append(cap_words)
	return caps

# see below
train_caps = read_clean_caps('descriptions.txt', train_ids)
print('captioned train images: %d' % len(train_caps))

def prep(pic_path):
    # see below
    pic = image.load_img(pic_path, target_size=(299, 299))
    # see below
    arr = image.img_to_array(pic)
    # see below
    arr = np.expand_dims(arr, axis=0)
    # see below
    arr = preprocess_input(arr)
    return arr

# see below
inception = InceptionV3(weights='imagenet')

# see below
feat_net = Model(inception.input, inception.layers[-2].output)

# see below
def embed_pic(image):
    image = prep(image) # see below
    feat = feat_net.predict(image) # see below
    feat = np.reshape(feat, feat.shape[1]) # see below
    return feat

# see below
# see below
t0 = time()
train_feats = {}
for pic in train_paths:
    train_feats[pic[len(img_dir):]] = embed_pic(pic)
print("seconds:", time()-t0)

# see below
with open("../../storage/image_caption/dataset/Pickle/encoded_train_images.pkl", "wb") as pkl:
    pickle.dump(train_feats, pkl)

# see below
t0 = time()
test_feats = {}
for pic in test_paths:
    test_feats[pic[len(img_dir):]] = embed_pic(pic)
print("seconds:", time()-t0)

# see below
with open("../../storage/image_caption/dataset/Pickle/encoded_test_images.pkl", "wb") as pkl:
    pickle.dump(test_feats, pkl)

train_vecs = load(open("../../storage/image_caption/dataset/Pickle/encoded_train_images.pkl", "rb"))
print('feature vectors: %d' % len(train_vecs))

# see below
all_caps = []
for k, vlist in train_caps.items():
    for c in vlist:
        all_caps.append(c)
len(all_caps)

# see below
min_count = 10
counts = {}
n_sent = 0
for s in all_caps:
    n_sent += 1
    for tok in s.split(' '):
        counts[tok] = counts.get(tok, 0) + 1

kept_words = [tok for tok in counts if counts[tok] >= min_count]
print('preprocessed words %d -> %d' % (len(counts), len(kept_words)))

id2word = {}
word2id = {}

nid = 1
for tok in kept_words:
    word2id[tok] = nid
    id2word[nid] = tok
    nid += 1

n_vocab = len(id2word) + 1 # see below
n_vocab

# see below
def flatten_caps(caps):
	acc = list()
	for k in caps.keys():
		[acc.append(d) for d in caps[k]]
	return acc

# see below
def longest(caps):
	out_lines = flatten_caps(caps)
	return max(len(d.split()) for d in out_lines)

# see below
longest = longest(train_caps)
print('longest caption: %d' % longest)

# see below
def caption_batches(caps, feats, word2id, longest, pics_per_batch):
    xa, xb, yb = list(), list(), list()
    cnt=0
    # see below
    while 1:
        for k, cap_list in caps.items():
            cnt+=1
            # see below
            vec = feats[k+'.jpg']
            for cap_words in cap_list:
                # see below
                ids_seq = [word2id[term] for term in cap_words.split(' ') if term in word2id]
                # see below
                for j in range(1, len(ids_seq)):
                    # see below
                    prefix, nxt = ids_seq[:j], ids_seq[j]
                    # see below
                    prefix = pad_sequences([prefix], maxlen=longest)[0]
                    # see below
                    nxt = to_categorical([nxt], num_classes=n_vocab)[0]
                    # see below
                    xa.append(vec)
                    xb.append(prefix)
                    yb.append(nxt)
            # see below
            if cnt==pics_per_batch:
                yield [[array(xa), array(xb)], array(yb)]
                xa, xb, yb = list(), list(), list()
                cnt=0

# see below
glove_root = '../../storage/glove'
glove_map = {} # see below
gf = open(os.path.join(glove_root, 'glove.6B.200d.txt'), encoding="utf-8")

for ln in gf:
    vals = ln.split()
    term = vals[0]
    vec_g = np.asarray(vals[1:], dtype='float32')
    glove_map[term] = vec_g
gf.close()
print('%s GloVe vectors read.' % len(glove_map))

emb_dim = 200

# see below
emb_init = np.zeros((n_vocab, emb_dim))

for term, j in word2id.items():
    # see below
    hit = glove_map.get(term)
    if hit is not None:
        # see below
        emb_init[j] = hit

emb_init.shape



feat_in = Input(shape=(2048,))
feat_drop = Dropout(0.5)(feat_in)
feat_fc = Dense(256, activation='relu')(feat_drop)
seq_in = Input(shape=(longest,))
seq_emb = Embedding(n_vocab, emb_dim, mask_zero=True)(seq_in)
seq_drop = Dropout(0.5)(seq_emb)
seq_rnn = LSTM(256)(seq_drop)
merged = add([feat_fc, seq_rnn])
merged_fc = Dense(256, activation='relu')(merged)
outputs = Dense(n_vocab, activation='softmax')(merged_fc)
inception = Model(inputs=[feat_in, seq_in], outputs=outputs)

inception.summary()

inception.layers[2]

inception.layers[2].set_weights([emb_init])
inception.layers[2].trainable = False

inception.compile(loss='categorical_crossentropy', optimizer='adam')

epochs = 10
pics_per_step = 3
n_steps = len(train_caps)//pics_per_step

for j in range(epochs):
    gen = caption_batches(train_caps, train_vecs, word2id, longest, pics_per_step)
    inception.fit_generator(gen, epochs=1, steps_per_epoch=n_steps, verbose=1)
    inception.save('./model_weights/model_' + str(j) + '.h5')

for j in range(epochs):
    gen = caption_batches(train_caps, train_vecs, word2id, longest, pics_per_step)
    inception.fit_generator(gen, epochs=1, steps_per_epoch=n_steps, verbose=1)
    inception.save('./model_weights/model_' + str(j) + '.h5')

inception.optimizer.lr = 0.0001
epochs = 10
pics_per_step = 6
n_steps = len(train_caps)//pics_per_step

for j in range(epochs):
    gen = caption_batches(train_caps, train_vecs, word2id, longest, pics_per_step)
    inception.fit_generator(gen, epochs=1, steps_per_epoch=n_steps, verbose=1)
    # see below

inception.save_weights('./model_weights/model_30.h5')





inception.load_weights('./model_weights/model_30.h5')

img_dir = '../../storage/image_caption/dataset/Flicker8k_Dataset/'

with open("../../storage/image_caption/dataset/Pickle/encoded_test_images.pkl", "rb") as pkl:
    test_feats = load(pkl)

def greedy_caption(vec):
    so_far = 'startseq'
    for j in range(longest):
        seq_ids = [word2id[tok] for tok in so_far.split() if tok in word2id]
        seq_ids = pad_sequences([seq_ids], maxlen=longest)
        pred = inception.predict([vec,seq_ids], verbose=0)
        pred = np.argmax(pred)
        term = id2word[pred]
        so_far += ' ' + term
        if term == 'endseq':
            break
    result = so_far.split()
    result = result[1:-1]
    result = ' '.join(result)
    return result

z+=1
pic_key = list(test_feats.keys())[z]
image = test_feats[pic_key].reshape((1,2048))
arr=plt.imread(img_dir+pic_key)
plt.imshow(arr)
plt.show()
print("caption:",greedy_caption(image))



