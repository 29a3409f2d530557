# -*- coding: utf-8 -*-
import numpy as np
import scipy.io as sio
from keras.utils.np_utils import to_categorical
from keras.optimizers import Adam, SGD, Adadelta, RMSprop, Nadam
import keras.callbacks as kcallbacks
from keras.utils import plot_model
import time
import datetime
import collections
from sklearn import metrics, preprocessing
from operator import truediv
from Utils import fdssc_model, record, extract_samll_cubic
import tensorflow as tf


def make_net():
    net = fdssc_model.fdssc_model.build_fdssc((1, WIN_R, WIN_C, N_BANDS), n_cls)
    opt = RMSprop(lr=0.0003)
    net.compile(loss='categorical_crossentropy', optimizer=opt, metrics=['accuracy'])

    return net


def split_pixels(test_frac, gt_flat):
    train = {}
    test = {}
    cls_pos = {}
    m = max(gt_flat)
    for i in range(m):
        idx = [j for j, x in enumerate(gt_flat.ravel().tolist()) if x == i + 1]
        np.random.shuffle(idx)
        cls_pos[i] = idx
        n_te_cls = int(test_frac * len(idx))
        train[i] = idx[:-n_te_cls]
        test[i] = idx[-n_te_cls:]
    tr_idx = []
    te_idx = []
    for i in range(m):
        tr_idx += train[i]
        te_idx += test[i]
    np.random.shuffle(tr_idx)
    np.random.shuffle(te_idx)
    return tr_idx, te_idx


class CurveLog(kcallbacks.Callback):
    def on_train_begin(self, logs={}):
        self.losses = []
        self.acc = []

    def on_epoch_end(self, epoch, logs={}):
        self.losses.append(logs.get('loss'))
        self.acc.append(0.1*logs.get('acc'))


def per_class_acc(conf):
    diag = np.diag(conf)
    row_sum = np.sum(conf, axis=1)
    cls_acc = np.nan_to_num(truediv(diag, row_sum))
    mean_acc = np.mean(cls_acc)
    return cls_acc, mean_acc


print('== reading the scene ==')

global SCENE  # IN, UP or KSC
dataset = input('scene (IN, UP or KSC)? ')
SCENE = dataset.upper()
if SCENE == 'IN':
    mat = sio.loadmat('datasets/Indian_pines_corrected.mat')
    cube = mat['indian_pines_corrected']
    gt_mat = sio.loadmat('datasets/Indian_pines_gt.mat')
    gt_img = gt_mat['indian_pines_gt']
    N_LABELLED = 10249
    N_TR = 2055
    TEST_FRAC = 0.8

if SCENE == 'UP':
    pav = sio.loadmat('datasets/PaviaU.mat')
    pav_gt = sio.loadmat('datasets/PaviaU_gt.mat')
    cube = pav['paviaU']
    gt_img = pav_gt['paviaU_gt']
    N_LABELLED = 42776
    N_TR = 4281
    TEST_FRAC = 0.9

if SCENE == 'KSC':
    ksc = sio.loadmat('datasets/KSC.mat')
    ksc_gt = sio.loadmat('datasets/KSC_gt.mat')
    cube = ksc['KSC']
    gt_img = ksc_gt['KSC_gt']
    N_LABELLED = 5211
    N_TR = 1048
    TEST_FRAC = 0.8


print(cube.shape)
flat = cube.reshape(np.prod(cube.shape[:2]), np.prod(cube.shape[2:]))
gt_v = gt_img.reshape(np.prod(gt_img.shape[:2]),)
n_cls = max(gt_v)
print('classes:', n_cls)

print('== settings ==')
batch_size = 32
EPOCHS = 80
RUNS = 10
HALF = 4

WIN_R = 2*HALF+1
WIN_C = 2*HALF+1
N_BANDS = cube.shape[2]
N_DIM = cube.shape[2]

N_VA = int(0.5*N_TR)
N_TE = N_LABELLED - N_TR

flat = preprocessing.scale(flat)
cube_s = flat.reshape(cube.shape[0], cube.shape[1], cube.shape[2])
scene_cube = cube_s
padded = np.lib.pad(scene_cube, ((HALF, HALF), (HALF, HALF), (0, 0)),
                         'constant', constant_values=0)

now = datetime.datetime.now()
stamp = now.strftime('%m_%d_%H_%M')

kappas = []
oas = []
aas = []
fit_secs = []
eval_secs = []
cls_accs = np.zeros((RUNS, n_cls))

seed_list = [1331, 1332, 1333, 1334, 1335, 1336, 1337, 1338, 1339, 1340, 1341]

