"""
Where the data, the results and the checkpoints live
"""

from param_config import *                                                      # brings dataset_name
import os


root_dir        = '(set me)/FWI-project/'
data_dir        = root_dir + 'data/'                                            # data sets
results_dir     = root_dir + 'results/'                                         # losses and figures
models_dir      = root_dir + 'models/'                                          # checkpoints


set_results_dir = results_dir + '{}Results/'.format(dataset_name)               # per-dataset results folder
set_models_dir  = models_dir  + '{}Model/'.format(dataset_name)                 # per-dataset checkpoint folder
data_dir        = data_dir    + '{}/'.format(dataset_name)                      # per-dataset data folder

if os.path.exists(set_results_dir) and os.path.exists(set_models_dir):
    results_dir = set_results_dir
    models_dir  = set_models_dir
else:
    os.makedirs(set_results_dir)
    os.makedirs(set_models_dir)
    results_dir = set_results_dir
    models_dir  = set_models_dir
