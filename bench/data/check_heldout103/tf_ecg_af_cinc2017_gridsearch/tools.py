import pylab as plt
import matplotlib
import numpy as np
from keras.models import Sequential
from keras.layers import Dense, Flatten, Conv1D, MaxPooling1D, AveragePooling1D, Dropout
from keras.layers import Activation, BatchNormalization
from keras.optimizers import Adam
from keras.utils import np_utils
import tensorflow as tf
from sklearn.model_selection import KFold
np.set_printoptions(suppress=True)
matplotlib.use('Agg')

def plot_curve(out_dir, hist, key, val_key):
    plt.figure()
    plt.plot(hist.history[key])
    plt.plot(hist.history[val_key])
    plt.title('history')
    plt.ylabel(key)
    plt.xlabel('epoch')
    plt.legend(['train', 'val'], loc='upper left')
    plt.savefig(out_dir+"/"+key+'.png')
    
def show_plot(out_dir, hist):
    plot_curve(out_dir, hist, 'acc', 'val_acc')
    plot_curve(out_dir, hist, 'loss', 'val_loss')

def write_file(path, scores, f1, net):
    with open(path, "w+") as fh:
        fh.write('loss: {:.3f}'.format(scores[0])+"\n")
        fh.write('acc: {:.3f}'.format(scores[1])+"\n")
        fh.write('F1 AF: '+str(f1[0])+"\n")
        fh.write('F1 noisy: '+str(f1[1])+"\n")
        fh.write('F1 normal: '+str(f1[2])+"\n")
        fh.write('F1 other: '+str(f1[3])+"\n")
        net.summary(print_fn=lambda s: fh.write(s + '\n'))
        
def get_data():
    x_tr = np.load("/data/cinc2017_30s/train_data.npy")
    y_tr = np.load("/data/cinc2017_30s/train_label.npy")
    x_va = np.load("/data/cinc2017_30s/validation_data.npy")
    y_va = np.load("/data/cinc2017_30s/validation_label.npy")
    x_te = np.load("/data/cinc2017_30s/test_data.npy")
    y_te = np.load("/data/cinc2017_30s/test_label.npy")

    x_tr = np.append(x_tr, x_va, axis=0)
    y_tr = np.append(y_tr, y_va, axis=0)
    x_tr = np.append(x_tr, x_te, axis=0)
    y_tr = np.append(y_tr, y_te, axis=0)

    x_all = x_tr.reshape((x_tr.shape[0], x_tr.shape[1], 1))
    y_all = np_utils.to_categorical(y_tr, 4)
    print('x:', x_all.shape)
    print('y:', y_all.shape)

    splitter = KFold(n_splits=5, shuffle=True)
    print(splitter)

    folds_x_tr = []
    folds_y_tr = []
    folds_cls_va = []
    folds_x_va = []
    folds_y_va = []

    for tr_idx, va_idx in splitter.split(x_all):
        print('train idx:', tr_idx, 'n', len(tr_idx), 'val idx:', va_idx, 'n', len(va_idx))
        folds_x_tr.append(x_all[tr_idx])
        folds_y_tr.append(y_all[tr_idx])
        folds_x_va.append(x_all[va_idx])
        folds_y_va.append(y_all[va_idx])
        folds_cls_va.append(y_tr[va_idx])

    folds_x_tr = np.array(folds_x_tr)
    folds_y_tr = np.array(folds_y_tr)
    folds_x_va = np.array(folds_x_va)
    folds_y_va = np.array(folds_y_va)
    folds_cls_va = np.array(folds_cls_va)
    
    return folds_x_tr, folds_y_tr, folds_x_va, folds_y_va, folds_cls_va

def create_model(lr, bs, ks, depth):
    width = 32
    
    net = Sequential()
    # first block
    net.add(Conv1D(filters = width, kernel_size = ks, input_shape = (9000, 1)))
    net.add(Activation('relu'))
    net.add(BatchNormalization())
    net.add(MaxPooling1D(pool_size = 2))
    
    for d in range(2,depth+1):
        try:
            if d==depth:
                net.add(Conv1D(filters = width, kernel_size = ks))
                net.add(Activation('relu'))
                break
            if d%2 != 0:
                width = width *2
            net.add(Conv1D(filters = width, kernel_size = ks))
            net.add(Activation('relu'))
            net.add(MaxPooling1D(pool_size = 2))
            if d in [6, 8, 9]:
                net.add(Dropout(0.5))
        except ValueError:
            print("configuration too deep [lr, bs, ks, depth]: ",[lr, bs, ks, d+1])
            return False
    
    net.add(Flatten())
    net.add(Dense(128, activation = 'relu'))
    net.add(Dropout(0.5))
    net.add(Dense(32, activation = 'relu'))
    net.add(Dense(4, activation = "softmax"))
    
    opt = Adam(lr = lr)
    net.compile(optimizer = opt, loss = "categorical_crossentropy", metrics=['accuracy'])
    
    return net
