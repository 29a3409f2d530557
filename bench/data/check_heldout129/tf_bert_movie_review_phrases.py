# (shell) install the kaggle client quietly

# bring in the API token from the notebook host
from google.colab import files
files.upload()

# (shell) make the ~/.kaggle folder
# (shell) place the token there
# (shell) restrict its permissions
# (shell) list data sets as a check

# (shell) fetch the rotten-tomatoes phrase competition files

# unpack the archive
# (shell) unzip the competition archive

# (shell) unzip the training split
# (shell) unzip the test split

import pandas as pd

phrases = pd.read_csv("train.tsv", sep="\t")
phrases.head()

phrases["Sentiment"].value_counts().plot(kind="bar")

import numpy as np

max_tokens = 512
n_rows = len(phrases)

# (shell) install transformers

from transformers import BertTokenizer
tok = BertTokenizer.from_pretrained('bert-base-cased')

enc = tok(phrases['Phrase'].tolist(), max_length=max_tokens, truncation=True,
                   padding='max_length', add_special_tokens=True,
                   return_tensors='np')

enc.keys()

with open('phrase-ids.npy', 'wb') as fh:
    np.save(fh, enc['input_ids'])
with open('phrase-mask.npy', 'wb') as fh:
    np.save(fh, enc['attention_mask'])

sent = phrases["Sentiment"].values
# start from an all-zero target matrix
onehot = np.zeros((n_rows, sent.max()+1))

onehot[np.arange(n_rows), sent] = 1
onehot

with open("phrase-onehot.npy", "wb") as fh:
  np.save(fh, onehot)

with open('phrase-ids.npy', 'rb') as fh:
    ids_arr = np.load(fh, allow_pickle=True)
with open('phrase-mask.npy', 'rb') as fh:
    mask_arr = np.load(fh, allow_pickle=True)
with open('phrase-onehot.npy', 'rb') as fh:
    onehot = np.load(fh, allow_pickle=True)

import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices((ids_arr, mask_arr, onehot))

ds.take(1)

def to_model_inputs(ids, attn, target):
    # regroup the triple into (features dict, target)
    return {'input_ids': ids, 'attention_mask': attn}, target

# apply the regrouping to every element
ds = ds.map(to_model_inputs)

ds.take(1)

bs = 16

ds = ds.shuffle(10000).batch(bs, drop_remainder=True)

ds.take(1)

frac = 0.9

# number of batches that go to training
n_train_batches = int((ids_arr.shape[0] / bs) * frac)

n_train_batches

train_part = ds.take(n_train_batches)
val_part = ds.skip(n_train_batches)

tf.data.experimental.save(train_part, 'train')
tf.data.experimental.save(val_part, 'val')

train_part.element_spec

from transformers import TFAutoModel

encoder = TFAutoModel.from_pretrained('bert-base-cased')
encoder.summary()

in_ids = tf.keras.layers.Input(shape=(512,), name='input_ids', dtype='int32')
in_mask = tf.keras.layers.Input(shape=(512,), name='attention_mask', dtype='int32')

pooled = encoder.bert(in_ids, attention_mask=in_mask)[1]
h = tf.keras.layers.Dense(1024, activation='relu')(pooled)
out = tf.keras.layers.Dense(5, activation='softmax', name='outputs')(h)

clf = tf.keras.Model(inputs=[in_ids, in_mask], outputs=out)

# optionally keep the encoder frozen
clf.layers[2].trainable = False

clf.summary()

opt = tf.keras.optimizers.Adam(lr=1e-5, decay=1e-6)
loss_obj = tf.keras.losses.CategoricalCrossentropy()
acc_metric = tf.keras.metrics.CategoricalAccuracy('accuracy')

clf.compile(optimizer=opt, loss=loss_obj, metrics=[acc_metric])

spec = ({'input_ids': tf.TensorSpec(shape=(16, 512), dtype=tf.int64, name=None),
                 'attention_mask': tf.TensorSpec(shape=(16, 512), dtype=tf.int64, name=None)},
                tf.TensorSpec(shape=(16, 5), dtype=tf.float64, name=None))

# read back the saved splits
train_part = tf.data.experimental.load('train', element_spec=spec)
val_part = tf.data.experimental.load('val', element_spec=spec)

# peek at one element
train_part.take(1)

hist = clf.fit(
    train_part,
    validation_data=val_part,
    epochs=3
)

# keep the trained network on disk
clf.save("phrase_sentiment_model")

clf = tf.keras.models.load_model('phrase_sentiment_model')
clf.summary()

def encode_one(sentence):
    t = tok.encode_plus(sentence, max_length=512,
                                   truncation=True, padding='max_length',
                                   add_special_tokens=True, return_token_type_ids=False,
                                   return_tensors='tf')
    # cast the int32 tensors to the int64 the model expects
    return {'input_ids': tf.cast(t['input_ids'], tf.int64),
            'attention_mask': tf.cast(t['attention_mask'], tf.int64)}

phrases = pd.read_csv("test.tsv", sep="\t")
phrases.head()

phrases['Sentiment'] = None

for i, row in phrases.iterrows():
    # encode this phrase
    t = encode_one(row['Phrase'])
    # class probabilities
    p = clf.predict(t)
    # most likely class
    cls = np.argmax(p)
    # write it back
    phrases.at[i, 'Sentiment'] = cls

phrases.head()

phrases.tail
