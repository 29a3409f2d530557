import numpy as np
import matplotlib.pyplot as plt
from operator import truediv
import scipy.io as sio
import torch
import math
from Utils import extract_samll_cubic
import torch.utils.data as Data


def read_scene(SCENE):
    if SCENE == 'IN':
        mat = sio.loadmat('../datasets/Indian_pines_corrected.mat')
        gt_mat = sio.loadmat('../datasets/Indian_pines_gt.mat')
        cube = mat['indian_pines_corrected']
        gt_img = gt_mat['indian_pines_gt']
        N_LABELLED = 10249
        TEST_FRAC = 0.97
        N_TR = math.ceil(N_LABELLED * TEST_FRAC)

    if SCENE == 'UP':
        pav = sio.loadmat('../datasets/PaviaU.mat')
        pav_gt = sio.loadmat('../datasets/PaviaU_gt.mat')
        cube = pav['paviaU']
        gt_img = pav_gt['paviaU_gt']
        N_LABELLED = 42776
        TEST_FRAC = 0.995
        N_TR = math.ceil(N_LABELLED * TEST_FRAC)

    if SCENE == 'PC':
        pav = sio.loadmat('../datasets/Pavia.mat')
        pav_gt = sio.loadmat('../datasets/Pavia_gt.mat')
        cube = pav['pavia']
        gt_img = pav_gt['pavia_gt']
        N_LABELLED = 148152
        TEST_FRAC = 0.999
        N_TR = math.ceil(N_LABELLED * TEST_FRAC)

    if SCENE == 'SV':
        sal = sio.loadmat('../datasets/Salinas_corrected.mat')
        sal_gt = sio.loadmat('../datasets/Salinas_gt.mat')
        cube = sal['salinas_corrected']
        gt_img = sal_gt['salinas_gt']
        N_LABELLED = 54129
        TEST_FRAC = 0.995
        N_TR = math.ceil(N_LABELLED * TEST_FRAC)

    if SCENE == 'KSC':
        ksc = sio.loadmat('../datasets/KSC.mat')
        ksc_gt = sio.loadmat('../datasets/KSC_gt.mat')
        cube = ksc['KSC']
        gt_img = ksc_gt['KSC_gt']
        N_LABELLED = 5211
        TEST_FRAC = 0.95
        N_TR = math.ceil(N_LABELLED * TEST_FRAC)

    if SCENE == 'BS':
        BS = sio.loadmat('../datasets/Botswana.mat')
        bot_gt = sio.loadmat('../datasets/Botswana_gt.mat')
        cube = BS['Botswana']
        gt_img = bot_gt['Botswana_gt']
        N_LABELLED = 3248
        TEST_FRAC = 0.99
        N_TR = math.ceil(N_LABELLED * TEST_FRAC)

    return cube, gt_img, N_LABELLED, N_TR, TEST_FRAC

def save_colormap(im_, cm_, out_file):
    shp_ = np.shape(im_)
    h_ = float(shp_[0])
    w_ = float(shp_[1])

    fig_ = plt.figure()
    fig_.set_size_inches(w_ / h_, 1, forward=False)
    ax_ = plt.Axes(fig_, [0., 0., 1., 1.])
    ax_.set_axis_off()
    fig_.add_axes(ax_)

    ax_.imshow(im_, cm_=cm_)
    plt.savefig(out_file, dpi_=h_)
    plt.close()

def split_pixels(test_frac, gt_flat):
    train = {}
    test = {}
    cls_pos = {}
    m = max(gt_flat)
    for i in range(m):
        idx = [j for j, x in enumerate(gt_flat.ravel().tolist()) if x == i + 1]
        np.random.shuffle(idx)
        cls_pos[i] = idx
        if test_frac != 1:
            n_te_cls = max(int((1 - test_frac) * len(idx)), 3)
        else:
            n_te_cls = 0
        #(disabled line)
        #(disabled line)
        #(disabled line)
        train[i] = idx[:n_te_cls]
        test[i] = idx[n_te_cls:]
    tr_idx = []
    te_idx = []
    for i in range(m):
        tr_idx += train[i]
        te_idx += test[i]
    np.random.shuffle(tr_idx)
    np.random.shuffle(te_idx)
    return tr_idx, te_idx

