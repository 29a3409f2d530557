import numpy as np  # arrays

import pandas as pd  # tables

import os
df_tr = pd.read_csv("../input/google-quest-challenge/train.csv")

df_te = pd.read_csv("../input/google-quest-challenge/test.csv")
label_cols = ['question_asker_intent_understanding',

       'question_body_critical', 'question_conversational',

       'question_expect_short_answer', 'question_fact_seeking',

       'question_has_commonly_accepted_answer',

       'question_interestingness_others', 'question_interestingness_self',

       'question_multi_intent', 'question_not_really_a_question',

       'question_opinion_seeking', 'question_type_choice',

       'question_type_compare', 'question_type_consequence',

       'question_type_definition', 'question_type_entity',

       'question_type_instructions', 'question_type_procedure',

       'question_type_reason_explanation', 'question_type_spelling',

       'question_well_written', 'answer_helpful',

       'answer_level_of_information', 'answer_plausible', 'answer_relevance',

       'answer_satisfaction', 'answer_type_instructions',

       'answer_type_procedure', 'answer_type_reason_explanation',

       'answer_well_written']
from sklearn.feature_extraction.text import TfidfVectorizer

from sklearn.decomposition import TruncatedSVD
import tensorflow as tf

import torch

from transformers import *

import tqdm

tok = DistilBertTokenizer.from_pretrained('distilbert-base-uncased')

encoder = DistilBertModel.from_pretrained('distilbert-base-uncased')
encoder.cuda()
qbody_tok = df_tr["question_body"].str.slice(0, 500).str.lower().apply(tok.encode)

qbody_tok_te = df_te["question_body"].str.slice(0, 500).str.lower().apply(tok.encode)

qbody_emb = []

qbody_emb_te = []

for seq in tqdm.tqdm(qbody_tok):

    ids_t = torch.Tensor(seq).to(torch.int64).unsqueeze(0)

    try:

        enc_out = encoder(ids_t.cuda())

        qbody_emb.append(enc_out[0].detach().cpu().numpy().max(axis = 1))

    except:

        qbody_emb.append(np.zeros(enc_out[0].detach().cpu().numpy().max(axis = 1)).shape)

    

for seq in tqdm.tqdm(qbody_tok_te):

    ids_t = torch.Tensor(seq).to(torch.int64).unsqueeze(0)

    try:

        enc_out = encoder(ids_t.cuda())

        qbody_emb_te.append(enc_out[0].detach().cpu().numpy().max(axis = 1))

    except:

        qbody_emb_te.append(np.zeros(enc_out[0].detach().cpu().numpy().max(axis = 1)).shape)
qtitle_tok = df_tr["question_title"].str.slice(0, 500).str.lower().apply(tok.encode)

qtitle_tok_te = df_te["question_title"].str.slice(0, 500).str.lower().apply(tok.encode)

qtitle_emb = []

qtitle_emb_te = []

for seq in tqdm.tqdm(qtitle_tok):

    ids_t = torch.Tensor(seq).to(torch.int64).unsqueeze(0)

    try:

        enc_out = encoder(ids_t.cuda())

        qtitle_emb.append(enc_out[0].detach().cpu().numpy().max(axis = 1))

    except:

        qtitle_emb.append(np.zeros(enc_out[0].detach().cpu().numpy().max(axis = 1)).shape)

    

for seq in tqdm.tqdm(qtitle_tok_te):

    ids_t = torch.Tensor(seq).to(torch.int64).unsqueeze(0)

    try:

        enc_out = encoder(ids_t.cuda())

        qtitle_emb_te.append(enc_out[0].detach().cpu().numpy().max(axis = 1))

    except:

        qtitle_emb_te.append(np.zeros(enc_out[0].detach().cpu().numpy().max(axis = 1)).shape)
ans_tok = df_tr["answer"].str.slice(0, 500).str.lower().apply(tok.encode)

ans_tok_te = df_te["answer"].str.slice(0, 500).str.lower().apply(tok.encode)

ans_emb = []

ans_emb_te = []

for seq in tqdm.tqdm(ans_tok):

    ids_t = torch.Tensor(seq).to(torch.int64).unsqueeze(0)

    try:

        enc_out = encoder(ids_t.cuda())

        ans_emb.append(enc_out[0].detach().cpu().numpy().max(axis = 1))

    except:

        ans_emb.append(np.zeros(enc_out[0].cpu().detach().numpy().max(axis = 1)).shape)

    

