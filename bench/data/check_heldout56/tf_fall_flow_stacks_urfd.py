from __future__ import print_function
from numpy.random import seed
seed(1)
import numpy as np
import matplotlib
matplotlib.use('Agg')
from matplotlib import pyplot as plt
import os
import h5py
import scipy.io as sio
import cv2
import glob
import gc

from keras.models import load_model, Model, Sequential
from keras.layers import (Input, Conv2D, MaxPooling2D, Flatten,
                          Activation, Dense, Dropout, ZeroPadding2D)
from keras.optimizers import Adam
from keras.layers.normalization import BatchNormalization
from keras.callbacks import EarlyStopping, ModelCheckpoint
from keras import backend as K
from sklearn.metrics import confusion_matrix, accuracy_score
from sklearn.model_selection import KFold, StratifiedShuffleSplit
from keras.layers.advanced_activations import ELU

os.environ["CUDA_DEVICE_ORDER"]="PCI_BUS_ID"
os.environ["CUDA_VISIBLE_DEVICES"]="1"

# paths and switches ---
flow_root = '/data/urfd_flow/'
mean_mat = '/data/flow_mean.mat'
vgg_weights = 'weights.h5'
extract_first = False
write_plots = True

# True: skip training and only evaluate
# the saved per-fold models
from_checkpoint = False # True or False
# --------------------------

models_dir = 'models/'
plots_dir = 'plots/'
ckpt_prefix = models_dir + 'fold_'

feat_dir = 'saved_features/'
feat_h5 = feat_dir + 'features_urfd_tf.h5'
lbl_h5 = feat_dir + 'labels_urfd_tf.h5'
feat_key = 'features'
lbl_key = 'labels'

L = 10
n_feat = 4096
use_bn = True
lr = 0.0001
batch = 64
w_fall = 1
n_epochs = 3000
hold_out_val = False
# after early stopping, one more pass over train+val
refit_with_val = False
n_val = 100
# decision threshold
cutoff = 0.5

# run tag
tag = 'urfd_lr{}_batchs{}_batchnorm{}_w0_{}'.format(
    lr,
    batch,
    use_bn,
    w_fall
)

def draw_history(prefix, which, to_file, hist):
    '''
    Accuracy / loss curves of one fit
    Args:
    * prefix: file prefix; 'accuracy.png' or 'loss.png' is
        appended.
    * which: 'loss' and/or 'accuracy'
    * to_file: write to disk instead of showing.
    * hist: the history dict of a Keras fit.
    '''
    has_val = False
    if 'val_acc' in hist and 'val_loss' in hist:
        has_val = True
    plt.ioff()
    if 'accuracy' in which:
        fig = plt.figure()
        plt.plot(hist['acc'])
        if has_val: plt.plot(hist['val_acc'])
        plt.title('accuracy')
        plt.ylabel('accuracy')
        plt.xlabel('epoch')
        if has_val:
            plt.legend(['train', 'val'], loc='upper left')
        else:
            plt.legend(['train'], loc='upper left')
        if to_file == True:
            plt.savefig(prefix + 'accuracy.png')
            plt.gcf().clear()
        else:
            plt.show()
        plt.close(fig)

    # loss curve
    if 'loss' in which:
        fig = plt.figure()
        plt.plot(hist['loss'])
        if has_val: plt.plot(hist['val_loss'])
        plt.title('loss')
        plt.ylabel('loss')
        plt.xlabel('epoch')
        #plt.ylim(1e-3, 1e-2)
        plt.yscale("log")
        if has_val:
            plt.legend(['train', 'val'], loc='upper left')
        else:
            plt.legend(['train'], loc='upper left')
        if to_file == True:
            plt.savefig(prefix + 'loss.png')
            plt.gcf().clear()
        else:
            plt.show()
        plt.close(fig)

def pairs(seq_a, seq_b):
    '''
    Yields matching items of two lists, one pair
        per next() call
    '''
    for a,b in zip(seq_a,seq_b):
        yield a, b

