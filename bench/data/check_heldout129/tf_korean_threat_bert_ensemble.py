import tensorflow as tf
import os

tpu_res = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='grpc://' + os.environ['COLAB_TPU_ADDR'])

tf.config.experimental_connect_to_cluster(tpu_res)
tf.tpu.experimental.initialize_tpu_system(tpu_res)

strat = tf.distribute.TPUStrategy(tpu_res)

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

root = "/content/drive/MyDrive"

csv_path = root + "/dktc/data/train.csv"
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

checkpoints = ["monologg/kobigbird-bert-base","kykim/bert-kor-base", "klue/bert-base"]

tr_x, va_x, tr_y, va_y = train_test_split(texts, conv_df['class'].tolist(), test_size=0.2)

holdout = pd.read_json(root + "/dktc/data/test.json")
holdout = holdout.transpose()

from transformers import BertTokenizerFast, TFBertForSequenceClassification

logits_by_ckpt = {}

for CKPT in checkpoints:
    print()
    print('------------------------------------------')
    print(CKPT)
    # tokenizer for this checkpoint
    tk = BertTokenizerFast.from_pretrained(CKPT)

    # encode the three splits
    tr_enc = tk(tr_x, truncation=True, padding=True)
    va_enc = tk(va_x, truncation=True, padding=True)
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


    with strat.scope():
        net = TFBertForSequenceClassification.from_pretrained(CKPT, num_labels=4, from_pt=True)

        opt = tf.keras.optimizers.AdamW(learning_rate=5e-5)
        xent = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
        net.compile(optimizer=opt, loss=xent, metrics = ['accuracy'])

    runs = []
    bsz = 16
    for r in range(5):
        net.fit(
            tr_ds.shuffle(1000).batch(bsz),
            validation_data=va_ds.shuffle(1000).batch(bsz),
            # no early stopping
        )

        out = net.predict(te_ds.batch(16))
        runs.append(out.logits)
    logits_by_ckpt[CKPT] = runs

logits_by_ckpt





import numpy as np

def softmax(z):
    # shift by the row max for stability
    ez = np.exp(z - np.max(z, axis=1, keepdims=True))
    return ez / np.sum(ez, axis=1, keepdims=True)

pa = softmax(logits_by_ckpt["monologg/kobigbird-bert-base"][4])
pb = softmax(logits_by_ckpt["kykim/bert-kor-base"][3])
pc = softmax(logits_by_ckpt["klue/bert-base"][4])

psum = pa + pb + pc

out_cls = psum.argmax(axis=1)

for j in range(125):
    ja = j % 5
    jb = (j // 5) % 5
    jc = (j // 25) % 5

    pa = softmax(logits_by_ckpt["monologg/kobigbird-bert-base"][ja])
    pb = softmax(logits_by_ckpt["kykim/bert-kor-base"][jb])
    pc = softmax(logits_by_ckpt["klue/bert-base"][jc])

    psum = pa + pb + pc
    out_cls = psum.argmax(axis=1)

    sub = pd.read_csv(root + "/dktc/data/submission.csv")
    sub['class'] = out_cls
    sub.to_csv(f"{root}/dktc/ensemble-{j}-{ja}-{jb}-{jc}.csv", index=False) # best public score around 0.92

# averaging the three did not help
