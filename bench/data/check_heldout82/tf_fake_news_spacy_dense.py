from keras.layers import Dense
from keras.models import Sequential

import pandas as pd
import numpy as np

# read the table of spaCy vectors and keep only the label column and
#  the 900 vector columns
table = pd.read_csv('./vectorized_fake_news.csv')
meta_cols = table.columns.tolist()[:6]
table = table.drop(meta_cols, axis=1)
matrix = np.array(table)

# fit a small dense net, holding back a share of rows for validation
def fit_dense(matrix, holdout=.33, n_epochs=20, verbosity=2, drop=.2):

    target = matrix[:,0]
    inputs = matrix[:,1:]
    
    net = Sequential()
    net.add(Dense(20, input_dim = inputs.shape[1], activation='elu'))
    net.add(Dense(20, activation='elu'))
    net.add(Dense(20, activation='elu'))
    net.add(Dense(1, activation='sigmoid'))
    
    net.compile(loss='logcosh', optimizer='adam', metrics=['accuracy'])
    net.fit(inputs, target, validation_split=holdout, epochs=n_epochs, batch_size=32, verbose=verbosity)

fit_dense(matrix, n_epochs=5, holdout=.4)