def extract_features(extractor,
                     feat_h5,
                     lbl_h5,
                     feat_key,
                     lbl_key):
    '''
    Build the stacks of optical flow of every video, run them through
        the VGG16 trunk
    and write the fc6 vectors to 'feat_h5' and the
        labels to 'lbl_h5'.
    Args:
    * extractor: VGG16 up to fc6.
    * feat_h5: hdf5 file for the feature vectors
        
    * lbl_h5: hdf5 file for the labels
        
    * feat_key: dataset name for the features
    * lbl_key: dataset name for the labels
    '''

    pos_dir = 'Falls'
    neg_dir = 'NotFalls'

    # mean flow image
    m = sio.loadmat(mean_mat)
    mean_img = m['image_mean']

    # video folders and their classes
    dirs, cls = [], []
    pos_videos = [v for v in os.listdir(flow_root + pos_dir)
                  if os.path.isdir(os.path.join(flow_root + pos_dir, v))]
    pos_videos.sort()
    for v in pos_videos:
        xs = glob.glob(flow_root + pos_dir + '/' + v
                       + '/flow_x*.jpg')
        if int(len(xs)) >= 10:
            dirs.append(flow_root + pos_dir + '/' + v)
            cls.append(0)

    neg_videos = [v for v in os.listdir(flow_root + neg_dir)
                  if os.path.isdir(os.path.join(flow_root + neg_dir, v))]
    neg_videos.sort()
    for v in neg_videos:
        xs = glob.glob(flow_root + neg_dir + '/' + v
                       + '/flow_x*.jpg')
        if int(len(xs)) >= 10:
            dirs.append(flow_root + neg_dir + '/' + v)
            cls.append(1)

    # sliding window: num_images-L+1 stacks per video
    n_stacks_all = 0
    for d in dirs:
        xs = glob.glob(d + '/flow_x*.jpg')
        n_stacks_all += len(xs)-L+1

    # output files
    # 'w' wipes whatever was there
    fh_feat = h5py.File(feat_h5,'w')
    fh_lbl = h5py.File(lbl_h5,'w')
    ds_feat = fh_feat.create_dataset(feat_key,
                                     shape=(n_stacks_all, n_feat),
                                     dtype='float64')
    ds_lbl = fh_lbl.create_dataset(lbl_key,
                                   shape=(n_stacks_all, 1),
                                   dtype='float64')
    pos = 0

    for d, c in zip(dirs, cls):
        xs = glob.glob(d + '/flow_x*.jpg')
        xs.sort()
        ys = glob.glob(d + '/flow_y*.jpg')
        ys.sort()
        n_stacks = len(xs)-L+1
        # every stack of this video
        stacks = np.zeros(shape=(224,224,2*L,n_stacks), dtype=np.float64)
        it = pairs(xs,ys)
        for i in range(len(xs)):
            fx_file, fy_file = it.next()
            fx = cv2.imread(fx_file, cv2.IMREAD_GRAYSCALE)
            fy = cv2.imread(fy_file, cv2.IMREAD_GRAYSCALE)
            # frame i goes to stack i-s at slot s, for every window
            # that contains it
            # (sliding window)
            for s in list(reversed(range(min(10,i+1)))):
                if i-s < n_stacks:
                    stacks[:,:,2*s,  i-s] = fx
                    stacks[:,:,2*s+1,i-s] = fy
            del fx,fy
            gc.collect()

        # remove the mean
        stacks = stacks - np.tile(mean_img[...,np.newaxis],
                                  (1, 1, 1, stacks.shape[3]))
        stacks = np.transpose(stacks, (3, 0, 1, 2))
        feats = np.zeros((stacks.shape[0], n_feat), dtype=np.float64)
        lbls = np.zeros((stacks.shape[0], 1), dtype=np.float64)
        # one forward pass per stack, results
        # written to the hdf5 file
        for i in range(stacks.shape[0]):
            out = extractor.predict(
                np.expand_dims(stacks[i, ...],0))
            feats[i, ...] = out
            lbls[i] = c
        ds_feat[pos:pos+stacks.shape[0],:] = feats
        ds_lbl[pos:pos+stacks.shape[0],:] = lbls
        pos += stacks.shape[0]
    fh_feat.close()
    fh_lbl.close()

