import h5py
import sys
import csv
import matplotlib.pyplot as plt
import time

import fitting
import evaluation


#input file
#if the file changes, change n_out too: seq->10, l131k_w128->4229
data = h5py.File('/data/genome/l131k_w128.h5')
#data = h5py.File('/data/genome/seq.h5')
#data = h5py.File('/mnt/laptop/genome/seq.h5')
#data = h5py.File('/mnt/laptop/genome/l131k_w128.h5')
n_out = 4229

#gpu index
#index 0..7
args = sys.argv
gpu_id = int(args[1])

#step size
#lr = 0.001

#epochs
epochs = 200

#batch size
bs = 64

#number of folds
folds = 6


best_idx = fitting.fit_kfold(data, gpu_id, epochs, bs, n_out, folds)
print(best_idx)

ckpt_path = './model_checkpoint/checkpoint_fold{}.pth'.format(best_idx)

#evaluation
evaluation.evaluate_checkpoint(data, gpu_id, bs, n_out, ckpt_path)