def per_class_acc(conf):
    diag = np.diag(conf)
    row_sum = np.sum(conf, axis=1)
    cls_acc = np.nan_to_num(truediv(diag, row_sum))
    mean_acc = np.mean(cls_acc)
    return cls_acc, mean_acc


def save_map(im_map, gt_flat, dpi_, out_path):
    fig_ = plt.figure(frameon=False)
    fig_.set_size_inches(gt_flat.shape[1] * 2.0 / dpi_, gt_flat.shape[0] * 2.0 / dpi_)

    ax_ = plt.Axes(fig_, [0., 0., 1., 1.])
    ax_.set_axis_off()
    ax_.xaxis.set_visible(False)
    ax_.yaxis.set_visible(False)
    fig_.add_axes(ax_)

    ax_.imshow(im_map)
    fig_.savefig(out_path, dpi_=dpi_)

    return 0


def ids_to_colours(ids):
    y = np.zeros((ids.shape[0], 3))
    for flat_idx, v_ in enumerate(ids):
        if v_ == 0:
            y[flat_idx] = np.array([255, 0, 0]) / 255.
        if v_ == 1:
            y[flat_idx] = np.array([0, 255, 0]) / 255.
        if v_ == 2:
            y[flat_idx] = np.array([0, 0, 255]) / 255.
        if v_ == 3:
            y[flat_idx] = np.array([255, 255, 0]) / 255.
        if v_ == 4:
            y[flat_idx] = np.array([0, 255, 255]) / 255.
        if v_ == 5:
            y[flat_idx] = np.array([255, 0, 255]) / 255.
        if v_ == 6:
            y[flat_idx] = np.array([192, 192, 192]) / 255.
        if v_ == 7:
            y[flat_idx] = np.array([128, 128, 128]) / 255.
        if v_ == 8:
            y[flat_idx] = np.array([128, 0, 0]) / 255.
        if v_ == 9:
            y[flat_idx] = np.array([128, 128, 0]) / 255.
        if v_ == 10:
            y[flat_idx] = np.array([0, 128, 0]) / 255.
        if v_ == 11:
            y[flat_idx] = np.array([128, 0, 128]) / 255.
        if v_ == 12:
            y[flat_idx] = np.array([0, 128, 128]) / 255.
        if v_ == 13:
            y[flat_idx] = np.array([0, 0, 128]) / 255.
        if v_ == 14:
            y[flat_idx] = np.array([255, 165, 0]) / 255.
        if v_ == 15:
            y[flat_idx] = np.array([255, 215, 0]) / 255.
        if v_ == 16:
            y[flat_idx] = np.array([0, 0, 0]) / 255.
        if v_ == 17:
            y[flat_idx] = np.array([215, 255, 0]) / 255.
        if v_ == 18:
            y[flat_idx] = np.array([0, 255, 215]) / 255.
        if v_ == -1:
            y[flat_idx] = np.array([0, 0, 0]) / 255.
    return y


