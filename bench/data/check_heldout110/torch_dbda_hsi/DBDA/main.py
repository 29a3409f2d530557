import numpy as np
import time
import collections
from torch import optim
import torch
from sklearn import metrics, preprocessing
import datetime

import sys
sys.path.append('../global_module/')
import network
import train
from generate_pic import per_class_acc, split_pixels,read_scene, draw_maps, make_loaders
from Utils import fdssc_model, record, extract_samll_cubic

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

#(disabled line)
seed_list = [1331, 1332, 1333, 1334, 1335, 1336, 1337, 1338, 1339, 1340, 1341]
n_ens = 1

now = datetime.datetime.now()
stamp = now.strftime('%m_%d_%H_%M')

print('== reading the scene ==')



global SCENE  # note
dataset = input('scene (IN, UP, BS, SV, PC or KSC)? ')
SCENE = dataset.upper()
cube, gt_img, N_LABELLED, N_TR,TEST_FRAC = read_scene(SCENE)

print(cube.shape)
n_rows_img, n_cols_img, N_B = cube.shape
data = cube.reshape(np.prod(cube.shape[:2]), np.prod(cube.shape[2:]))
gt_v = gt_img.reshape(np.prod(gt_img.shape[:2]),)
N_CLASSES = max(gt_v)
print('classes:', N_CLASSES)

print('== settings ==')
RUNS = 10
HALF = 4
# note
#(disabled line)
lr, n_epochs, batch_size = 0.00050, 200, 16
#(disabled line)
#(disabled line)
#(disabled line)
#(disabled line)
#(disabled line)
#(disabled line)
crit = torch.nn.CrossEntropyLoss()

WIN_R = 2*HALF+1
WIN_C = 2*HALF+1
N_BANDS = cube.shape[2]
N_DIM = cube.shape[2]
N_ALL = cube.shape[0] * cube.shape[1]
N_VA = int(N_TR)
N_TE = N_LABELLED - N_TR


kappas = []
oas = []
aas = []
fit_secs = []
eval_secs = []
cls_accs = np.zeros((RUNS, N_CLASSES))

data = preprocessing.scale(data)
cube_s = data.reshape(cube.shape[0], cube.shape[1], cube.shape[2])
scene_cube = cube_s
padded = np.lib.pad(scene_cube, ((HALF, HALF), (HALF, HALF), (0, 0)),
                         'constant', constant_values=0)

for run in range(RUNS):
    print('run:', run)
    net = network.DBDA_network_MISH(N_B, N_CLASSES)
    adam = optim.Adam(net.parameters(), lr=lr, amsgrad=False) #(disabled line)
    t_start = int(time.time())
    np.random.seed(seed_list[run])
    tr_pix, te_pix = split_pixels(TEST_FRAC, gt_v)
    _, all_pix = split_pixels(1, gt_v)

    N_TR = len(tr_pix)
    print('train:', N_TR)
    N_TE = N_LABELLED - N_TR
    print('test:', N_TE)
    N_VA = int(N_TR)
    print('val:', N_VA)

    print('== cutting neighbourhood cubes ==')

    tr_iter, va_iter, te_iter, all_it = make_loaders(N_TR, tr_pix, N_TE, te_pix, N_LABELLED, all_pix, N_VA,
                  scene_cube, HALF, padded, N_DIM, batch_size, gt_v)

    t0 = time.clock()
    train.train(net, tr_iter, va_iter, crit, adam, device, epochs=n_epochs)
    t1 = time.clock()

    pred_te = []
    t2 = time.clock()
    with torch.no_grad():
        for X, y in te_iter:
            X = X.to(device)
            net.eval()  # note
            logits = net(X)
            #(disabled line)
            pred_te.extend(np.array(net(X).cpu().argmax(axis=1)))
    t3 = time.clock()
    collections.Counter(pred_te)
    gt_te = gt_v[te_pix] - 1


    oa = metrics.accuracy_score(pred_te, gt_te[:-N_VA])
    conf_te = metrics.conf(pred_te, gt_te[:-N_VA])
    cls_acc_te, aa = per_class_acc(conf_te)
    kap = metrics.cohen_kappa_score(pred_te, gt_te[:-N_VA])

    torch.save(net.state_dict(), "./net/" + str(round(oa, 3)) + '.pt')
    kappas.append(kap)
    oas.append(oa)
    aas.append(aa)
    fit_secs.append(t1 - t0)
    eval_secs.append(t3 - t2)
    cls_accs[run, :] = cls_acc_te

print("== " + net.name + " done ==")
record.record_output(oas, aas, kappas, cls_accs, fit_secs, eval_secs,
                     'records/' + net.name + stamp + '_' + SCENE + '_split' + str(TEST_FRAC) + '_lr' + str(lr) + '.txt')


draw_maps(all_it, net, gt_img, SCENE, device, all_pix)