for run in range(RUNS):
    print("== run %d ==" % (run + 1))
    ckpt_path = 'models/'+SCENE+'_FDSSC_'+stamp+'@'+str(run+1)+'.hdf5'

    np.random.seed(seed_list[run])
    tr_pix, te_pix = split_pixels(TEST_FRAC, gt_v)

    N_TR = len(tr_pix)
    print('train:', N_TR)
    N_TE = N_LABELLED - N_TR
    print('test:', N_TE)
    N_VA = int(0.5*N_TR)
    print('val:', N_VA)

    ytr = gt_v[tr_pix]-1
    ytr = to_categorical(np.asarray(ytr))

    yte = gt_v[te_pix]-1
    yte = to_categorical(np.asarray(yte))

    print('== cutting neighbourhood cubes ==')
    cubes_tr = extract_samll_cubic.gather_cubes(N_TR, tr_pix, scene_cube,
                                                        HALF, padded, N_DIM)
    cubes_te = extract_samll_cubic.gather_cubes(N_TE, te_pix, scene_cube,
                                                       HALF, padded, N_DIM)

    xtr = cubes_tr.reshape(cubes_tr.shape[0], cubes_tr.shape[1], cubes_tr.shape[2], N_DIM)
    xte_all = cubes_te.reshape(cubes_te.shape[0], cubes_te.shape[1], cubes_te.shape[2], N_DIM)

    xva = xte_all[-N_VA:]
    yva = yte[-N_VA:]

    xte = xte_all[:-N_VA]
    yte = yte[:-N_VA]

    print("== callbacks and training ==")

    fdssc = make_net()
    plot_model(fdssc, to_file='FDSSC_'+SCENE+'.png', show_shapes=True)
    stop_cb = kcallbacks.EarlyStopping(monitor='val_loss', patience=50, verbose=1, mode='min')
    ckpt_cb = kcallbacks.ModelCheckpoint(ckpt_path, monitor='val_loss', verbose=1,
                                                 save_best_only=True, mode='auto')
    plateau_cb = kcallbacks.ReduceLROnPlateau(monitor='val_acc', factor=0.5, patience=10, mode='auto',
                                                        verbose=1, min_lr=0)
    curves = CurveLog()
    tb_cb = kcallbacks.TensorBoard(log_dir='.\logs', histogram_freq=0, write_graph=True,
                                          write_images=True,
                                          embeddings_freq=0, embeddings_metadata=None)

    t0 = time.clock()
    print(xtr.shape, xte.shape)
    fit_hist = fdssc.fit(
        xtr.reshape(xtr.shape[0], xtr.shape[1], xtr.shape[2], xtr.shape[3], 1), ytr,
        validation_data=(xva.reshape(xva.shape[0], xva.shape[1], xva.shape[2], xva.shape[3], 1), yva),
        batch_size=batch_size, epochs=EPOCHS, shuffle=True,
        callbacks=[stop_cb, ckpt_cb, plateau_cb, curves, tb_cb])
    t1 = time.clock()

    t2 = time.clock()
    scores = fdssc.evaluate(
        xte.reshape(xte.shape[0], xte.shape[1], xte.shape[2], xte.shape[3], 1), yte,
        batch_size=batch_size)
    t3 = time.clock()

    print('fit seconds:', t1 - t0)
    print('eval seconds:', t3 - t2)
    print('test loss:', scores[0])
    print('test acc:', scores[1])
    print(fit_hist.history.keys())

    pred_te = fdssc.predict(xte.reshape(xte.shape[0], xte.shape[1], xte.shape[2],
                                                         xte.shape[3], 1)).argmax(axis=1)
    collections.Counter(pred_te)
    gt_te = gt_v[te_pix]-1

    oa = metrics.accuracy_score(pred_te, gt_te[:-N_VA])
    conf_te = metrics.conf(pred_te, gt_te[:-N_VA])
    cls_acc_te, aa = per_class_acc(conf_te)
    kap = metrics.cohen_kappa_score(pred_te, gt_te[:-N_VA])

    kappas.append(kap)
    oas.append(oa)
    aas.append(aa)
    fit_secs.append(t1 - t0)
    eval_secs.append(t3 - t2)
    cls_accs[run, :] = cls_acc_te


print("== all runs done ==")
record.record_output(oas, aas, kappas, cls_accs, fit_secs, eval_secs,
                     'records/'+SCENE+'_fdssc_'+stamp+'.txt')
print('weights saved as:'+SCENE+'_FDSSC_'+stamp+'.hdf5')