def one_video(extractor, video_dir, gt):
    # mean flow image
    m = sio.loadmat(mean_mat)
    mean_img = m['image_mean']

    xs = glob.glob(video_dir + '/flow_x*.jpg')
    xs.sort()
    ys = glob.glob(video_dir + '/flow_y*.jpg')
    ys.sort()
    n_stacks = len(xs)-L+1
    # every stack of this video
    stacks = np.zeros(shape=(224,224,2*L,n_stacks), dtype=np.float64)
    it = pairs(xs,ys)
    for i in range(len(xs)):
        fx_file, fy_file = it.next()
        fx = cv2.imread(fx_file, cv2.IMREAD_GRAYSCALE)
        fy = cv2.imread(fy_file, cv2.IMREAD_GRAYSCALE)
        # frame i goes to stack i-s at slot s, for every window
        # that contains it
        # (sliding window)
        for s in list(reversed(range(min(10,i+1)))):
            if i-s < n_stacks:
                stacks[:,:,2*s,  i-s] = fx
                stacks[:,:,2*s+1,i-s] = fy
        del fx,fy
        gc.collect()
    stacks = stacks - np.tile(mean_img[...,np.newaxis], (1, 1, 1, stacks.shape[3]))
    stacks = np.transpose(stacks, (3, 0, 1, 2))
    feats = np.zeros((stacks.shape[0], n_feat), dtype=np.float64)
    lbls = np.zeros((stacks.shape[0], 1), dtype=np.float64)
    # one forward pass per stack
    for i in range(stacks.shape[0]):
        out = extractor.predict(np.expand_dims(stacks[i, ...],0))
        feats[i, ...] = out
        lbls[i] = gt
    return feats, lbls

def main():
    # ========================================================================
    # VGG-16 trunk on 20-channel flow stacks
    # ========================================================================
    vgg = Sequential()

    vgg.add(ZeroPadding2D((1, 1), input_shape=(224, 224, 20)))
    vgg.add(Conv2D(64, (3, 3), activation='relu', name='conv1_1'))
    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(64, (3, 3), activation='relu', name='conv1_2'))
    vgg.add(MaxPooling2D((2, 2), strides=(2, 2)))

    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(128, (3, 3), activation='relu', name='conv2_1'))
    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(128, (3, 3), activation='relu', name='conv2_2'))
    vgg.add(MaxPooling2D((2, 2), strides=(2, 2)))

    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(256, (3, 3), activation='relu', name='conv3_1'))
    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(256, (3, 3), activation='relu', name='conv3_2'))
    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(256, (3, 3), activation='relu', name='conv3_3'))
    vgg.add(MaxPooling2D((2, 2), strides=(2, 2)))

    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(512, (3, 3), activation='relu', name='conv4_1'))
    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(512, (3, 3), activation='relu', name='conv4_2'))
    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(512, (3, 3), activation='relu', name='conv4_3'))
    vgg.add(MaxPooling2D((2, 2), strides=(2, 2)))

    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(512, (3, 3), activation='relu', name='conv5_1'))
    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(512, (3, 3), activation='relu', name='conv5_2'))
    vgg.add(ZeroPadding2D((1, 1)))
    vgg.add(Conv2D(512, (3, 3), activation='relu', name='conv5_3'))
    vgg.add(MaxPooling2D((2, 2), strides=(2, 2)))

    vgg.add(Flatten())
    vgg.add(Dense(n_feat, name='fc6',
                  kernel_initializer='glorot_uniform'))

    # ========================================================================
    # pretrained weights (caffe layout)
    # ========================================================================
    caffe_names = ['conv1_1', 'conv1_2', 'conv2_1', 'conv2_2', 'conv3_1',
                   'conv3_2', 'conv3_3', 'conv4_1', 'conv4_2', 'conv4_3',
                   'conv5_1', 'conv5_2', 'conv5_3', 'fc6', 'fc7', 'fc8']
    wfile = h5py.File(vgg_weights, 'r')

    by_name = dict([(lyr.name, lyr) for lyr in vgg.layers])

    # conv weights from the caffe file into
    # the Keras trunk
    for name in caffe_names[:-3]:
        w, b = wfile['data'][name]['0'], wfile['data'][name]['1']
        w = np.transpose(np.asarray(w), (2,3,1,0))
        w = w[::-1, ::-1, :, :]
        b = np.asarray(b)
        by_name[name].set_weights((w, b))

    # fc6 weights
    name = caffe_names[-3]
    w, b = wfile['data'][name]['0'], wfile['data'][name]['1']
    w = np.transpose(np.asarray(w), (1,0))
    b = np.asarray(b)
    by_name[name].set_weights((w, b))

    # ========================================================================
    # FEATURES
    # ========================================================================
    if extract_first:
        extract_features(vgg, feat_h5,
                         lbl_h5, feat_key,
                         lbl_key)

    # ========================================================================
    # TRAINING
    # ========================================================================

    opt = Adam(lr=lr, beta_1=0.9, beta_2=0.999,
               epsilon=1e-08)
    vgg.compile(optimizer=opt, loss='categorical_crossentropy',
                metrics=['accuracy'])

    fh_feat = h5py.File(feat_h5, 'r')
    fh_lbl = h5py.File(lbl_h5, 'r')

    # every fc6 vector of every
    # flow stack
    F_all = fh_feat[feat_key]
    y_all = np.asarray(fh_lbl[lbl_key])

    idx0_all = np.asarray(np.where(y_all==0)[0])
    idx1_all = np.asarray(np.where(y_all==1)[0])
    idx0_all.sort()
    idx1_all.sort()

    # 5-fold CV
    kf0 = KFold(n_splits=5, shuffle=True)
    kf0.get_n_splits(F_all[idx0_all, ...])

    kf1 = KFold(n_splits=5, shuffle=True)
    kf1.get_n_splits(F_all[idx1_all, ...])

    sens = []
    specs = []
    fars = []
    mdrs = []
    accs = []

    fold = 1
    # stratified train/test split
    # per fold
    for ((tr0, te0),
    (tr1, te1)) in zip(
        kf0.split(F_all[idx0_all, ...]),
        kf1.split(F_all[idx1_all, ...])
    ):

        tr0 = np.asarray(tr0)
        te0 = np.asarray(te0)
        tr1 = np.asarray(tr1)
        te1 = np.asarray(te1)

        F = np.concatenate((
            F_all[idx0_all, ...][tr0, ...],
            F_all[idx1_all, ...][tr1, ...]
        ))
        y = np.concatenate((
            y_all[idx0_all, ...][tr0, ...],
            y_all[idx1_all, ...][tr1, ...]
        ))
        F_test = np.concatenate((
            F_all[idx0_all, ...][te0, ...],
            F_all[idx1_all, ...][te1, ...]
        ))
        y_test = np.concatenate((
            y_all[idx0_all, ...][te0, ...],
            y_all[idx1_all, ...][te1, ...]
        ))

        if hold_out_val:
            # carve a validation part out of train
            i0 = np.asarray(np.where(y==0)[0])
            i1 = np.asarray(np.where(y==1)[0])

            i0.sort()
            i1.sort()

            sss0 = StratifiedShuffleSplit(n_splits=1,
                                          test_size=n_val/2,
                                          random_state=7)
            parts0 = sss0.split(F[i0,...],
                                np.argmax(y[i0,...], 1))
            sss1 = StratifiedShuffleSplit(n_splits=1,
                                          test_size=n_val/2,
                                          random_state=7)
            parts1 = sss1.split(F[i1,...],
                                np.argmax(y[i1,...], 1))
            tr_i0, va_i0 = parts0.next()
            tr_i1, va_i1 = parts1.next()

            F_train = np.concatenate([F[i0,...][tr_i0,...],
                                      F[i1,...][tr_i1,...]],axis=0)
            y_train = np.concatenate([y[i0,...][tr_i0,...],
                                      y[i1,...][tr_i1,...]],axis=0)
            F_val = np.concatenate([F[i0,...][va_i0,...],
                                    F[i1,...][va_i1,...]],axis=0)
            y_val = np.concatenate([y[i0,...][va_i0,...],
                                    y[i1,...][va_i1,...]],axis=0)
        else:
            F_train = F
            y_train = y

        # same count of both classes
        # by subsampling the larger one
        z0 = np.asarray(np.where(y_train==0)[0])
        z1 = np.asarray(np.where(y_train==1)[0])

        if len(z0) < len(z1):
            z1 = np.random.choice(z1, len(z0), replace=False)
        else:
            z0 = np.random.choice(z0, len(z1), replace=False)
        keep = np.concatenate((z0.flatten(),z1.flatten()))
        keep.sort()
        F_train = F_train[keep,...]
        y_train = y_train[keep]

        # ==================== head ========================
        feat_in = Input(shape=(n_feat,),
                        dtype='float32', name='input')
        if use_bn:
            h = BatchNormalization(axis=-1, momentum=0.99,
                                   epsilon=0.001)(feat_in)
            h = Activation('relu')(h)
        else:
            h = ELU(alpha=1.0)(feat_in)

        h = Dropout(0.9)(h)
        h = Dense(4096, name='fc2', kernel_initializer='glorot_uniform')(h)
        if use_bn:
            h = BatchNormalization(axis=-1, momentum=0.99, epsilon=0.001)(h)
            h = Activation('relu')(h)
        else:
            h = ELU(alpha=1.0)(h)
        h = Dropout(0.8)(h)
        h = Dense(1, name='predictions',
                  kernel_initializer='glorot_uniform')(h)
        h = Activation('sigmoid')(h)

        head = Model(input=feat_in,
                     output=h, name='classifier')
        fold_path = models_dir + 'urfd_fold_{}.h5'.format(
                    fold)
        head.compile(optimizer=opt, loss='binary_crossentropy',
                     metrics=['accuracy'])

        if not from_checkpoint:
            # ==================== fit ========================
            # class weights: only the fall class
            # may get a different one
            cw = {0: w_fall, 1: 1}

            cbs = None
            if hold_out_val:
                # callbacks
                watch = 'val_loss'
                es = EarlyStopping(monitor=watch, min_delta=0, patience=100,
                                   mode='auto')
                mc = ModelCheckpoint(fold_path, monitor=watch,
                                     save_best_only=True,
                                     save_weights_only=False, mode='auto')
                cbs = [es, mc]
            val_data = None
            if hold_out_val:
                val_data = (F_val,y_val)
            bs = batch
            if batch == 0:
                bs = F_train.shape[0]

            hist = head.fit(
                F_train, y_train,
                validation_data=val_data,
                batch_size=bs,
                nb_epoch=n_epochs,
                shuffle=True,
                class_weight=cw,
                callbacks=cbs
            )

            if not hold_out_val:
                head.save(fold_path)

            draw_history(plots_dir + tag, ['accuracy', 'loss'],
                         write_plots, hist.history)

            if hold_out_val and refit_with_val:
                head = load_model(fold_path)

                # train + val together
                F_train = np.concatenate((F_train, F_val), axis=0)
                y_train = np.concatenate((y_train, y_val), axis=0)

                hist = head.fit(
                    F_train, y_train,
                    validation_data=val_data,
                    batch_size=bs,
                    nb_epoch=n_epochs,
                    shuffle='batch',
                    class_weight=cw,
                    callbacks=cbs
                )

                head.save(fold_path)

        # ==================== evaluation ========================

        # best model of the fold
        print('loaded the fold checkpoint')
        head = load_model(fold_path)

        pred = head.predict(np.asarray(F_test))
        for i in range(len(pred)):
            if pred[i] < cutoff:
                pred[i] = 0
            else:
                pred[i] = 1
        # hard 0/1 predictions
        pred = np.asarray(pred).astype(int)
        # metrics
        cm = confusion_matrix(y_test, pred,labels=[0,1])
        tp = cm[0][0]
        fn = cm[0][1]
        fp = cm[1][0]
        tn = cm[1][1]
        tpr = tp/float(tp+fn)
        fpr = fp/float(fp+tn)
        fnr = fn/float(fn+tp)
        tnr = tn/float(tn+fp)
        precision = tp/float(tp+fp)
        recall = tp/float(tp+fn)
        specificity = tn/float(tn+fp)
        f1 = 2*float(precision*recall)/float(precision+recall)
        accuracy = accuracy_score(y_test, pred)

        print('fold {}:'.format(fold))
        print('TP: {}, TN: {}, FP: {}, FN: {}'.format(tp,tn,fp,fn))
        print('TPR: {}, TNR: {}, FPR: {}, FNR: {}'.format(
              tpr,tnr,fpr,fnr))
        print('recall: {}'.format(recall))
        print('specificity: {}'.format(specificity))
        print('precision: {}'.format(precision))
        print('F1: {}'.format(f1))
        print('accuracy: {}'.format(accuracy))

        # keep this fold's numbers
        sens.append(tp/float(tp+fn))
        specs.append(tn/float(tn+fp))
        fars.append(fpr)
        mdrs.append(fnr)
        accs.append(accuracy)
        fold += 1

    print('5-fold summary ===================')
    print("sensitivity: %.2f%% (+/- %.2f%%)" % (np.mean(sens)*100.,
          np.std(sens)*100.))
    print("specificity: %.2f%% (+/- %.2f%%)" % (np.mean(specs)*100.,
          np.std(specs)*100.))
    print("FAR: %.2f%% (+/- %.2f%%)" % (np.mean(fars)*100.,
          np.std(fars)*100.))
    print("MDR: %.2f%% (+/- %.2f%%)" % (np.mean(mdrs)*100.,
          np.std(mdrs)*100.))
    print("accuracy: %.2f%% (+/- %.2f%%)" % (np.mean(accs)*100.,
          np.std(accs)*100.))

if __name__ == '__main__':
    if not os.path.exists(models_dir):
        os.makedirs(models_dir)
    if not os.path.exists(plots_dir):
        os.makedirs(plots_dir)

    main()
