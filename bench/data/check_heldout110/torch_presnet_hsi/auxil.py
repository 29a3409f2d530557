import os
import numpy as np
import scipy.io as sio
from sklearn.decomposition import PCA
from sklearn.preprocessing import MinMaxScaler, StandardScaler
from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix, accuracy_score, classification_report, cohen_kappa_score
from operator import truediv


def random_unison(a,b, rstate=None):
    assert len(a) == len(b)
    perm = np.random.RandomState(seed=rstate).permutation(len(a))
    return a[perm], b[perm]


def split_data_fix(cubes, gt, per_class, rand_state=None):
    counts = np.unique(gt, return_counts=1)[1]
    tr_sizes = [per_class] * len(np.unique(gt))
    n_tr = int(sum(tr_sizes))
    n_te = int(sum(counts)) - int(sum(tr_sizes))
    shp_tr = np.array([n_tr]+list(cubes.shape)[1:])
    shp_te = np.array([n_te]+list(cubes.shape)[1:])
    xtr = np.empty((shp_tr)); ytr = np.empty((n_tr)); xte = np.empty((shp_te)); yte = np.empty((n_te))
    itr = 0; ite = 0;
    for c in np.unique(gt):
        cubes_c = cubes[gt==c]
        gt_c = gt[gt==c]
        cubes_c, gt_c = random_unison(cubes_c, gt_c, rstate=rand_state)
        for n, (a,b) in enumerate(zip(cubes_c, gt_c)):
            if n < tr_sizes[c]:
                xtr[itr,:,:,:] = a
                ytr[itr] = b
                itr += 1
            else:
                xte[ite,:,:,:] = a
                yte[ite] = b
                ite += 1
    xtr, ytr = random_unison(xtr, ytr, rstate=rand_state)
    return xtr, xte, ytr, yte

def split_data(cubes, gt, frac, how="custom", rand_state=69):
    how = "sklearn"
    if how == "sklearn":
        return train_test_split(cubes, gt, test_size=(1-frac), stratify=gt, random_state=rand_state)
    elif how == "custom":
        counts = np.unique(gt, return_counts=1)[1]
        tr_sizes = [int(np.ceil(a*frac)) for a in counts]
        n_tr = int(sum(tr_sizes))
        n_te = int(sum(counts)) - int(sum(tr_sizes))
        shp_tr = np.array([n_tr]+list(cubes.shape)[1:])
        shp_te = np.array([n_te]+list(cubes.shape)[1:])
        xtr = np.empty((shp_tr)); ytr = np.empty((n_tr)); xte = np.empty((shp_te)); yte = np.empty((n_te))
        itr = 0; ite = 0;
        for c in np.unique(gt):
            cubes_c = cubes[gt==c]
            gt_c = gt[gt==c]
            cubes_c, gt_c = random_unison(cubes_c, gt_c, rstate=rand_state)
            for n, (a,b) in enumerate(zip(cubes_c, gt_c)):
                if n < tr_sizes[c]:
                    xtr[itr,:,:,:] = a
                    ytr[itr] = b
                    itr += 1
                else:
                    xte[ite,:,:,:] = a
                    yte[ite] = b
                    ite += 1
        xtr, ytr = random_unison(xtr, ytr, rstate=rand_state)
        return xtr, xte, ytr, yte


def loadData(name, num_components=None):
    folder = os.path.join(os.getcwd(),'data')
    if name == 'IP':
        cube = sio.loadmat(os.path.join(folder, 'indian_pines_corrected.mat'))['indian_pines_corrected']
        gt = sio.loadmat(os.path.join(folder, 'indian_pines_gt.mat'))['indian_pines_gt']
    elif name == 'SV':
        cube = sio.loadmat(os.path.join(folder, 'salinas_corrected.mat'))['salinas_corrected']
        gt = sio.loadmat(os.path.join(folder, 'salinas_gt.mat'))['salinas_gt']
    elif name == 'PU':
        cube = sio.loadmat(os.path.join(folder, 'paviaU.mat'))['paviaU']
        gt = sio.loadmat(os.path.join(folder, 'paviaU_gt.mat'))['paviaU_gt']
    elif name == 'KSC':
        cube = sio.loadmat(os.path.join(folder, 'KSC.mat'))['KSC']
        gt = sio.loadmat(os.path.join(folder, 'KSC_gt.mat'))['KSC_gt']
    else:
        print("unknown data set")
        exit()

    orig_shape = cube.shape
    cube = cube.reshape(-1, cube.shape[-1])
    if num_components != None:
        cube = PCA(n_components=num_components).fit_transform(cube)
        orig_shape = np.array(orig_shape)
        orig_shape[-1] = num_components
    #cube = MinMaxScaler().fit_transform(cube)
    cube = StandardScaler().fit_transform(cube)
    cube = cube.reshape(orig_shape)
    n_cls = len(np.unique(gt)) - 1
    return cube, gt, n_cls


def padWithZeros(X, margin=2):
    padded = np.zeros((X.shape[0] + 2 * margin, X.shape[1] + 2* margin, X.shape[2]))
    dx = margin
    dy = margin
    padded[dx:X.shape[0] + dx, dy:X.shape[1] + dy, :] = X
    return padded

def createImageCubes(X, y, windowSize=5, removeZeroLabels = True):
    margin = int((windowSize - 1) / 2)
    padded = padWithZeros(X, margin=margin)
    # one window per pixel
    windows = np.zeros((X.shape[0] * X.shape[1], windowSize, windowSize, X.shape[2]))
    win_labels = np.zeros((X.shape[0] * X.shape[1]))
    n = 0
    for r in range(margin, padded.shape[0] - margin):
        for c in range(margin, padded.shape[1] - margin):
            win = padded[r - margin:r + margin + 1, c - margin:c + margin + 1]
            #import matplotlib.pyplot as plt
            #plt.imshow(win[:, :, 100])
            #plt.show()
            windows[n, :, :, :] = win
            win_labels[n] = y[r-margin, c-margin]
            n = n + 1
    if removeZeroLabels:
        windows = windows[win_labels>0,:,:,:]
        win_labels = win_labels[win_labels>0]
        win_labels -= 1
    return windows, win_labels.astype("int")


def accuracy(output, target, topk=(1,)):
    """top-k accuracy for each k asked"""
    kmax = max(topk)
    bs = target.size(0)

    _, pred = output.topk(kmax, 1, True, True)
    pred = pred.t()
    hit = pred.eq(target.view(1, -1).expand_as(pred))

    out = []
    for k in topk:
        hit_k = hit[:k].view(-1).float().sum(0)
        out.append(hit_k.mul_(100.0 / bs))
    return out


def AA_andEachClassAccuracy(conf):
    n = conf.shape[0]
    diag = np.diag(conf)
    row_sum = np.sum(conf, axis=1)
    per_class = np.nan_to_num(truediv(diag, row_sum))
    mean_acc = np.mean(per_class)
    return per_class, mean_acc


def reports(y_pred, y_true, name):
    rep = classification_report(y_true, y_pred)
    oa = accuracy_score(y_true, y_pred)
    conf = confusion_matrix(y_true, y_pred)
    per_class, aa = AA_andEachClassAccuracy(conf)
    kappa = cohen_kappa_score(y_true, y_pred)

    return rep, conf, list(np.round(np.array([oa, aa, kappa] + list(per_class)) * 100, 2))
