"""Per-label toxicity classifiers on tf-idf features.
Class project code.
Starting point: a public Kaggle NB-SVM baseline notebook for the same competition
"""

import pandas as pd, numpy as np

from sklearn.neural_network import MLPClassifier
from keras.models import Sequential
from keras.layers import Dense, Dropout, MaxPooling1D
from keras.optimizers import Nadam
from keras.models import model_from_json

from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.metrics import accuracy_score

from sklearn.model_selection import train_test_split
import re, string

from scipy.sparse import hstack

from collect_feature_data import collect_features

# saving
from sklearn.externals import joblib

# report helpers
import os
import sys
sys.path.append('../evaluation_utils/')
import evaluation_utils

df_all = pd.read_csv('../../input/train_augmented.csv')#.sample(10000)
df_new = pd.read_csv("web_output.csv")
sub = pd.read_csv('../../input/sample_submission.csv')

# df_all = collect_features(df_all)
# df_new = collect_features(df_new)

df_all, df_val = train_test_split(df_all, test_size=0.2, random_state=42)
print(df_all.shape)
print(df_val.shape)

targets = ['toxic', 'severe_toxic', 'obscene', 'threat', 'insult', 'identity_hate']
df_all['none'] = 1-df_all[targets].max(axis=1)

## fill missing comment text
TEXT = 'comment_text'
df_all[TEXT].fillna("unknown", inplace=True)
df_val[TEXT].fillna("unknown", inplace=True)
df_new[TEXT].fillna("unknown", inplace=True)

punct_re = re.compile('([' + string.punctuation + '“”¨«»®´·º½¾¿¡§£₤‘’])')

def split_words(s): 
    return punct_re.sub(r' \1 ', s).split()

def ratio(x, cls, y):
    s = x[y==cls].sum(0)
    return (s+1) / ((y==cls).sum()+1)

def build_and_fit(x, y):
    y = y.values

    net = Sequential()
    nadam = Nadam(lr=0.01, beta_1=0.9, beta_2=0.999, epsilon=None, schedule_decay=0.004)
    net.add(Dense(units=512, init='uniform', activation='tanh', input_dim=x.shape[1]))
    net.add(Dropout(0.15)) 
    net.add(Dense(units=1, init='uniform', activation='relu'))
    net.compile(loss='binary_crossentropy',
              optimizer='Nadam',
              metrics=['accuracy'])
    net.fit(x, y, epochs=3, batch_size=128)

    # net = MLPClassifier()
    # print("    sklearn fit...")
    # net.fit(x, y)

    return net

def to_label(p):
    if p >= 0.5:
        p = 1
    else:
        p = 0
    return p

print("building tf-idf features...")
n = df_all.shape[0]
tfidf = TfidfVectorizer(ngram_range=(1,2), tokenizer=split_words,
               min_df=3, max_df=0.9, strip_accents='unicode', use_idf=1,
               smooth_idf=1, sublinear_tf=1 )
tr_tfidf = tfidf.fit_transform(df_all[TEXT])
va_tfidf = tfidf.transform(df_val[TEXT])
new_tfidf = tfidf.transform(df_new[TEXT])

# print(tr_tfidf)
# print(new_tfidf)
# keep the fitted vectorizer
with open("tfidf.pkl", "wb") as fh:
    joblib.dump(tfidf, fh)

# x_tr = df_all[["azure_sentiments", "perspective_toxicities"]].join(pd.DataFrame(tr_tfidf.toarray()).fillna(0, inplace=True))
x_tr = hstack((tr_tfidf,np.array(df_all['azure_sentiments'])[:,None]))
x_tr = hstack((x_tr,np.array(df_all['perspective_toxicities'])[:,None]))

# x_va = df_val[["azure_sentiments", "perspective_toxicities"]].join(pd.DataFrame(va_tfidf.toarray()).fillna(0, inplace=True))
x_va = hstack((va_tfidf,np.array(df_val['azure_sentiments'])[:,None]))
x_va = hstack((x_va,np.array(df_val['perspective_toxicities'])[:,None]))

# x_new = df_new[["azure_sentiments", "perspective_toxicities"]].join(pd.DataFrame(new_tfidf.toarray()).fillna(0, inplace=True))
x_new = hstack((new_tfidf,np.array(df_new['azure_sentiments'])[:,None]))
x_new = hstack((x_new,np.array(df_new['perspective_toxicities'])[:,None]))

print(x_tr.shape)
print(x_va.shape)

# print(x)

out = np.zeros((len(df_new), len(targets)))

x_tr = x_tr.tocsr()
x_new = x_new.tocsr()
x_va = x_va.tocsr()

print("training...")
for k, name in enumerate(targets):
    print('label', name)
    net = None
    if os.path.isfile(str(name) + "_net.json"):
        fh = open(str(name) + "_net.json", 'r')
        arch = fh.read()
        fh.close()
        net = model_from_json(arch)
        # weights for the rebuilt network
        net.load_weights(str(name) + "_net_weights.h5")
        print("restored from disk")
    else:
        net = build_and_fit(x_tr, df_all[name])
    # out[:,k] = m.predict_proba(x_new.multiply(r))[:,1]
    # out[:,k] = net.predict_proba(x_new)[:,1]
    print("accuracy on " + name + ": " + str(accuracy_score(df_val[name], [ to_label(p) for p in net.predict(x_va) ])))
    print("writing reports...")
    rep_dir = "reports/"
    if not os.path.exists(rep_dir):
        os.makedirs(rep_dir)
    hard = [ to_label(p) for p in net.predict(x_va) ]
    evaluation_utils.write_classification_report(hard, df_val[name], "reports/mlp_report_" + name + ".txt")
    evaluation_utils.write_confusion_matrix(hard, df_val[name], "MLP results: " + name, "reports/mlp_confusion_" + name + ".png")
    # print("probabilities for", name, ":", out[:,k])

    # architecture to JSON
    arch = net.to_json()
    with open(str(name) + "_net.json", "w") as fh:
        fh.write(arch)
    # weights to HDF5
    net.save_weights(str(name) + "_net_weights.h5")
    print("written to disk")

print("done.")
