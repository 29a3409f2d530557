# -------------------- SETUP --------------------
# !pip install transformers datasets wordcloud gdown

# -------------------- IMPORTS --------------------
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import seaborn as sns
import nltk
import torch
import re
from collections import Counter
from nltk.corpus import stopwords
from nltk.stem import WordNetLemmatizer
from wordcloud import WordCloud
from transformers import (
    BertTokenizerFast,
    BertForSequenceClassification,
    Trainer,
    TrainingArguments
)
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score
from google.colab import files

# -------------------- NLTK DATA --------------------
nltk.download('stopwords')
nltk.download('wordnet')
nltk.download('omw-1.4')

# -------------------- LOAD --------------------
# fetch and unpack the competition archive
# !gdown "https://drive.google.com/uc?id=<archive-id>&confirm=t"
# !unzip news-archive.zip

articles = pd.read_csv("train.csv")
print("articles table:", articles.shape)
print(articles.head())

# -------------------- LENGTH STATS --------------------
body_words = articles.text.str.split().str.len()
headline_words = articles.title.str.split().str.len()
print(body_words.describe())
print(headline_words.describe())

sns.countplot(x="label", data=articles)
plt.title("Classes")
plt.show()
print(articles.label.value_counts(normalize=True) * 100)

# -------------------- CLEANING --------------------
dropped_cols = ['id','author']
text_cols = ['title', 'text']
lemmatizer = WordNetLemmatizer()
stop_counts = Counter(stopwords.words('english'))

def scrub(raw):
    raw = re.sub(r"http[\w:/\.]+", " ", str(raw))
    raw = re.sub(r"[^\.\w\s]", " ", raw)
    raw = re.sub(r"[^a-zA-Z]", " ", raw)
    raw = re.sub(r"\s\s+", " ", raw)
    return raw.lower().strip()

def normalise(raw):
    raw = scrub(raw)
    tokens = re.sub(r'[^\w\s]', '', raw).split()
    return ' '.join([lemmatizer.lemmatize(tok) for tok in tokens if tok not in stop_counts])

def tidy_frame(frame):
    frame = frame.drop(dropped_cols, axis=1)
    frame[text_cols] = frame[text_cols].fillna("None")
    frame["text"] = frame["text"].apply(normalise)
    frame["title"] = frame["title"].apply(normalise)
    return frame

clean = tidy_frame(articles)

# -------------------- WORD CLOUDS --------------------
def draw_cloud(joined, caption):
    cloud = WordCloud(background_color='black', width=800, height=600).generate(joined)
    plt.figure(figsize=(12, 8))
    plt.imshow(cloud, interpolation="bilinear")
    plt.axis('off')
    plt.title(caption)
    plt.show()

draw_cloud(' '.join(clean[clean.label==0]['text']), "Reliable articles")
draw_cloud(' '.join(clean[clean.label==1]['text']), "Unreliable articles")

# -------------------- FREQUENT N-GRAMS --------------------
def bar_top_ngrams(joined, caption, axis_label, n=2):
    counts = pd.Series(nltk.ngrams(joined.split(), n)).value_counts()[:20]
    counts.sort_values().plot.barh(figsize=(12, 8))
    plt.title(caption)
    plt.ylabel(axis_label)
    plt.xlabel("Count")
    plt.show()

bar_top_ngrams(' '.join(clean[clean.label==0]['text']), "Frequent bigrams - reliable", "Bigram", n=2)
bar_top_ngrams(' '.join(clean[clean.label==1]['text']), "Frequent bigrams - unreliable", "Bigram", n=2)

# -------------------- TOKENISATION --------------------
checkpoint = "bert-base-uncased"
max_tokens = 512

tok = BertTokenizerFast.from_pretrained(checkpoint)

usable = articles.dropna(subset=["text", "title", "author"])

def to_texts(frame, test_size=0.2):
    docs, targets = [], []
    for _, row in frame.iterrows():
        doc = f"{row['author']} : {row['title']} - {row['text']}"
        docs.append(doc)
        targets.append(row["label"])
    return train_test_split(docs, targets, test_size=test_size)

tr_docs, va_docs, tr_targets, va_targets = to_texts(usable)

tr_enc = tok(tr_docs, truncation=True, padding=True, max_length=max_tokens)
va_enc = tok(va_docs, truncation=True, padding=True, max_length=max_tokens)

class ArticleSet(torch.utils.data.Dataset):
    def __init__(self, encodings, labels):
        self.encodings = encodings
        self.labels = labels
    def __getitem__(self, idx):
        return {k: torch.tensor(v[idx]) for k, v in self.encodings.items()} | {"labels": torch.tensor(self.labels[idx])}
    def __len__(self):
        return len(self.labels)

tr_set = ArticleSet(tr_enc, tr_targets)
va_set = ArticleSet(va_enc, va_targets)

# -------------------- FINE-TUNING --------------------
clf = BertForSequenceClassification.from_pretrained(checkpoint, num_labels=2)

def score(pred):
    gold = pred.label_ids
    guess = pred.predictions.argmax(-1)
    return {'accuracy': accuracy_score(gold, guess)}

args = TrainingArguments(
    output_dir='./runs',
    num_train_epochs=1,
    per_device_train_batch_size=10,
    per_device_eval_batch_size=20,
    warmup_steps=100,
    logging_dir='./tb',
    logging_steps=200,
    save_steps=200,
    evaluation_strategy="steps",
    load_best_model_at_end=True,
)

trainer = Trainer(
    model=clf,
    args=args,
    train_dataset=tr_set,
    eval_dataset=va_set,
    compute_metrics=score,
)

trainer.train()
trainer.evaluate()

# -------------------- SAVE --------------------
out_dir = "bert-news-reliability"
clf.save_pretrained(out_dir)
tok.save_pretrained(out_dir)

# -------------------- PREDICT ONE --------------------
def classify(doc, as_name=False):
    enc = tok(doc, return_tensors="pt", truncation=True, padding=True, max_length=max_tokens).to("cuda" if torch.cuda.is_available() else "cpu")
    logits_out = clf(**enc)
    guess = torch.argmax(logits_out.logits, dim=1).item()
    return ["reliable", "fake"][guess] if as_name else guess

# -------------------- SUBMISSION --------------------
held_out = pd.read_csv("test.csv")
held_out["joined"] = held_out["author"].astype(str) + " : " + held_out["title"].astype(str) + " - " + held_out["text"].astype(str)
held_out["label"] = held_out["joined"].apply(classify)
held_out[["id", "label"]].to_csv("submission.csv", index=False)