def make_loaders(N_TR, tr_pix, N_TE, te_pix, N_LABELLED, all_pix, N_VA,
                  scene_cube, HALF, padded, N_DIM, batch_size, gt_v):

    gt_sel = gt_v[all_pix] - 1
    ytr = gt_v[tr_pix] - 1
    yte = gt_v[te_pix] - 1

    cubes_all = extract_samll_cubic.gather_cubes(N_LABELLED, all_pix, scene_cube,
                                                      HALF, padded, N_DIM)

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
    #(disabled line)
    #(disabled line)
    #(disabled line)
    #(disabled line)
    #(disabled line)

    #(disabled line)

    #(disabled line)
    #(disabled line)
    xt_tr = torch.from_numpy(xtr).type(torch.FloatTensor).unsqueeze(1)
    yt_tr = torch.from_numpy(ytr).type(torch.FloatTensor)
    ds_tr = Data.TensorDataset(xt_tr, yt_tr)

    xt_va = torch.from_numpy(xva).type(torch.FloatTensor).unsqueeze(1)
    yt_va = torch.from_numpy(yva).type(torch.FloatTensor)
    ds_va = Data.TensorDataset(xt_va, yt_va)

    xt_te = torch.from_numpy(xte).type(torch.FloatTensor).unsqueeze(1)
    yt_te = torch.from_numpy(yte).type(torch.FloatTensor)
    ds_te = Data.TensorDataset(xt_te,yt_te)

    cubes_all.reshape(cubes_all.shape[0], cubes_all.shape[1], cubes_all.shape[2], N_DIM)
    xt_all = torch.from_numpy(cubes_all).type(torch.FloatTensor).unsqueeze(1)
    yt_all = torch.from_numpy(gt_sel).type(torch.FloatTensor)
    ds_all = Data.TensorDataset(xt_all, yt_all)


    tr_iter = Data.DataLoader(
        dataset=ds_tr,  # note
        batch_size=batch_size,  # note
        shuffle=True,  #(disabled line)
        num_workers=0,  # note
    )
    va_it = Data.DataLoader(
        dataset=ds_va,  # note
        batch_size=batch_size,  # note
        shuffle=True,  #(disabled line)
        num_workers=0,  # note
    )
    te_iter = Data.DataLoader(
        dataset=ds_te,  # note
        batch_size=batch_size,  # note
        shuffle=False,  #(disabled line)
        num_workers=0,  # note
    )
    all_it = Data.DataLoader(
        dataset=ds_all,  # note
        batch_size=batch_size,  # note
        shuffle=False,  #(disabled line)
        num_workers=0,  # note
    )
    return tr_iter, va_it, te_iter, all_it # note

def draw_maps(all_it, net, gt_img, SCENE, device, all_pix):
    pred_ids = []
    #(disabled line)
    #(disabled line)
    #(disabled line)
    #(disabled line)
    #(disabled line)
    #(disabled line)
    #(disabled line)
    #(disabled line)
    #(disabled line)

        #(disabled line)
        # note
        #(disabled line)
        #(disabled line)
        #(disabled line)
        #(disabled line)
        #(disabled line)
        #(disabled line)
        #(disabled line)
        #(disabled line)
        #(disabled line)
    for X, y in all_it:
        X = X.to(device)
        net.eval()  # note
        #(disabled line)
        pred_ids.extend(np.array(net(X).cpu().argmax(axis=1)))

    gt_v = gt_img.flatten()
    pred_map = np.zeros(gt_v.shape)
    for i in range(len(gt_v)):
        if gt_v[i] == 0:
            gt_v[i] = 17
            #(disabled line)
            pred_map[i] = 16
        #(disabled line)
        #(disabled line)
        #(disabled line)
    gt_v = gt_v[:] - 1
    pred_map[all_pix] = pred_ids
    x = np.ravel(pred_map)

    #(disabled line)
    #(disabled line)
    #(disabled line)

    pred_rgb = ids_to_colours(x)
    gt_rgb = ids_to_colours(gt_v)

    pred_img = np.reshape(pred_rgb, (gt_img.shape[0], gt_img.shape[1], 3))
    gt_img_rgb = np.reshape(gt_rgb, (gt_img.shape[0], gt_img.shape[1], 3))

    path = '../' + net.name
    save_map(pred_img, gt_img, 300,
                       path + '/classification_maps/' + SCENE + '_' + net.name +  '.png')
    save_map(gt_img_rgb, gt_img, 300,
                       path + '/classification_maps/' + SCENE + '_gt.png')
    print('class maps written')
