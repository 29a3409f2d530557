from sklearn.utils import shuffle
import os
import numpy as np
from scipy.io import loadmat
from sklearn.model_selection import train_test_split
import tensorflow as tf

def load_fmri_runs(data_dir, hparams):
    # settings
    runs_used = hparams['n_runs']
    
    # list the run files
    run_files_all = os.listdir(data_dir)
    run_files = shuffle(run_files_all,random_state=0)[:runs_used]
    print(len(run_files))

    print("binary task")
    X = []
    y = []
    for run_file in run_files:
        mat_file = os.path.join(data_dir, run_file)
        mat_data = loadmat(mat_file)  # one run: its volumes and labels
        labelled_idx = np.argwhere(mat_data['labels'] != [0])[:,0]
        X += list(mat_data['I'][0][labelled_idx])
        y += list(mat_data['labels'][labelled_idx].flatten())
        labelled_idx = []

        labelled_idx = np.argwhere(mat_data['labels_test'] != [0])[:,0]
        X += list(mat_data['I_test'][0][labelled_idx])
        y += list(mat_data['labels_test'][labelled_idx].flatten())
        labelled_idx = []

    X = np.array(X)
    y = np.array([y[i]-1 for i in range(len(y))]) # keep classes 1 and 2 only and shift them to 0/1

    print(f'samples kept: {len(y)}')

    # drop the references
    raw_x, raw_y = [], []

    trainval_X, test_X, trainval_y, test_y = train_test_split(X,y,test_size=0.2,stratify=y,random_state=0)
    X, y = [], []# drop the references

    train_X, val_X, train_y, val_y = train_test_split(trainval_X,trainval_y, test_size=0.2,stratify=trainval_y,random_state=0)
    trainval_X, trainval_y = [], [] # drop the references

    print(f"train counts per class: {np.bincount(train_y.astype('int'))}")
    print(f"val counts per class: {np.bincount(val_y.astype('int'))}")
    print(f"test counts per class: {np.bincount(test_y.astype('int'))}")

    train_counts = np.bincount(train_y.astype('int'))

    class_share = [train_counts[0]/(train_counts[0]+train_counts[1]),train_counts[1]/(train_counts[0]+train_counts[1])]
    print(f'class shares: {class_share}')


    train_y = tf.keras.utils.to_categorical(train_y,2)
    val_y = tf.keras.utils.to_categorical(val_y,2)
    test_y = tf.keras.utils.to_categorical(test_y,2)

    train_X = train_X.reshape(-1,64,64,44,1)
    val_X = val_X.reshape(-1,64,64,44,1)
    test_X = test_X.reshape(-1,64,64,44,1)

    print(train_X.shape)
    print(train_y.shape)

    return  train_X,val_X,test_X,train_y,val_y,test_y
