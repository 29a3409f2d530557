import numpy as np
import pickle
from model import create_model
import tensorflow as tf
from tensorflow.keras.callbacks import EarlyStopping, LearningRateScheduler
from tensorflow.keras.optimizers import Adam, SGD, RMSprop
import keras.backend as K
from sklearn.utils import class_weight
import os
from loss import *
import sys


def harmonic_f1(truth, guess):
    tp_count = K.sum(K.round(K.clip(truth * guess, 0, 1)))
    actual_pos = K.sum(K.round(K.clip(truth, 0, 1)))
    guessed_pos = K.sum(K.round(K.clip(guess, 0, 1)))
    prec = tp_count / (guessed_pos + K.epsilon())
    rec = tp_count / (actual_pos + K.epsilon())
    score = 2*(prec*rec)/(prec+rec+K.epsilon())
    return score

def run():
    objective_name = sys.argv[1]
    '''
    read the pre-split chunk files
    '''

    # output folder for this particular chunk combination
    out_dir = '../../Data/model-results/single-labels/batch-1-3-4/'

    if not os.path.exists(out_dir):
        os.mkdir(out_dir)
        os.mkdir(out_dir + 'checkpoints/')
        print('output folder created')
    else:
        print('output folder present already')



    split_root = '../../Data/stratified-dataset/train-test-splits-single-label-batches/'

    # three chunk folders are combined

    chunk_a = split_root + 'batch-1/'
    chunk_b = split_root + 'batch-3/'
    chunk_c = split_root + 'batch-4/'

    n_chunks = 3
    chunk_dirs = [chunk_a, chunk_b, chunk_c]

    print('reading sequences and targets of all splits')

    # gather every chunk into python lists
    tr_x = [], tr_y = [], te_x = [], te_y = [], va_x = [], va_y = []

    for c in range(n_chunks):

        tr_x_npz = np.load(chunk_dirs[c] + 'train-sequences.npz')
        tr_x.extend(tr_x_npz['arr_0'])

        tr_y_npz = np.load(chunk_dirs[c] + 'data/train-labels.npz')
        tr_y.extend(tr_y_npz['arr_0'])

        va_x_npz = np.load(chunk_dirs[c] + '/validation-sequences.npz')
        va_x.extend(va_x_npz['arr_0'])

        va_y_npz = np.load(chunk_dirs[c] + 'validation-labels.npz')
        va_y.extend(va_y_npz['arr_0'])

        te_x_npz = np.load(chunk_dirs[c] + 'test-sequences.npz')
        te_x.extend(te_x_npz['arr_0'])

        te_y_npz = np.load(chunk_dirs[c] + 'test-labels.npz')
        te_y.extend(te_y_npz['arr_0'])

    tr_y = np.array(tr_y)
    te_y = np.array(te_y)
    va_y = np.array(va_y)

    tr_x = np.array(tr_x)
    te_x = np.array(te_x)
    va_x = np.array(va_x)

    print('all splits are in memory')

    print('\tshapes of training inputs and targets')
    print(tr_x.shape)
    print(tr_y.shape)

    print('\tshapes of validation inputs and targets')
    print(va_x.shape)
    print(va_y.shape)

    print('\tshapes of test inputs and targets')
    print(te_x.shape)
    print(te_y.shape)

    np.savez_compressed(out_dir + 'test-labels.npz', te_y)


    net = create_model(filters = 320)
    print('\tnetwork built')

    '''
    resume from stored weights when they exist
    '''
    if os.path.exists('../..Data/model-results/single-labels/batch-2-3-4/checkpoints/' + 'pfnet.12-0.25.hdf5'):
        net.load_weights('../..Data/model-results/single-labels/batch-2-3-4/checkpoints/' + 'pfnet.12-0.25.hdf5')
        print('resumed from stored weights')
    else:
        print('no stored weights, fresh start')

    print('\tcompiling')

    # time based learning-rate decay
    lr0 = 1e-5
    n_epochs = 12
    decay_rate = lr0/n_epochs
    print("decay rate", decay_rate)
    def decay_schedule(ep, current_lr):
        return current_lr * 1/(1 + decay_rate * ep)


    # choose the objective
    if objective_name == 'focal-loss':
        objective = focal_loss(alpha = 0.45)
        print('\tusing focal loss')
    else:
        objective = tf.keras.losses.CategoricalCrossentropy()
        print('\tusing categorical cross entropy')

    tracked = [tf.keras.metrics.Precision(name = 'precision'),
    tf.keras.metrics.Recall(name = 'recall'),
    tf.keras.metrics.AUC(name = 'auc', curve = 'ROC'),
    tf.keras.metrics.CategoricalAccuracy(name ='accuracy'),
    tf.keras.metrics.AUC(name = 'aupr', curve = 'PR'),
    harmonic_f1
    ]

    net.compile(loss = objective,\
        optimizer = tf.keras.optimizers.Adam(learning_rate = lr0),\
             metrics = tracked)

    print('\tcompiled')
    print('\tlayer overview')
    net.summary()

    # keep the best weights
    ckpt_cb = tf.keras.callbacks.ModelCheckpoint(
    filepath = out_dir + 'checkpoints/tbinet.{epoch:02d}-{val_loss:.2f}.hdf5',\
        save_weights_only=True,\
            monitor='val_loss',\
                mode='auto',\
                    save_best_only=True)

    # stop when validation stalls
    stopper = EarlyStopping(monitor='val_loss', patience=7, verbose=1)

    # balanced weights per family
    true_ids = np.argmax(tr_y, axis=-1)
    fam_weights = class_weight.compute_class_weight('balanced', classes = np.unique(true_ids), \
        y = true_ids)


    hist = net.fit(tr_x, tr_y, batch_size = 100, shuffle = True, epochs = 12,\
        verbose = 1, validation_data = (va_x, va_y),\
            class_weight = fam_weights, \
                callbacks=[ckpt_cb, stopper, LearningRateScheduler(decay_schedule)])

    scores = net.evaluate(te_x, te_y, verbose = 1)
    print(net.metrics_names)
    preds = net.predict(te_x, verbose = 1)

    del tr_x, tr_y, va_x, va_y, te_x, te_y

    # keep test-set scores
    with open(out_dir + 'test-set-results.json', 'wb') as fh:
        pickle.dump(scores, fh)

    # keep the fit history
    with open(out_dir + 'model-history.json', 'wb') as fh:
        pickle.dump(hist.history, fh)

    # keep the raw predictions
    np.savetxt(out_dir + 'predictions-test.csv', preds)

    notes =  open(out_dir + 'training_details.txt', "w")
    notes.write("Initial lr: {}".format(lr0))
    #notes.write("\nFocal alpha: {}".format(fl_alpha))
    notes.write("\nMetric names: {}".format(net.metrics_names))
    notes.write("\nChunks used: 1 and 4")
    notes.close()

run()
