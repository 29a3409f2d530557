#!/usr/bin/env python
# coding: utf-8

# <h1><center>Answer correctness: a small Keras network on aggregate features.</center></h1>
# 
# (banner image omitted)

# In[1]:


import numpy as np
import pandas as pd

from sklearn.metrics import roc_auc_score
        
import tensorflow as tf
import tensorflow.keras.backend as K
from tensorflow.keras.layers import Input, Dense
from sklearn.model_selection import KFold


# In[2]:


log = pd.read_csv(
    '/kaggle/input/riiid-test-answer-prediction/train.csv',
    usecols=[
        'timestamp', 
        'user_id', 
        'content_id', 
        'user_answer', 
        'answered_correctly', 
        'prior_question_elapsed_time',
        'prior_question_had_explanation'
    ],
       dtype={
           'timestamp': 'int64',
           'user_id': 'int32',
           'content_id': 'int16',
           'user_answer': 'int8',
           'answered_correctly': 'int8',
           'prior_question_elapsed_time': 'float32', 
           'prior_question_had_explanation': 'boolean'
       }
)
log = log.sort_values(['timestamp'], ascending=True)
qmeta = pd.read_csv('/kaggle/input/riiid-test-answer-prediction/questions.csv')
lmeta = pd.read_csv('/kaggle/input/riiid-test-answer-prediction/lectures.csv')


# In[3]:


log = log.loc[log['answered_correctly'] != -1].reset_index(drop=True)
log


# In[4]:


log['prior_question_had_explanation'] = log['prior_question_had_explanation'].fillna(value = False).astype(bool)
log


# In[5]:


del log['timestamp']


# In[6]:


history_part = log.iloc[:int(9 /10 * len(log))]
fit_part = log.iloc[int(9 /10 * len(log)):]


# In[7]:


by_user = history_part.groupby('user_id')
user_stats = by_user.agg({'answered_correctly': ['mean', 'count', 'std', 'median', 'skew', 'var']}).copy()
user_stats.columns = ['mean_user_accuracy', 'questions_answered', 'std_user_accuracy', 'median_user_accuracy', 'skew_user_accuracy', 'var_user_accuracy']


# In[8]:


by_item = history_part.groupby('content_id')
item_stats = by_item.agg({'answered_correctly': ['mean', 'count', 'std', 'median', 'skew', 'var']}).copy()
item_stats.columns = ['mean_accuracy', 'question_asked', 'std_accuracy', 'median_accuracy', 'skew_accuracy', 'var_accuracy']


# In[9]:


import gc
del history_part
del by_user
del by_item

gc.collect()


# In[10]:


fit_part = fit_part.merge(user_stats, how='left', on='user_id')
fit_part = fit_part.merge(item_stats, how='left', on='content_id')
fit_part


# In[11]:


inputs = [
    'mean_user_accuracy', 
    'questions_answered',
    'std_user_accuracy', 
    'median_user_accuracy',
    'skew_user_accuracy',
    'var_user_accuracy',
    'mean_accuracy', 
    'question_asked',
    'std_accuracy', 
    'median_accuracy',
    'prior_question_elapsed_time', 
    'prior_question_had_explanation',
    'skew_accuracy',
    'var_accuracy'
]
label = 'answered_correctly'


# In[12]:


fit_part = fit_part[inputs + [label]]
fit_part


# In[13]:


fit_part = fit_part.replace([np.inf, -np.inf], np.nan)
fit_part = fit_part.fillna(0)
fit_part


# In[14]:


fit_part['prior_question_had_explanation'] = fit_part['prior_question_had_explanation'].astype(np.int8)
fit_part


# In[15]:


def build_net():
    net = tf.keras.Sequential([
        tf.keras.layers.Input(14),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.Dense(100, activation="relu"),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.Dropout(0.5),
        tf.keras.layers.Dense(20, activation="relu"),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.Dropout(0.2),
        tf.keras.layers.Dense(1, activation="sigmoid")
    ])
    net.compile(optimizer='adam', loss="binary_crossentropy", metrics=['accuracy'])
    return net


# In[16]:


oof = pd.DataFrame()
oof['row_id'] = [i for i in range(9927130)]
oof.loc[:, ['answered_correctly']] = 0
nets = []

for k, (tr_idx, te_idx) in enumerate(KFold(n_splits=5, random_state=666, shuffle=True).split(fit_part[label])):
    print(f'fold {k}')
    
    net = build_net()
    
    net.fit(
        fit_part[inputs].values[tr_idx],
        fit_part[label].values[tr_idx],
        validation_split=0.2,
        epochs=50, 
        batch_size=2048
    )

    oof.loc[te_idx, ['answered_correctly']] = net.predict(fit_part[inputs].values[te_idx])
    nets.append(net)


# In[17]:


print('out-of-fold AUC: ', roc_auc_score(fit_part[label].values, oof[label].values))


# In[18]:


import riiideducation

env = riiideducation.make_env()


# In[19]:


batches = env.iter_test()


# In[20]:


for (batch_df, sample_df) in batches:
    preds = []
    batch_df = batch_df.merge(user_stats, how = 'left', on = 'user_id')
    batch_df = batch_df.merge(item_stats, how = 'left', on = 'content_id')
    batch_df['prior_question_had_explanation'] = batch_df['prior_question_had_explanation'].fillna(value = False).astype(bool)
    batch_df['prior_question_had_explanation'] = batch_df['prior_question_had_explanation'].astype(np.int8)
    batch_df = batch_df.replace([np.inf, -np.inf], np.nan)
    batch_df.fillna(value=0, inplace = True)

    for net in nets:
        p = net.predict(batch_df[inputs].values)
        preds.append(p)

    preds = sum(preds) / len(preds)
    batch_df['answered_correctly'] = preds
    env.predict(batch_df.loc[batch_df['content_type_id'] == 0, ['row_id', 'answered_correctly']])


# In[ ]:



