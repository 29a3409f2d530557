# Jane Street Market Prediction: Keras model with an LSTM over 5-timeframe feature groups plus a residual MLP.
import pandas as pd
import numpy as np
import seaborn as sns
from random import sample, seed
import gc
import matplotlib as mpl
import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow import keras
import tensorflow_addons as tfa

import janestreet
env = janestreet.make_env()
iter_test = env.iter_test()

print("Num GPUs Available: ", len(tf.config.experimental.list_physical_devices('GPU')))

SEED = 666

np.random.seed(SEED)
tf.keras.backend.clear_session()
tf.random.set_seed(SEED)
seed(SEED)

data = pd.read_csv('../input/jane-street-market-prediction/train.csv')
tags = pd.read_csv('../input/jane-street-market-prediction/features.csv')
tags = tags.loc[tags.feature.isin(data.columns)]

data = data.loc[data.weight != 0,:]
data = data.loc[data.date > 82,:]
data = data.reset_index(drop=True)
data['action'] = (data.resp > 0).astype(np.int8)

resp_cols = ['resp_1', 'resp_2', 'resp_3', 'resp', 'resp_4']
y = np.stack([(data[c] > 0).astype('int') for c in resp_cols]).T

feature_names = pd.Series(data.filter(regex='feature_').columns)
feature_names_numbers = feature_names.str.slice(start=8).astype(int)

dates = data.date.unique().tolist()
train_dates = dates[:int(round(len(dates)*0.7, 0))]
test_dates = dates[int(round(len(dates)*0.7, 0)):]

X_train = data.loc[data.date.isin(train_dates),:]
y_train = y[X_train.index,:]

X_val = data.loc[data.date.isin(test_dates),:]
y_val = y[X_val.index,:]

nulls = X_train.isnull().sum()
nulls_list = list(nulls[nulls >(0.1 * len(data))].index)
nulls_list

X_train.fillna(X_train.mean(),inplace=True)

f_mean = np.mean(X_train[feature_names[1:]].values, axis=0)

X_val.fillna(X_train.mean(), inplace=True)


group_tags = {
    'g0': {
        'lv0': [6],
        'lv1': [7,8,10,11,12,13],
        'lv2': [9],
        'timeframe': [4,3,2,1,0]
    },
    'g1': {
        'lv0': [14]
    },
    'g2': {
        'lv0': [18],
        'lv1': [15,17]
    },
    'g3': {
        'lv0': [19],
        'lv1': [15,17]
    },
    'g4': {
        'lv0': [21],
        'timeframe': [4,3,2,1,0]
    },
    'g5': {
        'lv0': [22],
        'lv1': [12,13]
    },
    'g6': {
        'lv0': [20],
        'lv1': [9,16]
    },
    'g7': {
        'lv0': [23],
        'lv1': [24,25,26,27],
        'lv2': [15,16,17],
        'lv3': [5],
        'timeframe': [4,3,2,1,0]
    },
    'g8': {
        'lv0': [28],
        'lv1': [20],
        'lv2': [16],
        'timeframe': [4,3,2,1,0]
    }
}

group_tags_str = dict()
for group, levels in group_tags.items():
  group_tags_str[group] = {}
  for lv, lv_tags in levels.items():
    group_tags_str[group][lv] = ['tag_' + str(v) for v in lv_tags]

features_new_encoding = []
features_new_encoding_idx = 0
features_original = []
n_timeframes = 1

for key, value in group_tags_str.items():
  levels = list(value.keys())
  if len(levels) >= 1:
    for tag_lv0 in value[levels[0]]:
      tags_set = [tag_lv0]
      features_tag = list(tags.loc[(tags.loc[:,[x not in ['feature'] + tags_set for x in list(tags.columns)]].any(axis=1) == False) & tags[tags_set].all(axis=1), 'feature'])
      if len(features_tag) > 0:
        for feature in features_tag:
            if feature not in features_original:
              features_original+=[feature] * n_timeframes
              features_new_encoding+=[features_new_encoding_idx] * n_timeframes
              features_new_encoding_idx += 1
      
      if len(levels) >= 2:
        if levels[1] == 'timeframe':
          timeframe_features = []
          timeframe_features_here = False
          for tag_t in value[levels[1]]:
            tags_set = [tag_lv0, tag_t]
            features_tag = list(tags.loc[(tags.loc[:,[x not in ['feature'] + tags_set for x in list(tags.columns)]].any(axis=1) == False) & tags[tags_set].all(axis=1), 'feature'])
            if len(features_tag) > 0:
              timeframe_features_here = True
              features_original+=features_tag
              features_new_encoding+=[features_new_encoding_idx] * 1
          if timeframe_features_here:
            features_new_encoding_idx += 1
        else:
          for tag_lv1 in value[levels[1]] + [None]:
            tags_set = [tag_lv0, tag_lv1]
            tags_set = [x for x in tags_set if x is not None]
            features_tag = list(tags.loc[(tags.loc[:,[x not in ['feature'] + tags_set for x in list(tags.columns)]].any(axis=1) == False) & tags[tags_set].all(axis=1), 'feature'])
            if len(features_tag) > 0:
              for feature in features_tag:
                if feature not in features_original:
                  features_original+=[feature] * n_timeframes
                  features_new_encoding+=[features_new_encoding_idx] * n_timeframes
                  features_new_encoding_idx += 1
      
            if len(levels) >= 3:
              if levels[2] == 'timeframe':
                timeframe_features_here = False
                for tag_t in value[levels[2]]:
                  tags_set = [tag_lv0, tag_lv1, tag_t]
                  tags_set = [x for x in tags_set if x is not None]
                  features_tag = list(tags.loc[(tags.loc[:,[x not in ['feature'] + tags_set for x in list(tags.columns)]].any(axis=1) == False) & tags[tags_set].all(axis=1), 'feature'])
                  if len(features_tag) > 0:
                    timeframe_features_here = True
                    features_original+=features_tag
                    features_new_encoding+=[features_new_encoding_idx] * 1
                if timeframe_features_here:
                  features_new_encoding_idx += 1
              else:
                for tag_lv2 in value[levels[2]] + [None]:
                  tags_set = [tag_lv0, tag_lv1, tag_lv2]
                  tags_set = [x for x in tags_set if x is not None]
                  features_tag = list(tags.loc[(tags.loc[:,[x not in ['feature'] + tags_set for x in list(tags.columns)]].any(axis=1) == False) & tags[tags_set].all(axis=1), 'feature'])
                  if len(features_tag) > 0:
                    for feature in features_tag:
                      if feature not in features_original:
                        features_original+=[feature] * n_timeframes
                        features_new_encoding+=[features_new_encoding_idx] * n_timeframes
                        features_new_encoding_idx += 1
                
                  if len(levels) >= 4:
                    if levels[3] == 'timeframe':
                      timeframe_features_here = False
                      for tag_t in value[levels[3]]:
                        tags_set = [tag_lv0, tag_lv1, tag_lv2, tag_t]
                        tags_set = [x for x in tags_set if x is not None]
                        features_tag = list(tags.loc[(tags.loc[:,[x not in ['feature'] + tags_set for x in list(tags.columns)]].any(axis=1) == False) & tags[tags_set].all(axis=1), 'feature'])
                        if len(features_tag) > 0:
                          timeframe_features_here = True
                          features_original+=features_tag
                          features_new_encoding+=[features_new_encoding_idx] * 1
                      if timeframe_features_here:
                        features_new_encoding_idx += 1
                    else:
                      for tag_lv3 in value[levels[3]] + [None]:
                        tags_set = [tag_lv0, tag_lv1, tag_lv2, tag_lv3]
                        tags_set = [x for x in tags_set if x is not None]
                        features_tag = list(tags.loc[(tags.loc[:,[x not in ['feature'] + tags_set for x in list(tags.columns)]].any(axis=1) == False) & tags[tags_set].all(axis=1), 'feature'])
                        if len(features_tag) > 0:
                          for feature in features_tag:
                            if feature not in features_original:
                              features_original+=[feature] * n_timeframes
                              features_new_encoding+=[features_new_encoding_idx] * n_timeframes
                              features_new_encoding_idx += 1

                        if len(levels) == 5:
                          if levels[4] == 'timeframe':
                            timeframe_features_here = False
                            for tag_t in value[levels[4]]:
                              tags_set = [tag_lv0, tag_lv1, tag_lv2, tag_lv3, tag_t]
                              tags_set = [x for x in tags_set if x is not None]
                              features_tag = list(tags.loc[(tags.loc[:,[x not in ['feature'] + tags_set for x in list(tags.columns)]].any(axis=1) == False) & tags[tags_set].all(axis=1), 'feature'])
                              if len(features_tag) > 0:
                                timeframe_features_here = True
                                features_original+=features_tag
                                features_new_encoding+=[features_new_encoding_idx] * 1
                            if timeframe_features_here:
                              features_new_encoding_idx += 1
                          else:
                            for tag_lv4 in value[levels[4]] + [None]:
                              tags_set = [tag_lv0, tag_lv1, tag_lv2, tag_lv3, tag_lv4]
                              tags_set = [x for x in tags_set if x is not None]
                              features_tag = list(tags.loc[(tags.loc[:,[x not in ['feature'] + tags_set for x in list(tags.columns)]].any(axis=1) == False) & tags[tags_set].all(axis=1), 'feature'])
                              if len(features_tag) > 0:
                                for feature in features_tag:
                                  if feature not in features_original:
                                    features_original+=[feature] * n_timeframes
                                    features_new_encoding+=[features_new_encoding_idx] * n_timeframes
                                    features_new_encoding_idx += 1
                                    

