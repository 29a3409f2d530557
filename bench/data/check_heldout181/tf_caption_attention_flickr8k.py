import tensorflow as tf
import random
import numpy as np
import os
import time
from tqdm import tqdm
import pandas as pd

NPY_SHAPE_1 = 64
NPY_SHAPE_2 = 2048
BATCH_SIZE = 64
BUFFER_SIZE = 1000
EMBEDDING_DIMS = 256
UNITS = 512
EPOCHS = 20

images_npy_path = "/data/flickr8k/inception_train_npy_files/"
img_captions_csv_path = "/data/flickr8k/output/intermediate_files/train_image_caption_processed.csv"
vocabulary_path = "/data/flickr8k/output/intermediate_files/vocabulary.txt"
max_caption_len_path = "/data/flickr8k/output/intermediate_files/max_caption_length.txt"
checkpoint_path = "/data/flickr8k/output/trained_model_on_7591files_fullVocab_20Epochs_InceptionV3/"

class BahdanauAttention(tf.keras.Model):
	def __init__(self, units):
		super(BahdanauAttention, self).__init__()
		self.W1 = tf.keras.layers.Dense(units)
		self.W2 = tf.keras.layers.Dense(units)
		self.V = tf.keras.layers.Dense(1)

	def call(self, features, hidden):
		hidden_with_time_axis = tf.expand_dims(hidden, 1)
		attention_hidden_layer = (tf.nn.tanh(self.W1(features) + self.W2(hidden_with_time_axis)))
		score = self.V(attention_hidden_layer)
		attention_weights = tf.nn.softmax(score, axis=1)
		context_vector = attention_weights * features
		context_vector = tf.reduce_sum(context_vector, axis=1)
		return context_vector, attention_weights

class CNN_Encoder(tf.keras.Model):
	def __init__(self, embedding_dim):
		super(CNN_Encoder, self).__init__()
		self.fc = tf.keras.layers.Dense(embedding_dim)

	def call(self, x):
		x = self.fc(x)
		x = tf.nn.relu(x)
		return x

class RNN_Decoder(tf.keras.Model):
	def __init__(self, embedding_dim, units, vocab_size):
		super(RNN_Decoder, self).__init__()
		self.units = units
		self.embedding = tf.keras.layers.Embedding(vocab_size, embedding_dim)
		self.gru = tf.keras.layers.GRU(self.units, return_sequences=True, return_state=True,              recurrent_initializer='glorot_uniform')
		self.fc1 = tf.keras.layers.Dense(self.units)
		self.fc2 = tf.keras.layers.Dense(vocab_size)
		self.attention = BahdanauAttention(self.units)

	def call(self, x, features, hidden):
		context_vector, attention_weights = self.attention(features, hidden)
		x = self.embedding(x)
		x = tf.concat([tf.expand_dims(context_vector, 1), x], axis=-1)
		output, state = self.gru(x)
		x = self.fc1(output)
		x = tf.reshape(x, (-1, x.shape[2]))
		x = self.fc2(x)
		return x, state, attention_weights

	def reset_state(self, batch_size):
		return tf.zeros((batch_size, self.units))

def loss_function(real, pred):
	mask = tf.math.logical_not(tf.math.equal(real, 0))
	loss_ = loss_object(real, pred)
	mask = tf.cast(mask, dtype=loss_.dtype)
	loss_ *= mask
	return tf.reduce_mean(loss_)

def load_imagenames_captions(data_path):
	data_df = pd.read_csv(data_path)
	imagenames = list()
	imagecaptions = list()
	print("Loading imagenames and imagecaptions:")
	for i in tqdm(range(data_df.shape[0])):
		caption_value = data_df.iloc[i]['caption']
		captions_list = caption_value.split("#")
		for caption in captions_list:
			imagenames.append(data_df.iloc[i]['image'])
			imagecaptions.append(caption)
	print()
	new_df = pd.DataFrame(columns=['image', 'caption'])
	new_df['image'] = imagenames
	new_df['caption'] = imagecaptions
	new_df = new_df.sample(frac=1.0).reset_index(drop=True)
	return new_df

def map_func(img_name, cap):
	img_tensor = np.load(img_name.decode('utf-8')+'.npy')
	return img_tensor, cap

