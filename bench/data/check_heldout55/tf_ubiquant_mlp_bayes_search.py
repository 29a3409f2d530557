import pandas        as pd 
import gc 
import pickle
import numpy.ma as ma
from sklearn.metrics import make_scorer
import sklearn
from skopt import BayesSearchCV
import numpy         as np 
from typing import Tuple 
import tensorflow as tf
tf.random.set_seed(99)
from keras.wrappers.scikit_learn import KerasRegressor
from skopt.space import Real, Categorical, Integer



run_id = 1
n_splits = 5
seed    = 100

print('reading the pickled table')
frame = pd.read_pickle('~/data/raw/train.pkl')
label_col   = 'target'
feat_names = [c for c in frame if c.startswith('f_')]

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

def masked_pearson(t_true, t_pred):
    a_np = t_true.numpy()
    b_np = t_pred.numpy()
    
    return ma.corrcoef(ma.masked_invalid(a_np), ma.masked_invalid(b_np))[0][1]

# five-layer MLP whose widths and dropouts are searched
def make_mlp(
                num_columns=300,
                hidden_unit1=256,
                hidden_unit2=256,
                hidden_unit3=256,
                hidden_unit4=256,
                hidden_unit5=256,
                dropout_rate1=0.3,
                dropout_rate2=0.3,
                dropout_rate3=0.3,
                dropout_rate4=0.3,
                dropout_rate5=0.3,
                lr=1e-3
                ):
    
    widths  = [hidden_unit1, hidden_unit2, hidden_unit3, hidden_unit4, hidden_unit5]
    drop_rates = [dropout_rate1, dropout_rate2, dropout_rate3, dropout_rate4, dropout_rate5]
    
    
    x_in = tf.keras.layers.Input(shape = (num_columns, ))
    
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
                  optimizer = tf.keras.optimizers.Adam(learning_rate = lr),
                  loss = tf.keras.losses.MeanSquaredError(),
                  metrics = sklearn.metrics.r2_score,
                  run_eagerly=True
                 )     
    
    return net
    

space = dict(
    batch_size    = [2**10],
    epochs        = [50],
    hidden_unit1  = Integer(200,1000),
    hidden_unit2  = Integer(200,1000),
    hidden_unit3  = Integer(200,1000),
    hidden_unit4  = Integer(200,1000),
    hidden_unit5  = Integer(200,1000),
    dropout_rate1 = Real(0.1, 0.5),
    dropout_rate2 = Real(0.1, 0.5),
    dropout_rate3 = Real(0.1, 0.5),
    dropout_rate4 = Real(0.1, 0.5),
    dropout_rate5 = Real(0.1, 0.5),
    lr            = Real(5e-4, 3e-3)
    )

r2_scorer = make_scorer(sklearn.metrics.r2_score)

stopper = tf.keras.callbacks.EarlyStopping(monitor='r2_score',
                                                  patience=5,
                                                  mode='max',
                                                  min_delta=4e-4,
                                                  restore_best_weights=True)



print('bayesian search over the MLP')
searcher = BayesSearchCV( estimator     = KerasRegressor(build_fn = make_mlp), 
                    fit_params    = {'callbacks': [stopper]},
                    search_spaces = space,
                    scoring       = r2_scorer,
                    n_jobs        = 4,
                    verbose       = 0,
                    n_iter        = 2,
                    cv            = TimeBlockSplitter(n_splits=n_splits,
                                                         block_len=200, 
                                                         grp=frame['time_id']))




searcher.fit(frame[feat_names], frame[label_col])

print('pickling the search')
pickle.dump(searcher,     open(f"mlp_search_run{run_id}.pkl"    , "wb"))