feature_names_encodings = pd.DataFrame({'feature_original': features_original, 'feature_new_encoding': features_new_encoding})
feature_names_encodings = feature_names_encodings.append(pd.DataFrame({'feature_original': ['feature_0'] * n_timeframes, 'feature_new_encoding': [max(feature_names_encodings.feature_new_encoding) + 1] * n_timeframes}), ignore_index=True)


print('Max number original features with same new feature: ' + str(max(feature_names_encodings.groupby('feature_new_encoding')['feature_original'].nunique())))

print('Min number original features with same new feature: ' + str(min(feature_names_encodings.groupby('feature_new_encoding')['feature_original'].nunique())))

print('Are there missing features in the encoding dataframe? ', 'yes' if len(list(set(feature_names_encodings.feature_original.tolist()).symmetric_difference(feature_names))) > 0 else 'no')


features_new_timeframe = feature_names_encodings.groupby('feature_new_encoding')['feature_original'].nunique()
features_new_timeframe = features_new_timeframe[features_new_timeframe == 5]
features_new_timeframe = features_new_timeframe.index.tolist()

features_timeframe = feature_names_encodings.loc[feature_names_encodings.feature_new_encoding.isin(features_new_timeframe),'feature_original'].tolist()
features_timeframe_idx = [feature_names.tolist().index(f) for f in features_timeframe]

features_new_no_timeframe = [f for f in set(feature_names_encodings.feature_new_encoding) if f not in features_new_timeframe]

features_no_timeframe = feature_names_encodings.loc[feature_names_encodings.feature_new_encoding.isin(features_new_no_timeframe),'feature_original'].tolist()
features_no_timeframe_idx = [feature_names.tolist().index(f) for f in features_no_timeframe]

class ReshapeTimeframeFeatures(tf.keras.layers.Layer):
  """
  Layer aimed to reshape the input tensor to a tensor with a timeframe axis
  """
  def __init__(self, features_timeframe_idx, n_timeframes, name):
    super(ReshapeTimeframeFeatures, self).__init__()
    self.features_timeframe_idx = features_timeframe_idx
    self.n_timeframes = n_timeframes

  def build(self, input_shape):
    self.new_shape = [input_shape[0], int(len(self.features_timeframe_idx)/self.n_timeframes), self.n_timeframes]

  def call(self, input):
    reshaped_tensor = tf.reshape(
        tensor=tf.gather(params=input, indices=self.features_timeframe_idx,axis=1),
        shape=[tf.shape(input)[0], int(len(self.features_timeframe_idx)/self.n_timeframes), self.n_timeframes]
    )
    tensor_axis_swap = tf.transpose(reshaped_tensor, perm=[0,2,1], name=self.name)
    return tensor_axis_swap

batch_size = 1000
n_features_original = len(feature_names)
input_shape = (batch_size, n_features_original)
n_timeframes = 5
label_smoothing = 1e-2


inputs = tf.keras.Input(
    shape=input_shape[-1],
    dtype='float32',
    name='inputs'
)


inputs_no_timeframe = tf.gather(params=inputs, indices=features_no_timeframe_idx,axis=1, name='inputs_no_timeframe')
bn_no_timeframe = tf.keras.layers.BatchNormalization(axis=1, name='bn_no_timeframe')(inputs_no_timeframe)
dropout_inputs = tf.keras.layers.Dropout(0.1)(bn_no_timeframe)

