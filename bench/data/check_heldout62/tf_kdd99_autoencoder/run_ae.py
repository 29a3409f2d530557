# File: run_ae.py
# Needs: ae_helpers, keras, numpy, pandas, sklearn, tensorflow
# Network-intrusion autoencoder driver
# 

'''
Reads the KDD Cup connection records (file next to this script) and
fits an autoencoder whose reconstruction error flags a connection as an
attack ("1") or as normal traffic ("0").
'''

# imports
from ae_helpers import read_records, prepare_splits, build_ae, fit_ae, describe_errors, classify_by_error, show_confusion

# read the records
print('Reading the records.')
records = read_records()

# scale and split into feature / target subsets
print('Preparing splits.')
X_val, X_tr, X_te, y_val, y_te = prepare_splits(records)

# build the network
print('Building the autoencoder.')
n_in = X_tr.shape[1] # feature count, 34
ae = build_ae(n_in)

# fit it
print('Fitting.')
fit_ae(ae, X_tr, X_val)

# split validation rows into normal and attack rows
X_val_ok = X_val[y_val == 0]
X_val_bad = X_val[y_val == 1]
# error statistics for each group
describe_errors(ae, X_val_ok, 0)
describe_errors(ae, X_val_bad, 1)
# a fixed cut-off picked by eye
print("Cut-off set to 0.05.")
cutoff = 0.05

# classify test rows by their mean squared error
y_hat = classify_by_error(ae, X_te)

# confusion matrix of the error-threshold classifier
# 
show_confusion(y_te, y_hat)
