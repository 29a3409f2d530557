from google.colab import drive
drive.mount('/content/drive')

import pandas as pd
import tensorflow as tf
from tensorflow import keras
from sklearn.model_selection import train_test_split
# experiment tracking was switched off
# (callback import left disabled)
from sklearn.preprocessing import LabelEncoder
import os
import numpy as np
import matplotlib.pyplot as plt
import seaborn as sns

csv_path ="/content/drive/MyDrive/dktc/data/train.csv"
conv_df = pd.read_csv(csv_path)
conv_df.head()

LABELS = ['협박 대화', '갈취 대화', '직장 내 괴롭힘 대화', '기타 괴롭힘 대화']

label_ids = {}
for k, name in enumerate(LABELS):
    label_ids[name] = k

conv_df['class'] = conv_df['class'].apply(lambda c: label_ids[c])

conv_df.head()

conv_df = conv_df.drop_duplicates(subset=["class", "conversation"])

texts = conv_df["conversation"]
texts.head()

import re

def normalize_text(line):
    line = line.lower().strip()

    line = re.sub(r"([?.!,])", r" \1 ", line)
    line = re.sub(r'[" "]+', " ", line)
    line = re.sub(r"[^a-zA-Zㄱ-ㅎ가-힣ㅏ-ㅣ?.!,]+", " ", line)

    line = line.strip()

    return line

texts = [normalize_text(t) for t in texts]

CKPT = "klue/bert-base"

tr_x, va_x, tr_y, va_y = train_test_split(texts, conv_df['class'].tolist(), test_size=0.2)

from transformers import BertTokenizerFast

# tokenizer for the checkpoint
tk = BertTokenizerFast.from_pretrained(CKPT)

# encode train and validation
tr_enc = tk(tr_x, truncation=True, padding=True)
va_enc = tk(va_x, truncation=True, padding=True)

holdout = pd.read_json("/content/drive/MyDrive/dktc/data/test.json")
holdout = holdout.transpose()
holdout.head()


te_enc = tk(holdout["text"].tolist(), truncation=True, padding=True)

# training pairs
tr_ds = tf.data.Dataset.from_tensor_slices((
    dict(tr_enc),
    tr_y
))

# validation pairs
va_ds = tf.data.Dataset.from_tensor_slices((
    dict(va_enc),
    va_y
))

# unlabelled test inputs
te_ds = tf.data.Dataset.from_tensor_slices((
    dict(te_enc)
))

from transformers import TFBertForSequenceClassification


net = TFBertForSequenceClassification.from_pretrained(CKPT, num_labels=4, from_pt=True)

opt = tf.keras.optimizers.AdamW(learning_rate=5e-5)
xent = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
net.compile(optimizer=opt, loss=xent, metrics = ['accuracy'])

runs = []
for r in range(10):
    runs.append(net.fit(
        tr_ds.shuffle(1000).batch(16),
        validation_data=va_ds.shuffle(1000).batch(16),
        # no early stopping
    ))

    out = net.predict(te_ds.batch(16))
    out = out.logits.argmax(axis=-1)

    sub = pd.read_csv("/content/drive/MyDrive/dktc/data/submission.csv")
    sub['class'] = out
    sub.to_csv(f"/content/drive/MyDrive/dktc/klue-bert-base-adamw-{r}.csv", index=False)

xs = list(range(1, 11))

tr_loss = list(map(lambda h: h.history["loss"][0], runs))
va_loss = list(map(lambda h: h.history["val_loss"][0], runs))
tr_acc = list(map(lambda h: h.history["accuracy"][0], runs))
va_acc = list(map(lambda h: h.history["val_accuracy"][0], runs))

plt.figure(figsize=(10, 5))
plt.plot(xs, tr_loss, label="train_loss")
plt.plot(xs, va_loss, label="val_loss")
plt.legend()
plt.show()

plt.figure(figsize=(10, 5))
plt.plot(xs, tr_acc, label="train_accuracy")
plt.plot(xs, va_acc, label="val_accuracy")
plt.legend()
plt.show()