reshape_tf = ReshapeTimeframeFeatures(features_timeframe_idx, n_timeframes, name='reshape_timeframe_feature')(inputs)
bn_timeframe = tf.keras.layers.BatchNormalization(axis=[1,2], name='bn_timeframe')(reshape_tf)
bn_timeframe = tf.transpose(bn_timeframe, [0,2,1])
bn_timeframe = tf.expand_dims(bn_timeframe, axis = 3)


lstm = tf.keras.layers.LSTM(1)

time_dist = tf.keras.layers.TimeDistributed(lstm)(bn_timeframe)
squeeze_time_dist = tf.squeeze(time_dist, axis=2)

concat_features = tf.concat(values=[dropout_inputs, squeeze_time_dist], axis=1, name='concat_features')


dense = tf.keras.layers.Dense(units=160, activation='linear', activity_regularizer=keras.regularizers.l2(1e-5))(concat_features)
bn = tf.keras.layers.BatchNormalization(axis=1)(dense)
activ = tf.keras.activations.swish(bn)


dp = tf.keras.layers.Dropout(0.1)(activ)


dense = tf.keras.layers.Dense(units=160, activation='linear', activity_regularizer=keras.regularizers.l2(1e-5))(dp)
bn = tf.keras.layers.BatchNormalization(axis=1)(dense)
activ = tf.keras.activations.swish(bn)


res_add = tf.keras.layers.add([dp, activ])

dp = tf.keras.layers.Dropout(0.1)(res_add)


dense = tf.keras.layers.Dense(units=160, activation='linear', activity_regularizer=keras.regularizers.l2(1e-5))(dp)
bn = tf.keras.layers.BatchNormalization(axis=1)(dense)
activ = tf.keras.activations.swish(bn)
dp = tf.keras.layers.Dropout(0.1)(activ)


outputs = tf.keras.layers.Dense(units=5, activation='sigmoid')(dp)


model = keras.Model(inputs=inputs, outputs=outputs, name="jane")

model.summary()

MAX_EPOCHS = 200

opt = tfa.optimizers.RectifiedAdam(
    lr=1e-4
)

model.compile(
    loss=tf.keras.losses.BinaryCrossentropy(label_smoothing=label_smoothing),
    optimizer=opt,
    metrics=["AUC"]
)

callbacks = tf.keras.callbacks.EarlyStopping(monitor='val_loss', mode='min', patience=5)

history = model.fit(
    x=X_train.loc[:, feature_names],
    y=y_train,
    batch_size=batch_size,
    epochs=MAX_EPOCHS,
    validation_data=(X_val.loc[:, feature_names], y_val),
    shuffle=True,
    callbacks=callbacks
)

gc.collect()

preds = model(X_val.loc[:, feature_names], training=False)
preds = np.median(preds, axis=1)
X_val['pred'] = preds

def utility_score(data, th):
    data['action_pred'] = (data.pred >= th).astype(int)
    data.loc[data.weight == 0, 'action_pred'] = 0
    p_values = []
    for date in data.date.unique():
        data_date = data.loc[data.date == date,:].copy()
        p_values.append(sum(data_date.weight * data_date.resp * data_date.action_pred))
    t = (sum(p_values)/np.sqrt(sum([p**2 for p in p_values])))*np.sqrt(250/len(set(data.date)))
    
    u = min(max(t,0),6)*sum(p_values)
    
    return u

best_score = 0
best_th = 0
for th in np.arange(0.45, 0.52, 0.002):
    th = np.round(th, 3)
    score = utility_score(X_val, th=th)
    if score > best_score:
        best_th = th
        best_score = score
    print(str(th) + ' - ' + str(score))

th = best_th

for (test_df, pred_df) in iter_test:
    if test_df['weight'].item() > 0:       
        x_tt = test_df.loc[:, feature_names].values
        if np.isnan(x_tt[:, 1:].sum()):
            x_tt[:, 1:] = np.nan_to_num(x_tt[:, 1:]) + np.isnan(x_tt[:, 1:]) * f_mean
        pred = model(x_tt, training=False)
        pred = np.median(pred)
        pred_df.action = np.where(pred >= th, 1, 0).astype(int)
    else:
        pred_df.action = 0
    
    env.predict(pred_df)
