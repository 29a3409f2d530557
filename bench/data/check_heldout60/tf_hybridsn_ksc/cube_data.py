import os
import numpy as np
import scipy.io as sio
import tifffile

from sklearn.decomposition import PCA
from sklearn.model_selection import train_test_split


# Read one of the benchmark scenes and its ground-truth map
def read_scene(tag,root_dir):
    if tag == 'IP':
        cube = sio.loadmat(os.path.join(root_dir, 'Indian_pines_corrected.mat'))['indian_pines_corrected']
        truth = sio.loadmat(os.path.join(root_dir, 'Indian_pines_gt.mat'))['indian_pines_gt']
    elif tag == 'SA':
        cube = sio.loadmat(os.path.join(root_dir, 'Salinas_corrected.mat'))['salinas_corrected']
        truth = sio.loadmat(os.path.join(root_dir, 'Salinas_gt.mat'))['salinas_gt']
    elif tag == 'PU':
        cube = sio.loadmat(os.path.join(root_dir, 'PaviaU.mat'))['paviaU']
        truth = sio.loadmat(os.path.join(root_dir, 'PaviaU_gt.mat'))['paviaU_gt']
    elif tag == 'HU13':
        # the Houston mat file holds a single key named after the scene
        # (header, version and globals are the other keys)
        #cube = sio.loadmat(os.path.join(root_dir, 'Houston.mat'))
        #truth = sio.loadmat(os.path.join(root_dir,'Houston_gt.mat'))
        cube = sio.loadmat(os.path.join(root_dir, 'Houston.mat'))['Houston']
        truth = sio.loadmat(os.path.join(root_dir,'Houston_gt.mat'))['Houston_gt']
    elif tag == 'KSC':
        cube = sio.loadmat(os.path.join(root_dir, 'KSC.mat'))['KSC']
        truth = sio.loadmat(os.path.join(root_dir,'KSC_gt.mat'))['KSC_gt']

    return cube, truth



# Read the Houston tif rasters with tifffile
# and store each of them again as a .mat file
def tif_to_mat(root_dir,out_dir,tag):
    if tag=='HU13':
        whole=tifffile.imread(os.path.join(root_dir,'2013_IEEE_GRSS_DF_Contest_CASI.tif'))
        roi_tr=tifffile.imread(os.path.join(root_dir,'train_roi.tif'))
        roi_va=tifffile.imread(os.path.join(root_dir,'val_roi.tif'))

        print(whole.shape,roi_tr.shape,roi_va.shape)
        #spectral.imshow(whole)
        #spectral.imshow(roi_tr)
        sio.savemat(os.path.join(out_dir,"houstonWhole.mat"),{'houstonWhole':whole})
        sio.savemat(os.path.join(out_dir,"houstonTrainRoi.mat"),{'houstonTrainRoi':roi_tr})
        sio.savemat(os.path.join(out_dir,"houstonValRoi.mat"),{'houstonValRoi':roi_va})



def read_houston_mats(root_dir,tag):
    if tag=='HU13':
        whole=sio.loadmat(os.path.join(root_dir, 'houstonWhole.mat'))['houstonWhole']
        roi_tr=sio.loadmat(os.path.join(root_dir, 'houstonTrainRoi.mat'))['houstonTrainRoi']
        roi_va=sio.loadmat(os.path.join(root_dir, 'houstonValRoi.mat'))['houstonValRoi']
        return whole,roi_tr,roi_va



### Principal components over the bands
### fewer, decorrelated spectral channels
def reduce_bands(cube, n_keep=75):
    flat = np.reshape(cube, (-1, cube.shape[2]))
    reducer = PCA(n_components=n_keep, whiten=True)
    flat = reducer.fit_transform(flat)
    flat = np.reshape(flat, (cube.shape[0],cube.shape[1], n_keep))
    return flat, reducer



### Border of zeros around the scene
def zero_border(cube, edge=2):
    framed = np.zeros((cube.shape[0] + 2 * edge, cube.shape[1] + 2* edge, cube.shape[2]))
    row0 = edge
    col0 = edge
    framed[row0:cube.shape[0] + row0, col0:cube.shape[1] + col0, :] = cube
    return framed



### One small 3D window around every pixel
def cut_windows(cube, truth, side=5, drop_unlabelled = True):
    edge = int((side - 1) / 2)
    framed = zero_border(cube, edge=edge)
    # every pixel gets its own window
    windows = np.zeros((cube.shape[0] * cube.shape[1], side, side, cube.shape[2]))
    window_tags = np.zeros((cube.shape[0] * cube.shape[1]))
    k = 0
    for i in range(edge, framed.shape[0] - edge):
        for j in range(edge, framed.shape[1] - edge):
            piece = framed[i - edge:i + edge + 1, j - edge:j + edge + 1]
            windows[k, :, :, :] = piece
            window_tags[k] = truth[i-edge, j-edge]
            k = k + 1
    if drop_unlabelled:
        windows = windows[window_tags>0,:,:,:]
        window_tags = window_tags[window_tags>0]
        window_tags -= 1
    return windows, window_tags

# Stratified split.
def split_sets(feats, tags, test_share, seed=345):
    f_tr, f_te, t_tr, t_te = train_test_split(feats, tags, test_size=test_share, random_state=seed,
                                                        stratify=tags)
    return f_tr, f_te, t_tr, t_te
