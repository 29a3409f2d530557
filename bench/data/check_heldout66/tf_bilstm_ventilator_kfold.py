import numpy as np
import tensorflow as tf
import lightgbm
from sklearn.model_selection import train_test_split, GroupKFold,KFold
from sklearn.metrics import mean_absolute_error
import optuna
from sklearn.preprocessing import normalize
try:
    resolver = tf.distribute.cluster_resolver.TPUClusterResolver()
    print('tpu at:', resolver.master())
    tf.config.experimental_connect_to_cluster(resolver)
    tf.tpu.experimental.initialize_tpu_system(resolver)
    dist = tf.distribute.experimental.TPUStrategy(resolver)
    print(dist)
except:
    dist = tf.distribute.get_strategy()
print('replicas:', dist.num_replicas_in_sync)

in_dir = 'data/'
breaths = pd.read_csv(in_dir+'train.csv')
breaths_te = pd.read_csv(in_dir+'test.csv')
sub = pd.read_csv(in_dir+'sub.csv')

breaths['u_in_cumsum'] = (breaths['u_in']).groupby(breaths['breath_id']).cumsum()
breaths_te['u_in_cumsum'] = (breaths_te['u_in']).groupby(breaths_te['breath_id']).cumsum()

breaths['u_in_lag'] = breaths['u_in'].shift(2)
breaths = breaths.fillna(0)

breaths_te['u_in_lag'] = breaths_te['u_in'].shift(2)
breaths_te = breaths_te.fillna(0)

# extra per-breath features
def make_feats(frame):
    frame['area'] = frame['time_step'] * frame['u_in']
    frame['area'] = frame.groupby('breath_id')['area'].cumsum()
    frame['u_in_cumsum'] = (frame['u_in']).groupby(frame['breath_id']).cumsum()
    frame['u_in_lag2'] = frame['u_in'].shift(2).fillna(0)
    frame['u_in_lag4'] = frame['u_in'].shift(4).fillna(0)
    frame['R'] = frame['R'].astype(str)
    frame['C'] = frame['C'].astype(str)
    frame = pd.get_dummies(frame)
    frame['ewm_u_in_mean'] = frame.groupby('breath_id')['u_in'].ewm(halflife=10).mean().reset_index(level=0,drop=True)
    frame['ewm_u_in_std'] = frame.groupby('breath_id')['u_in'].ewm(halflife=10).std().reset_index(level=0,drop=True)
    frame['ewm_u_in_corr'] = frame.groupby('breath_id')['u_in'].ewm(halflife=10).corr().reset_index(level=0,drop=True)
    frame['rolling_10_mean'] = frame.groupby('breath_id')['u_in'].rolling(window=10, min_periods=1).mean().reset_index(level=0,drop=True)
    frame['rolling_10_max'] = frame.groupby('breath_id')['u_in'].rolling(window=10, min_periods=1).max().reset_index(level=0,drop=True)
    frame['rolling_10_std'] = frame.groupby('breath_id')['u_in'].rolling(window=10, min_periods=1).std().reset_index(level=0,drop=True)
    frame['expand_mean'] = frame.groupby('breath_id')['u_in'].expanding(2).mean().reset_index(level=0,drop=True)
    frame['expand_max'] = frame.groupby('breath_id')['u_in'].expanding(2).max().reset_index(level=0,drop=True)
    frame['expand_std'] = frame.groupby('breath_id')['u_in'].expanding(2).std().reset_index(level=0,drop=True)
    frame = frame.fillna(0)
    return frame

breaths = make_feats(breaths)
breaths_te = make_feats(breaths_te)

pd.__version__

breaths.head()

breaths_te.head()

feats = breaths.drop(['pressure', 'id', 'breath_id', 'u_out'], axis=1)
target = breaths[['pressure']].to_numpy().reshape(-1, 80)
feats_te = breaths_te.drop(['id', 'breath_id', 'u_out'], axis=1)
feats = feats.to_numpy().reshape(75450, 80, -1)

print(f"[+]{feats.shape}")
print(f"[+]{target.shape}")
print(f"[+]{feats_te.shape}")

with dist.scope():
    folds = KFold(n_splits=5,shuffle=True,random_state=2021)
    fold_preds = []
    for k,(tr_idx,va_idx) in enumerate(folds.split(feats,target)):
        print(f'[+] fold {k+1}')
        f_tr,f_va = feats[tr_idx],feats[va_idx]
        t_tr,t_va = target[tr_idx],target[va_idx]
        lr_sched = tf.keras.optimizers.schedules.ExponentialDecay(1e-3, 200*((len(feats)*0.8)/1024), 1e-5)
        inp = tf.keras.layers.Input(shape=(80,22))
        h= tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(200, return_sequences=True))(inp)
        h = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(150, return_sequences=True))(h)
        h = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(100, return_sequences=True))(h)
        h = tf.keras.layers.Dense(100, activation='relu')(h)
        h = tf.keras.layers.Dense(1)(h)

        net = tf.keras.models.Model(inputs = inp,outputs=h)

        net.compile(optimizer='adam',loss='mae')
        net.fit(f_tr, t_tr, validation_data=(f_va, t_va), epochs=150, batch_size=1024, callbacks=[tf.keras.callbacks.LearningRateScheduler(lr_sched)])
#         net.save(f'fold{k+1} weights')
        fold_preds.append(net.predict(feats_te.to_numpy().reshape(50300, 80, 22)).squeeze().reshape(-1, 1).squeeze())

sub["pressure"] = sum(fold_preds)/5
sub.to_csv('submission_task.csv', index=False)
