from numpy import array
from pickle import load
from keras.preprocessing.text import Tokenizer
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
 
# whole text file as one string
def read_text_file(file_path):
	# read-only handle
	fh = open(file_path, 'r')
	# everything at once
	content = fh.read()
	# done with the handle
	fh.close()
	return content
 
# set of photo ids listed in a split file
def read_id_set(file_path):
	content = read_text_file(file_path)
	id_set = list()
	# one id per row
	for row in content.split('\n'):
		# ignore blank rows
		if len(row) < 1:
			continue
		# the id is the name before the extension
		photo_id = row.split('.')[0]
		id_set.append(photo_id)
	return set(id_set)
 
# cleaned captions of the photos in a split
def read_captions_for(file_path, id_set):
	# the caption file
	content = read_text_file(file_path)
	captions_by_id = dict()
	for row in content.split('\n'):
		# whitespace tokens
		words = row.split()
		# first token is the photo id
		photo_key, caption_words = words[0], words[1:]
		# only photos of this split
		if photo_key in id_set:
			# first caption of this photo
			if photo_key not in captions_by_id:
				captions_by_id[photo_key] = list()
			# add start and end markers
			caption = 'startseq ' + ' '.join(caption_words) + ' endseq'
			# keep it
			captions_by_id[photo_key].append(caption)
	return captions_by_id
 
# VGG features of the photos in a split
def read_photo_features(file_path, id_set):
	# the pickled dict of every photo feature
	every_feature = load(open(file_path, 'rb'))
	# keep those of this split
	kept_features = {pid: every_feature[pid] for pid in id_set}
	return kept_features
 
# all captions in one flat list
def flatten_captions(captions_by_id):
	caption_list = list()
	for photo_key in captions_by_id.keys():
		[caption_list.append(c) for c in captions_by_id[photo_key]]
	return caption_list
 
# word index over the training captions
def fit_word_index(captions_by_id):
	caption_lines = flatten_captions(captions_by_id)
	word_tok = Tokenizer()
	word_tok.fit_on_texts(caption_lines)
	return word_tok
 
# longest caption in words
def max_caption_len(captions_by_id):
	caption_lines = flatten_captions(captions_by_id)
	return max(len(c.split()) for c in caption_lines)
 
# (photo feature, caption prefix) -> next word pairs for one photo
def make_training_pairs(word_tok, max_caption_len, caption_group, photo_feature):
	img_inputs, seq_inputs, next_words = list(), list(), list()
	# each caption of the photo
	for caption in caption_group:
		# words to ids
		token_ids = word_tok.texts_to_sequences([caption])[0]
		# one pair per position
		for i in range(1, len(token_ids)):
			# prefix and the word after it
			prefix_ids, target_id = token_ids[:i], token_ids[i]
			# left-pad the prefix
			prefix_ids = pad_sequences([prefix_ids], maxlen=max_caption_len)[0]
			# next word as one-hot
			target_id = to_categorical([target_id], num_classes=n_words)[0]
			# collect
			img_inputs.append(photo_feature)
			seq_inputs.append(prefix_ids)
			next_words.append(target_id)
	return array(img_inputs), array(seq_inputs), array(next_words)
 
# merge model: photo branch plus caption branch
def build_caption_model(n_words, max_caption_len):
	# photo feature branch
	feat_in = Input(shape=(4096,))
	feat_drop = Dropout(0.5)(feat_in)
	feat_dense = Dense(256, activation='relu')(feat_drop)
	# caption prefix branch
	seq_in = Input(shape=(max_caption_len,))
	seq_embed = Embedding(n_words, 256, mask_zero=True)(seq_in)
	seq_drop = Dropout(0.5)(seq_embed)
	seq_lstm = LSTM(256)(seq_drop)
	# merge and predict the next word
	merged = add([feat_dense, seq_lstm])
	merged_dense = Dense(256, activation='relu')(merged)
	word_probs = Dense(n_words, activation='softmax')(merged_dense)
	# two inputs, one output
	model = Model(inputs=[feat_in, seq_in], outputs=word_probs)
	# loss and optimiser
	model.compile(loss='categorical_crossentropy', optimizer='adam')
	# print the layers
	model.summary()
	plot_model(model, to_file='model.png', show_shapes=True)
	return model
 
# yields the pairs of one photo per step, for fit_generator
def caption_batch_generator(captions_by_id, photo_features, word_tok, max_caption_len):
	# cycle over the photos forever
	while 1:
		for photo_key, caption_group in captions_by_id.items():
			# the stored VGG feature of this photo
			photo_feature = photo_features[photo_key][0]
			batch_img, prefix_ids, batch_next_word = make_training_pairs(word_tok, max_caption_len, caption_group, photo_feature)
			yield [[batch_img, prefix_ids], batch_next_word]
 
# ids of the 6,000 training photos
file_path = 'Flickr8k_text/Flickr_8k.trainImages.txt'
train_ids = read_id_set(file_path)
print('training photos: %d' % len(train_ids))
# their captions
train_captions = read_captions_for('descriptions.txt', train_ids)
print('captioned photos: %d' % len(train_captions))
# their VGG features
train_photo_features = read_photo_features('features.pkl', train_ids)
print('photos with features: %d' % len(train_photo_features))
# word index
word_tok = fit_word_index(train_captions)
n_words = len(word_tok.word_index) + 1
print('words in vocabulary: %d' % n_words)
# longest caption
max_caption_len = max_caption_len(train_captions)
print('longest caption: %d' % max_caption_len)
 
# build the network
model = build_caption_model(n_words, max_caption_len)
# one fit call per epoch so the model can be saved in between
n_epochs = 20
steps_each = len(train_captions)
for i in range(n_epochs):
	# a fresh generator each epoch
	train_generator = caption_batch_generator(train_captions, train_photo_features, word_tok, max_caption_len)
	# a single epoch
	model.fit_generator(train_generator, epochs=1, steps_per_epoch=steps_each, verbose=1)
	# write a checkpoint
	model.save('model_' + str(i) + '.h5')