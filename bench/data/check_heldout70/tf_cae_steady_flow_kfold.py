import numpy as np
import pyvista as pv
from sklearn.model_selection import KFold
from sklearn.preprocessing import MinMaxScaler
from tensorflow.keras.callbacks import EarlyStopping
from model import *

# read the u and v velocity fields of every simulated case
def read_cases(count):
    mesh = pv.UnstructuredGrid('data/case1.vtk')

    vel = mesh.cell_arrays['U']
    ux = vel[:, 0]
    uy = vel[:, 1]

    n_cells = ux.shape[0]
    side = int(np.sqrt(n_cells))

    # one row per case
    ux_all = np.zeros((count, n_cells))
    uy_all = np.zeros((count, n_cells))

    ux_all[0, :] = ux
    uy_all[0, :] = uy

    for c in range(1, count):
        path = 'data/case' + str(c+1) + '.vtk'
        mesh = pv.UnstructuredGrid(path)
        vel = mesh.cell_arrays['U']
        ux = vel[:, 0]
        uy = vel[:, 1]
        ux_all[c, :] = ux
        uy_all[c, :] = uy

    return ux_all, uy_all

# min-max scaling fitted on train + validation rows
def minmax_split(tr, va, te):
    mm = MinMaxScaler()
    mm.fit(np.vstack((tr, va)))

    tr = mm.transform(tr)
    va = mm.transform(va)
    te = mm.transform(te)

    return mm, tr, va, te

# pack the two components as image channels
def to_images(ux_rows, uy_rows):
    count = ux_rows.shape[0]
    side = int(np.sqrt(ux_rows.shape[1]))

    imgs = np.zeros((count, side, side, 2))
    for c in range(0, count):
        imgs[c, :, :, 0] = np.reshape(ux_rows[c, :], (side, side))
        imgs[c, :, :, 1] = np.reshape(uy_rows[c, :], (side, side))

    return imgs

# unpack image channels back to flat rows
def from_images(imgs):
    count = imgs.shape[0]
    n_cells = imgs.shape[1]**2

    ux_rows = np.zeros((count, n_cells))
    uy_rows = np.zeros((count, n_cells))

    for c in range(0, count):
        ux_rows[c, :] = imgs[c, :, :, 0].flatten()
        uy_rows[c, :] = imgs[c, :, :, 1].flatten()

    return ux_rows, uy_rows

# relative L2 error per case
def rel_error(truth, approx, average=True):
    gap = np.abs(truth - approx)

    gap_norm = np.linalg.norm(gap, axis=1)
    truth_norm = np.linalg.norm(truth, axis=1)

    ratio = np.divide(gap_norm, truth_norm)

    if average is True:
        return np.mean(ratio)
    else:
        return ratio

TOTAL_CASES = 500  # number of simulations on disk

# split fractions
FRAC_TRAIN = 0.8
FRAC_TEST = 0.1
FRAC_VAL = 0.1

NUM_TRAIN = int(TOTAL_CASES*FRAC_TRAIN)
NUM_TEST = int(TOTAL_CASES*FRAC_TEST)
NUM_VAL = int(TOTAL_CASES*FRAC_VAL)

# k-fold cross-validation
FOLDS = 5
splitter = KFold(n_splits=FOLDS)

CODE_SIZE = 5
LR = 3e-4
MAX_EPOCHS = 7500
BS = 8
PATIENCE = 500

WRITE_WEIGHTS = False

ux_all, uy_all = read_cases(TOTAL_CASES)
splitter.get_n_splits(ux_all)

if __name__ == "__main__":

    fold = 0 # running fold counter
    for tr_idx, te_idx in splitter.split(ux_all):

        ux_tr = ux_all[tr_idx, :]
        ux_te = ux_all[te_idx, :]

        uy_tr = uy_all[tr_idx, :]
        uy_te = uy_all[te_idx, :]

        ux_va = ux_te[NUM_TEST:NUM_VAL+NUM_TEST, :]
        uy_va = uy_te[NUM_TEST:NUM_VAL+NUM_TEST, :]

        ux_te = ux_te[0:NUM_TEST, :]
        ux_te_raw = ux_te + 0

        uy_te = uy_te[0:NUM_TEST, :]
        uy_te_raw = uy_te + 0

        sx, ux_tr, ux_va, ux_te = minmax_split(ux_tr, ux_va, ux_te)
        sy, uy_tr, uy_va, uy_te = minmax_split(uy_tr, uy_va, uy_te)

        img_tr = to_images(ux_tr, uy_tr)
        img_va = to_images(ux_va, uy_va)
        img_te = to_images(ux_te, uy_te)

        cae = Autoencoder(CODE_SIZE)
        cae.compile(optimizer=Adam(LR), loss='mse')

        stopper = EarlyStopping(
            monitor='val_loss', min_delta=0, patience=PATIENCE, verbose=0,
            mode='auto', baseline=None, restore_best_weights=False)

        cae.fit(
            img_tr,
            img_tr,
            epochs=MAX_EPOCHS,
            batch_size=BS,
            shuffle=True,
            validation_data=(img_va, img_va),
            callbacks=[stopper]
        )

        if WRITE_WEIGHTS is True:
           out_path = "weights/weights_" + str(CODE_SIZE) + "_fold_" + str(fold+1)
           cae.save_weights(filepath=out_path)

        # reconstruct the held-out cases
        recon = cae.predict(img_te)

        ux_rec, uy_rec = from_images(recon)

        # undo the scaling
        ux_rec = sx.inverse_transform(ux_rec)
        uy_rec = sy.inverse_transform(uy_rec)

        err_x = rel_error(ux_te_raw, ux_rec)
        err_y = rel_error(uy_te_raw, uy_rec)

        fold += 1
