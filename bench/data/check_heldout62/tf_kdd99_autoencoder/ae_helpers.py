# File: ae_helpers.py
# Needs: keras, numpy, pandas, sklearn, tensorflow
# Helpers for the intrusion autoencoder
# 

# imports
import pandas as pd
import numpy as np
from sklearn.preprocessing import MinMaxScaler
from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix
from keras import regularizers, optimizers
from keras.layers import Input, Dense#, Dropout
from keras.models import Model
from keras.callbacks import ModelCheckpoint, EarlyStopping


'''
Reads the connection records (CSV next to the script) and returns
them as a DataFrame.
'''
def read_records():
    path = "kddcup.data"
    frame = pd.read_csv(path)
    
    return frame

'''
Prepares the DataFrame (a pandas DataFrame is required) so that it can be
fed to the keras autoencoder:
    1. min-max scales every column.
    2. draws random training and test parts without replacement
       for training, validation and testing.
Returns the validation, training and test features (named 'X') and the
validation and test targets (named
 'y').
'''
def prepare_splits(frame, test_frac=0.2, seed=42):
    # scale each column to [0, 1] so no column dominates and
    # gradient descent behaves.
    # 
    mm = MinMaxScaler()
    cols = list(frame)
    frame[cols] = mm.fit_transform(frame)
    # random split without replacement into
    # training and test parts.
    part_tr, part_te = train_test_split(frame, 
                                             test_size=test_frac,
                                             random_state=seed)
    
    y_tr = part_tr['label'] # target
    X_tr = part_tr.drop(['label'], axis=1) # features only
    
    y_te = part_te['label'] # target
    X_te = part_te.drop(['label'], axis=1) # features only

    X_tr = X_tr.values # to ndarray
    X_te = X_te.values
    
    y_tr = y_tr.values
    y_te = y_te.values
    
    # first rows of the training part become the validation set
    X_val, X_tr = X_tr[:10000], X_tr[10000:]
    y_val = y_tr[:10000]

    return X_val, X_tr, X_te, y_val, y_te

'''
Builds an autoencoder that
i) compresses the 34 inputs to 17 and then to 8 units
ii) expands the 8 units back to 17 and then to the 34 inputs
    
'''
def build_ae(n_in):
    # funnel-shaped widths
    n_code = int(n_in/2) # 17
    n_mid = int(n_code / 2) # 8
    l1_weight = 1e-7
    opt = optimizers.SGD(lr=0.01, momentum=0.9, nesterov=True)
    # encoder
    x_in = Input(shape=(n_in, ))
    enc = Dense(n_code, activation="elu", 
                activity_regularizer=regularizers.l1(l1_weight))(x_in)
    # enc = Dropout(0.4)(enc) 
    enc = Dense(n_mid, activation="elu")(enc)
    # enc = Dropout(0.4)(enc) 
    
    # decoder
    dec = Dense(n_mid, activation='elu')(enc)
    # enc = Dropout(0.4)(dec) 
    dec = Dense(n_in, activation='elu')(dec)
    # dec = Dropout(0.4)(dec) 
    ae = Model(inputs=x_in, outputs=dec)
    
    # compile
    ae.compile(metrics=['accuracy'],
                    loss='mean_squared_error',
                    optimizer=opt)
    return ae

'''
Fits the autoencoder on the training rows with mini-batches
'''
def fit_ae(ae, X_tr, X_val, epochs = 10, bs = 128):
    # keep the weights with the lowest validation loss
    ckpt = ModelCheckpoint(filepath="ids_ae.h5",
                     monitor='val_loss',
                     mode='min',
                     save_best_only=True,
                     verbose=0)
    # stop early when validation stops improving
    stop = EarlyStopping(monitor='val_loss', mode='min', verbose=1, patience=50)
    # fit and keep the loss curve
    hist = ae.fit(X_tr, X_tr,
                              epochs=epochs,
                              batch_size=bs,
                              shuffle=True,
                              validation_data=(X_val, X_val),
                              verbose=1,
                              callbacks=[ckpt, stop]).history
    return hist

'''
Mean squared reconstruction error of every row over its features
'''
def row_errors(ae, X):
    X_rec = ae.predict(X)
    err = np.mean(np.power(X - X_rec, 2), axis=1)

    return err

'''
Prints summary statistics (mean and std above all) of the errors,
used to choose a cut-off on the error that separates attacks from
normal traffic.
'''
def describe_errors(ae, X, kind):
    err = row_errors(ae, X)
    if kind == 0:
        err = pd.DataFrame({'err_normal':err[:]})
    elif kind == 1:
        err = pd.DataFrame({'err_attack':err[:]})
    print(err.describe())
    
'''
Labels each row by comparing its error with the cut-off
'''
def classify_by_error(ae, X, cutoff=0.05):
    err = row_errors(ae, X)
    is_ok = err < cutoff
    y_hat = abs(is_ok*1 - 1)
    
    return y_hat

'''
Prints the confusion matrix of the predictions against the
labels
'''
def show_confusion(y_te, y_hat):
    cm = confusion_matrix(y_te, y_hat)
    print("confusion matrix on the test rows:")
    print(cm)
