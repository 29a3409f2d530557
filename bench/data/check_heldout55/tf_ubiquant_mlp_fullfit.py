# coding: utf-8
"""
Feed-forward regressor for the market returns table

full-data fit, no search
"""


import pandas        as pd 
import gc 
import pickle
import numpy.ma as ma
from sklearn.metrics import make_scorer
from tensorflow.python.ops import math_ops
import sklearn
from sklearn.model_selection import GridSearchCV
import numpy         as np 
from typing import Tuple    
import tensorflow as tf
tf.random.set_seed(99)
from keras.wrappers.scikit_learn import KerasRegressor
from keras import backend as K
tf.config.list_physical_devices('GPU') 

run_id = 5
n_splits = 3

print("visible GPUs: ", len(tf.config.list_physical_devices('GPU')))
print('reading the pickled table')
frame = pd.read_pickle('~/data/raw/train.pkl').reset_index()
label_col   = 'target'
feat_names = [c for c in frame if c.startswith('f_')]

# a log-uniform learning rate range was tried here


class TimeBlockSplitter:
    """
    Splits rows into train/validation by blocks of time ids,
    the validation block always later than every train row,
    working backwards from the newest block.
    """
    def __init__(self, n_splits: int, block_len: int, grp) -> None:
        self.n_splits = n_splits
        self.block_len = block_len
        self.grp = grp

    def get_n_splits(self, X=None, y=None, grp=None):
        return self.n_splits

    def split(self, X, b, grp) -> Tuple[np.array, np.array]:
        # distinct time ids
        all_ids = np.unique(self.grp.values)

        # cut the ids into blocks of block_len,
        # newest block first, which also
        # keeps each validation block
        # easy to pick
        blocks = np.array_split(
            all_ids, len(all_ids) // self.block_len
        )[::-1]

        # keep only n_splits blocks
        blocks = blocks[:self.n_splits]

        for block_ids in blocks:
            # validation rows: ids inside the block
            in_block = self.grp.isin(block_ids)
            va_rows = X.loc[in_block].index.values

            # train rows: every id strictly
            # older than the block's first id
            # (a gap could be added by
            # comparing with min - gap)
            before_block = self.grp < (np.min(block_ids))
            tr_rows = X.loc[before_block].index.values

            yield tr_rows, va_rows

def pearson_corr(a, b, red_axis=-2):
    """Pearson correlation of two tensors along one axis (-2 unless told)."""
    a = tf.convert_to_tensor(a)
    b = math_ops.cast(b, a.dtype)
    cnt = tf.cast(tf.shape(a)[red_axis], a.dtype)
    a_sum = tf.reduce_sum(a, axis=red_axis)
    b_sum = tf.reduce_sum(b, axis=red_axis)
    a_mu = a_sum / cnt
    b_mu = b_sum / cnt
    a_var = tf.reduce_sum( tf.math.squared_difference(a, a_mu), axis=red_axis)
    b_var = tf.reduce_sum( tf.math.squared_difference(b, b_mu), axis=red_axis)
    cross_term = tf.reduce_sum( (a - a_mu) * (b - b_mu), axis=red_axis)
    rho = cross_term / tf.sqrt(a_var * b_var)
    return rho

# MLP with as many hidden layers as widths has
def make_mlp(
                n_inputs=300,
                widths=[],
                drop_rates=[0.1],
                learn_rate=1e-3
                ):
    
    x_in = tf.keras.layers.Input(shape = (n_inputs, ))
    
    a = tf.keras.layers.BatchNormalization()(x_in)    
    a = tf.keras.layers.Dropout(drop_rates[0])(a)    
        
    for k in range(len(widths)):
        a = tf.keras.layers.Dense(widths[k])(a)
        a = tf.keras.layers.BatchNormalization()(a)
        a = tf.keras.layers.Activation('swish')(a)
        a = tf.keras.layers.Dropout(drop_rates[k])(a)
        
    y_out = tf.keras.layers.Dense(1, activation = 'sigmoid')(a)

    net = tf.keras.models.Model(inputs = x_in, outputs = y_out)
    net.compile(
                  optimizer = tf.keras.optimizers.Adam(learning_rate = learn_rate),
                  loss = tf.keras.losses.MeanSquaredError(),
                  metrics = pearson_corr,
                  run_eagerly=True
                 )     
    
    return net
    


bs    = 2**15
n_epochs        = 50
widths  = [512, 324, 256, 128]
drop_rates = [0.3, 0.3, 0.2, 0.5, 0.3, 0.3] 
learn_rate            = 1e-3    


stopper = tf.keras.callbacks.EarlyStopping(monitor='pearson_corr',
                                                  patience=5,
                                                  mode='max',
                                                  min_delta=1e-3,
                                                  restore_best_weights=True)



print('fitting the network')
net = make_mlp(widths  = widths,
                    drop_rates = drop_rates,
                    learn_rate            = learn_rate)



net.fit(frame[feat_names], frame[label_col], 
          callbacks  = [stopper],
          batch_size = bs,
          epochs     = n_epochs)

print('writing the model')
net.save(f'mlp_run{run_id}')


