from numpy import array
from keras.preprocessing.sequence import pad_sequences
from keras.utils import to_categorical
from keras.utils import plot_model
from keras.models import Model
from keras.layers import Input
from keras.layers import Dense
from keras.layers import LSTM
from keras.layers import Embedding
from keras.layers import Dropout
from keras.layers.merge import add
from keras.callbacks import ModelCheckpoint
from helpers import read_id_list, read_captions, read_image_vectors, fit_word_index, longest_caption
from paths import TRAIN_IDS, VAL_IDS, CAPTIONS_TXT, VECTORS_PKL

# expand every caption into (image vector, prefix, next word) triples
def build_triples(word_index, seq_cap, captions, vectors):
    img_in, txt_in, target = list(), list(), list()
    # go over the images one by one
    for img_id, caption_list in captions.items():
        # and over every caption of that image
        for caption in caption_list:
            # turn words into integer ids
            ids = word_index.texts_to_sequences([caption])[0]
            # every prefix gives one training example
            for k in range(1, len(ids)):
                # prefix and the word after it
                prefix, nxt = ids[:k], ids[k]
                # left-pad the prefix
                prefix = pad_sequences([prefix], maxlen=seq_cap)[0]
                # one-hot target word
                nxt = to_categorical([nxt], num_classes=n_words)[0]
                # keep the triple
                img_in.append(vectors[img_id][0])
                txt_in.append(prefix)
                target.append(nxt)
    return array(img_in), array(txt_in), array(target)

# merge-style caption network
def make_network(n_words, seq_cap):
	# image branch
	img_input = Input(shape=(4096,))
	img_drop = Dropout(0.5)(img_input)
	img_dense = Dense(256, activation='relu')(img_drop)
	# text branch
	txt_input = Input(shape=(seq_cap,))
	txt_emb = Embedding(n_words, 256, mask_zero=True)(txt_input)
	txt_drop = Dropout(0.5)(txt_emb)
	txt_lstm = LSTM(256)(txt_drop)
	# joint head
	joint = add([img_dense, txt_lstm])
	joint_dense = Dense(256, activation='relu')(joint)
	probs = Dense(n_words, activation='softmax')(joint_dense)
	# build the graph from both inputs
	net = Model(inputs=[img_input, txt_input], outputs=probs)
	net.compile(loss='categorical_crossentropy', optimizer='adam')
	# show the layers
	print(net.summary())
	plot_model(net, to_file='network.png', show_shapes=True)
	return net

# training split

# ids of the 6000 training images
train_ids = read_id_list(TRAIN_IDS)
print('train images: %d' % len(train_ids))
# their captions
train_caps = read_captions(CAPTIONS_TXT, train_ids)
print('train captions for %d images' % len(train_caps))
# their CNN vectors
train_vecs = read_image_vectors(VECTORS_PKL, train_ids)
print('train vectors: %d' % len(train_vecs))
# word index
word_index = fit_word_index(train_caps)
n_words = len(word_index.word_index) + 1
print('words: %d' % n_words)
# longest caption
seq_cap = longest_caption(train_caps)
print('longest caption: %d' % seq_cap)
# expand to examples
img_tr, txt_tr, y_tr = build_triples(word_index, seq_cap, train_caps, train_vecs)

# validation split

# ids of the dev images
val_ids = read_id_list(VAL_IDS)
print('val images: %d' % len(val_ids))
# their captions
val_caps = read_captions(CAPTIONS_TXT, val_ids)
print('val captions for %d images' % len(val_caps))
# their CNN vectors
val_vecs = read_image_vectors(VECTORS_PKL, val_ids)
print('val vectors: %d' % len(val_vecs))
# expand to examples
img_va, txt_va, y_va = build_triples(word_index, seq_cap, val_caps, val_vecs)

# training

# the network
net = make_network(n_words, seq_cap)
# keep the best weights
ckpt_path = 'caption-ep{epoch:03d}-loss{loss:.3f}-val_loss{val_loss:.3f}.h5'
saver = ModelCheckpoint(ckpt_path, monitor='val_loss', verbose=1, save_best_only=True, mode='min')
# train
net.fit([img_tr, txt_tr], y_tr, epochs=20, verbose=2, callbacks=[saver], validation_data=([img_va, txt_va], y_va))
