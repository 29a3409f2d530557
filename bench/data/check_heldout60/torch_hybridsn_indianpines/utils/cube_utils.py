import numpy as np
from sklearn.decomposition import PCA
from sklearn.model_selection import train_test_split
import scipy.io as sio


def pca_bands(cube, n_components=30):
    """Reduce the spectral axis with PCA."""
    H, W, C = cube.shape
    cube = cube.reshape(-1, C)
    reducer = PCA(n_components=n_components, whiten=True)
    cube = reducer.fit_transform(cube)
    return cube.reshape(H, W, n_components)


# border pixels need neighbours too, so the scene gets a frame of zeros
def frame_zeros(cube, margin=2):
    out = np.zeros((cube.shape[0] + 2 * margin, cube.shape[1] + 2 * margin, cube.shape[2]))
    r0 = margin
    c0 = margin
    out[r0:cube.shape[0] + r0, c0:cube.shape[1] + c0, :] = cube
    return out


# one window per pixel, stacked the way the network wants them
def cut_cubes(cube, gt, window_size=5, remove_zero_labels=True):
    # frame first
    margin = int((window_size - 1) / 2)
    framed = frame_zeros(cube, margin=margin)
    # all windows
    wins = np.zeros((cube.shape[0] * cube.shape[1], window_size, window_size, cube.shape[2]))
    win_labels = np.zeros((cube.shape[0] * cube.shape[1]))
    k = 0
    for r in range(margin, framed.shape[0] - margin):
        for c in range(margin, framed.shape[1] - margin):
            w = framed[r - margin:r + margin + 1, c - margin:c + margin + 1]
            wins[k, :, :, :] = w
            win_labels[k] = gt[r - margin, c - margin]
            k = k + 1
    if remove_zero_labels:
        wins = wins[win_labels > 0, :, :, :]
        win_labels = win_labels[win_labels > 0]
        win_labels -= 1
    return wins, win_labels


def split_sets(feats, labels, test_share, seed=345):
    f_tr, f_te, l_tr, l_te = train_test_split(feats, labels, test_size=test_share, random_state=seed, stratify=labels)
    return f_tr, f_te, l_tr, l_te


def read_scene(config):
    cube = sio.loadmat(config.DATA_PATH['Indian_pines']['data'])['indian_pines_corrected']
    gt = sio.loadmat(config.DATA_PATH['Indian_pines']['gt'])['indian_pines_gt']
    return cube, gt