import os
import pandas as pd
import preprocessing
import train
import evaluate
import matplotlib.pyplot as plt

# where data and outputs live
data_dir = 'data'# one .mat file per scanning run
results_dir = 'results'

# training settings
arch_name = 'resnet50_'
runs_used = 39 # runs kept (all 39)
lr_drop = 0.3
lr_tag = f'adam_reduce_lr_rate{lr_drop}'  # label used in file names
l2_reg = 2e-4
epochs_n = 1250
n_labels = 2   # two classes: negative / neutral

hparams = dict({'model_type': arch_name,'n_runs': runs_used, 'reduce_lr_rate': lr_drop,'learning_rate': lr_tag, 'learning_rate': lr_tag, 'regularisation': l2_reg, 'num_epochs': epochs_n, 'nlabels': n_labels})


train_X,val_X,test_X,train_y,val_y,test_y = preprocessing.load_fmri_runs(data_dir, hparams)

fit_history, result_prefix = train.fit_resnet3d(results_dir, hparams, train_X, val_X, test_X, train_y, val_y, test_y)

# scoring the saved weights
# settings for the scoring step

hparams_eval = hparams # change to score another saved model

# curves and ROC
evaluate.roc_results(results_dir, hparams_eval, test_X, test_y)
evaluate.plot(results_dir, hparams_eval)
    