for seq in tqdm.tqdm(ans_tok_te):

    ids_t = torch.Tensor(seq).to(torch.int64).unsqueeze(0)

    try:

        enc_out = encoder(ids_t.cuda())

        ans_emb_te.append(enc_out[0].detach().cpu().numpy().max(axis = 1))

    except:

        ans_emb_te.append(np.zeros(enc_out[0].detach().cpu().numpy().max(axis = 1)).shape)
vec_tfidf = TfidfVectorizer(ngram_range=(1, 3))

svd50 = TruncatedSVD(n_components = 50)

tit_svd = vec_tfidf.fit_transform(df_tr["question_title"].values)

tit_svd_te = vec_tfidf.transform(df_te["question_title"].values)

tit_svd = svd50.fit_transform(tit_svd)

tit_svd_te = svd50.transform(tit_svd_te)



body_svd = vec_tfidf.fit_transform(df_tr["question_body"].values)

body_svd_te = vec_tfidf.transform(df_te["question_body"].values)

body_svd = svd50.fit_transform(body_svd)

body_svd_te = svd50.transform(body_svd_te)



ans_svd = vec_tfidf.fit_transform(df_tr["answer"].values)

ans_svd_te = vec_tfidf.transform(df_te["answer"].values)

ans_svd = svd50.fit_transform(ans_svd)

ans_svd_te = svd50.transform(ans_svd_te)
# (unused idea kept from an earlier version)

from tqdm import tqdm

# (unused idea kept from an earlier version)
# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)



# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)
# (unused idea kept from an earlier version)
# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)
# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)



# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)



# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)
# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)



# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)



# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)
# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)
# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)



# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)



# (unused idea kept from an earlier version)

# (unused idea kept from an earlier version)





X_all = np.concatenate([tit_svd, body_svd, ans_svd,

                                 np.array(qbody_emb)[:, 0, :],

                                np.array(qtitle_emb)[:, 0, :],

                                np.array(ans_emb)[:, 0, :]

                               ], axis = 1)

X_sub = np.concatenate([tit_svd_te, body_svd_te, ans_svd_te,

                                np.array(qbody_emb_te)[:, 0, :],

                                np.array(qtitle_emb_te)[:, 0, :],

                                np.array(ans_emb_te)[:, 0, :]

                               ], axis = 1)
from keras.models import Sequential

from keras.layers import Dense, Activation, Dropout

from sklearn.model_selection import KFold

from keras.callbacks.callbacks import EarlyStopping

from scipy.stats import spearmanr



n_splits_ = 5

cv_scores = []

folds = KFold(n_splits = n_splits_, shuffle = True, random_state = 42)

sub_pred = np.zeros((len(X_sub), len(label_cols)))

for tr_idx, va_idx in folds.split(X_all):

    Xtr = X_all[tr_idx, :]

    ytr = df_tr[label_cols].iloc[tr_idx]

    

    Xva = X_all[va_idx, :]

    yva = df_tr[label_cols].iloc[va_idx]

    

    mlp = Sequential([

        Dense(2048, input_shape=(X_all.shape[1],)),

        Activation('relu'),

        Dense(1024),

        Activation('relu'),

        Dense(len(label_cols)),

        Activation('sigmoid'),

    ])

    

    stopper = EarlyStopping(monitor='val_loss', min_delta=0, patience=6, verbose=0, mode='auto', baseline=None, restore_best_weights=True)

    mlp.compile(optimizer='adam',

                  loss='binary_crossentropy')

    

    mlp.fit(Xtr, ytr, epochs = 50, validation_data=(Xva, yva), callbacks = [stopper])

    va_pred = mlp.predict(Xva)

    fold_rho = 0

    for ci, col in enumerate(label_cols):

        fold_rho += spearmanr(va_pred[:, ci], yva[col].values).correlation/len(label_cols)

        print(col, spearmanr(va_pred[:, ci], yva[col].values).correlation)

    cv_scores.append(fold_rho)

    print(fold_rho)



    sub_pred += mlp.predict(X_sub)/n_splits_

    

print(cv_scores)
submission = pd.read_csv("../input/google-quest-challenge/sample_submission.csv")
submission.shape
for ci, col in enumerate(label_cols):

    submission[col] = sub_pred[:, ci]
submission.to_csv("submission.csv", index = False)