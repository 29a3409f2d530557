import h5py
import sys
import csv

import fitting


#input file
#if the file changes, change n_out too: seq->10, l131k_w128->4229
#data = h5py.File('/data/genome/l131k_w128.h5')
data = h5py.File('/data/genome/seq.h5')
#data = h5py.File('/mnt/laptop/genome/seq.h5')
#data = h5py.File('/mnt/laptop/genome/l131k_w128.h5')

#gpu index
#index 0..7
args = sys.argv
gpu_id = int(args[1])

#step size
#lr = 0.001

#epochs
epochs = 2

#batch size
bs = 128

#optimiser choice
#0 adam
#1 sgd
#2 rmsprop
#3 adadelta
#4 adamw
#5 adagrad
#6 asgd
#7 adamax
opt_id = gpu_id

#where weights go
out_dir = 'poissonloss'

with open('./train_result_optim/result{}.csv'.format(gpu_id), 'w') as f :
    #send stdout to the file
    sys.stdout = f
    #run training
    fitting.fit_optimizer_sweep(data, gpu_id, epochs, bs, opt_id, out_dir)

#evaluation