@tf.function
def train_step(img_tensor, target, wordtoix):
	loss = 0
	hidden = decoder.reset_state(batch_size=target.shape[0])
	dec_input = tf.expand_dims([wordtoix['<startseq>']] * target.shape[0], 1)
	with tf.GradientTape() as tape:
		features = encoder(img_tensor)
		for i in range(1, target.shape[1]):
			predictions, hidden, _ = decoder(dec_input, features, hidden)
			loss += loss_function(target[:, i], predictions)
			dec_input = tf.expand_dims(target[:, i], 1)
	total_loss = (loss / int(target.shape[1]))
	trainable_variables = encoder.trainable_variables + decoder.trainable_variables
	gradients = tape.gradient(loss, trainable_variables)
	optimizer.apply_gradients(zip(gradients, trainable_variables))
	return loss, total_loss

data_df = load_imagenames_captions(img_captions_csv_path)
print("Data shape: ", data_df.shape)
img_name_train = list(data_df['image'])
cap_train = list(data_df['caption'])

for i in range(len(img_name_train)):
	img_name_train[i] = images_npy_path + img_name_train[i]

vocabulary = list()
f_ptr = open(vocabulary_path, "r")
lines = f_ptr.readlines()
f_ptr.close()
for line in lines:
	vocabulary.append(line.strip())
vocab_size = len(vocabulary) + 1
print("Successfully loaded data from vocabulary file")
print("Vocabulary Size (after adding 1 for padding 0): ", vocab_size)

wordtoix = dict()
for i in range(len(vocabulary)):
	wordtoix[vocabulary[i]] = i
print("Successfully created wordtoix dictionary")

f_ptr = open(max_caption_len_path, 'r')
data = f_ptr.read()
f_ptr.close()
max_caption_len = int(data.split(":")[1].strip())
print("Max Caption Length: ", max_caption_len)

cap_num_vector = list()
print("Making numerical vector for captions:")
for caption in tqdm(cap_train):
	words = caption.split(' ')
	temp_list = list()
	for word in words:
		temp_list.append(wordtoix[word])
	cap_num_vector.append(temp_list)
print()

cap_num_vector = tf.keras.preprocessing.sequence.pad_sequences(cap_num_vector, max_caption_len, padding='post')

dataset = tf.data.Dataset.from_tensor_slices((img_name_train, cap_num_vector))
dataset = dataset.map(lambda item1, item2: tf.numpy_function(map_func, [item1, item2], [tf.float32, tf.int32]), num_parallel_calls=tf.data.AUTOTUNE)
dataset = dataset.shuffle(BUFFER_SIZE).batch(BATCH_SIZE)
dataset = dataset.prefetch(buffer_size=tf.data.AUTOTUNE)

optimizer = tf.keras.optimizers.Adam()
loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction='none')

encoder = CNN_Encoder(EMBEDDING_DIMS)
decoder = RNN_Decoder(EMBEDDING_DIMS, UNITS, vocab_size)

ckpt = tf.train.Checkpoint(encoder=encoder, decoder=decoder, optimizer=optimizer)
ckpt_manager = tf.train.CheckpointManager(ckpt, checkpoint_path, max_to_keep=5)
if ckpt_manager.latest_checkpoint:
	start_epoch = int(ckpt_manager.latest_checkpoint.split('-')[-1])
	ckpt.restore(ckpt_manager.latest_checkpoint)

loss_values = list()

start_epoch = 0
num_steps = len(img_name_train) // BATCH_SIZE
for epoch in range(start_epoch, EPOCHS):
	start = time.time()
	total_loss = 0
	for (batch, (img_tensor, target)) in enumerate(dataset):
		batch_loss, t_loss = train_step(img_tensor, target, wordtoix)
		total_loss += t_loss
		if batch % 100 == 0:
			average_batch_loss = batch_loss.numpy()/int(target.shape[1])
			print(f'Epoch {epoch+1} Batch {batch} Loss {average_batch_loss:.4f}')
	loss_values.append(total_loss / num_steps)
	print(f'Epoch {epoch+1} Loss {total_loss/num_steps:.6f}')
	print(f'Time taken for 1 epoch {time.time()-start:.2f} sec\n')

ckpt_manager.save()
