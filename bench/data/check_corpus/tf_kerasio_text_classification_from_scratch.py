# source: https://github.com/keras-team/keras-io/blob/01ae2db402523e96f804c6fc3b0a59582e6a671e/examples/nlp/text_classification_from_scratch.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
"""Positive / negative movie-review classifier trained from the raw IMDB text files.

text_dataset_from_directory streams the review files as a labelled tf.data.Dataset of string batches;
TextVectorization turns strings into padded integer sequences; a 1-D convnet reads them.
"""

import os

os.environ.update(KERAS_BACKEND="tensorflow")

import keras
import tensorflow as tf
import numpy as np
from keras import layers

ARCHIVE_URL = "https://ai.stanford.edu/~amaas/data/sentiment/aclImdb_v1.tar.gz"
archive = keras.utils.get_file("aclImdb_v1.tar.gz", ARCHIVE_URL, extract=True)
# the archive unpacks beside the downloaded file
imdb_root = os.path.join(os.path.dirname(archive), "aclImdb")

# Layout: aclImdb/{train,test}/{pos,neg}/*.txt, one review per file; the unlabelled
# aclImdb/train/unsup folder has to be removed first (rm -r aclImdb/train/unsup).

BATCH = 32
train_root = os.path.join(imdb_root, "train")
test_root = os.path.join(imdb_root, "test")

# training and validation come from the same folder: the fixed seed keeps the two subsets disjoint
train_text_ds = keras.utils.text_dataset_from_directory(
    train_root,
    seed=1337,
    subset="training",
    validation_split=0.2,
    class_names=["pos", "neg"],
    batch_size=BATCH,
)
val_text_ds = keras.utils.text_dataset_from_directory(
    train_root,
    seed=1337,
    subset="validation",
    validation_split=0.2,
    class_names=["pos", "neg"],
    batch_size=BATCH,
)
test_text_ds = keras.utils.text_dataset_from_directory(test_root, batch_size=BATCH)
for split_name, split in (("train", train_text_ds), ("validation", val_text_ds), ("test", test_text_ds)):
    print(split_name, "batches:", split.cardinality())

# a few raw reviews and their labels
for review_batch, label_batch in train_text_ds.take(1):
    for k in range(5):
        print(review_batch.numpy()[k])
        print(label_batch.numpy()[k])

import string
import re


# the reviews contain HTML line breaks, which the default standardiser keeps
def clean_text(raw):
    lowered = tf.strings.lower(raw)
    no_breaks = tf.strings.regex_replace(lowered, "<br />", " ")
    return tf.strings.regex_replace(no_breaks, f"[{re.escape(string.punctuation)}]", "")


VOCAB = 20000
EMBED = 128
SEQ_LEN = 500

# fixed-length integer output, since the convolutions below need rectangular batches
vectorizer = keras.layers.TextVectorization(
    max_tokens=VOCAB,
    standardize=clean_text,
    output_sequence_length=SEQ_LEN,
    output_mode="int",
)

# learn the vocabulary from the review text only
reviews_only = train_text_ds.map(lambda x, y: x)
vectorizer.adapt(reviews_only)


def to_ids(review, label):
    review = tf.expand_dims(review, -1)
    return vectorizer(review), label


train_id_ds = train_text_ds.map(to_ids)
val_id_ds = val_text_ds.map(to_ids)
test_id_ds = test_text_ds.map(to_ids)

train_id_ds = train_id_ds.cache().prefetch(buffer_size=10)
val_id_ds = val_id_ds.cache().prefetch(buffer_size=10)
test_id_ds = test_id_ds.cache().prefetch(buffer_size=10)

# ---- embedding + two strided convolutions + global max pooling ----
token_ids = keras.Input(shape=(None,), dtype="int64")
h = layers.Embedding(VOCAB, EMBED)(token_ids)
h = layers.Dropout(0.5)(h)

h = layers.Conv1D(128, 7, strides=3, activation="relu", padding="valid")(h)
h = layers.Conv1D(128, 7, strides=3, activation="relu", padding="valid")(h)
h = layers.GlobalMaxPooling1D()(h)

h = layers.Dense(128, activation="relu")(h)
h = layers.Dropout(0.5)(h)

p_positive = layers.Dense(1, name="p_positive", activation="sigmoid")(h)
review_model = keras.Model(token_ids, p_positive)

review_model.compile(optimizer="adam", metrics=["accuracy"], loss="binary_crossentropy")

N_EPOCHS = 3
review_model.fit(train_id_ds, epochs=N_EPOCHS, validation_data=val_id_ds)

review_model.evaluate(test_id_ds)

# ---- the same weights behind a string input ----
text_in = keras.Input(shape=(1,), dtype="string")
ids = vectorizer(text_in)
scores = review_model(ids)

string_model = keras.Model(text_in, scores)
string_model.compile(optimizer="adam", metrics=["accuracy"], loss="binary_crossentropy")

string_model.evaluate(test_text_ds)
