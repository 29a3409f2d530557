# -----------------------------------------------------------------------------
#                              helper functions                               #
# -----------------------------------------------------------------------------
# shared by the data, training and scoring scripts                            #
#                                                                             #
# -----------------------------------------------------------------------------
# I/O, masks, metrics and small conveniences for the regression experiments   #
# -----------------------------------------------------------------------------


import functools
import os
import pickle
import time
import glob
#import netCDF4
import numpy as np
from sklearn.metrics import (explained_variance_score, mean_absolute_error,
                             mean_squared_error, median_absolute_error,
                             r2_score)

import h5py


def get_koppen_index():
    kp = np.array(h5py.File('koppen_index.mat')['koppen_index']).T
    kp = np.concatenate(
        (kp[:, 361:], kp[:, :361]), axis=-1)


def _read_inputs(task,
                 input_path='/data/era5/daily_inputs/',
                 mask_path='/data/era5/daily_inputs/',):
    # the whole job file
    fh = open(input_path + 'ERA5_DD_A1_case_' + str(task) + '.pickle', 'rb')
    bundle = pickle.load(fh)
    # split arrays
    x_fit = bundle['X_train']
    x_chk = bundle['X_valid']
    y_fit = bundle['y_train']
    y_chk = bundle['y_valid']

    # land / NaN mask of the tile
    fh = open(mask_path + 'nan_mask_case_' + str(task) + '.pickle', 'rb')
    land = pickle.load(fh)

    return x_fit, x_chk, y_fit, y_chk, land


def _read_nc(file_path):
    """read one netCDF file and coarsen it in space and time.

    Args:
        file_path (str): file to read
    """
    ds = netCDF4.Dataset(file_path)

    # Notes:
    #   assumes the target variable is the last variable
    #   stored in the file.
    var_name = list(ds.variables.keys())[-1]
    field = ds[var_name][:]

    # Notes:
    #   the fill-value threshold depends on the variable.
    field[field < 1e-4] = np.nan

    # raw dimensions
    n_time, n_lat, n_lon = field.shape

    # 4x4 spatial block means
    coarse = np.full((n_time, n_lat//4, n_lon//4), np.nan)
    for a in range(n_lat // 4):
        for b in range(n_lon // 4):
            block = field[:, 4 * a:4 * a + 4, 4 * b:4 * b + 4]
            coarse[:, a, b] = np.nanmean(
                block, axis=(-1, -2))

    daily = np.full((n_time//24, n_lat//4, n_lon//4), np.nan)
    for t in range(n_time // 24):
        hours = coarse[24 * t:24 * t + 24, :, :]
        daily[t, :, :] = np.mean(hours, axis=0)

    return daily


def _get_folder_list(folder_path, file_type='nc'):
    """Sorted list of the files of a folder.

    Args:
        folder_path (str):
            folder to scan
        file_type (str):
            file extension
    """
    # collect
    found = glob.glob(folder_path + 'ERA5*' + file_type, recursive=True)
    print(found)

    # sort keys
    keys = []

    # TODO: parse the names more robustly.
    for k, path in enumerate(found):
        year = path.split('_')[2]
        month = path.split('_')[3]
        keys.append(int(year + month))

    # ordering
    order = np.argsort(np.array(keys))

    # ordered list
    ordered = [found[k] for k in order]
    return ordered


def _get_task_from_regions(num_lat, num_lon, interval):
    """Start indices of every lat/lon tile"""
    # grid
    lat = np.arange(0, num_lat-1, interval)
    lon = np.arange(0, num_lon-1, interval)
    # tiles
    return [[int(lat[a]), int(lon[b])] for a in range(len(lat))
            for b in range(len(lon))]


def _get_nan_mask(y=None):
    """"mask with NaN where any time step is missing."""
    land = np.full((y.shape[-2], y.shape[-1]), 0.0)

    for a in range(y.shape[-2]):
        for b in range(y.shape[-1]):
            if np.isnan(y[:, a, b]).any():
                land[a, b] = np.nan
    return land


def print_log():
    """Banner"""
    print('regression toolkit \n')
    print('      ----------------------------------------')
    print('      |                                      |')
    print('      |        met regression models         |')
    print('      |                                      |')
    print('      |                                      |')
    print('      ----------------------------------------')
    print('\n[MetReg][INFO] starting')
    print('[MetReg][INFO] see the README for usage \n')


def inverse(pred, true):
    """Undo min-max scaling of predictions per pixel"""
    # scaler
    mm = MinMaxScaler()
    # per pixel
    for a in range(true.shape[1]):
        for b in range(true.shape[2]):
            if (np.isnan(true[:, a, b, :]).any()) or (np.isnan(pred[:, a, b, :]).any()):
                print('pixel skipped')
            else:
                mm.fit_transform(true[:, a, b, :])
                pred[:, a, b, :] = mm.inverse_transform(pred[:, a, b, :])
    return pred


def save2pickle(data, out_path, out_file):
    """Pickle an object to disk"""
    # create the folder when missing
    if not os.path.exists(out_path):
        os.mkdir(out_path)
    # write
    fh = open(out_path + out_file, 'wb')
    pickle.dump(data, fh, protocol=4)
    fh.close()


def save(mdl: dict, dir_save, name_save):
    """pickle sklearn models.

    Args:
        mdl (dict): models to store
        dir_save (str): folder below the working directory
        name_save (str): file name
    """
    if not os.path.isdir(os.getcwd() + dir_save):
        os.mkdir(os.getcwd() + dir_save)

    pickle.dump(mdl, open(os.getcwd() + dir_save + name_save, 'wb'))


def tictoc(func):
    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        t0 = time.time()
        out = func(*args, **kwargs)
        t1 = time.time()
        print('elapsed: %d' % (t1-t0))
        return out
    return wrapped


def get_ml_models(block):
    """Instantiate classical regressors by name.

    Args:
        block (list of str): model names

    Raises:
        NotImplementedError: unknown variant
    """
    found = []

    for name in block:
        if 'linear' in name:
            lin = Linear_Regression()
            if 'default' in name:
                found.append(lin.default())
            elif 'lasso' in name:
                found.append(lin.lasso())
            elif 'ridge' in name:
                found.append(lin.ridge())
            elif 'elastic' in name:
                found.append(lin.elasticnet())
            else:
                raise NotImplementedError(
                    r"unknown linear variant")
        elif 'svr' in name:
            sv = Support_Vector_Regression()
            if 'gs' in name:
                found.append(sv.gridsearch(
                    sv.svr(), tuned_params(algorithm=1)))
            else:
                found.append(sv.svr())
        elif 'tree' in name:
            tr = Tree_Regression()
            if 'gs' in name:
                found.append(tr.gridsearch(tr.bagging(
                    algorithm=1), tuned_params(algorithm=2)))
            elif 'dt' in name:
                found.append(tr.decision_tree())
            elif 'rf' in name:
                found.append(tr.bagging(algorithm=1))
            elif 'adaboost' in name:
                found.append(tr.boosting(algorithm=1))
            elif 'GBDT' in name:
                found.append(tr.boosting(algorithm=2))
            elif 'Xgboost' in name:
                found.append(tr.boosting(algorithm=3))
            elif 'LightGBM' in name:
                found.append(tr.boosting(algorithm=4))
            else:
                raise NotImplementedError(
                    r"unknown tree variant")
        elif 'gpr' in name:
            gp = Gaussian_Process_Regression()
            found.append((gp.GPR()))
        elif 'nn' in name:
            ann = Nerual_Network_Regression()
            found.append((ann.ANN()))
        else:
            raise NameError('unknown model name')

    return found


# (S, T, lat, lon, F) -> (S, T*F, lat, lon)
def ML_data(inputs):
    """flatten time and features for classical models.

    Args:
        inputs (numpy array): (sample, timesteps, lat, lon, feature)

    Returns:
        outputs (numpy array): (sample, timesteps * feature, lat, lon)
    """
    if inputs.ndim < 4 or inputs.ndim > 5:
        raise TypeError('expects a 4-d or 5-d array.')
    elif inputs.ndim == 4:
        S, LAT, LON, F = inputs.shape
        return np.squeeze(inputs.reshape(S, F, LAT, LON))
    elif inputs.ndim == 5:
        S, T, LAT, LON, F = inputs.shape
        return np.squeeze(inputs.reshape(S, T*F, LAT, LON))


def tuned_params(algorithm=None):
    """
    Grid-search ranges for the classical models
    1. support vector regression
    gamma and C are searched on log grids; a small gamma underfits,
    a large gamma overfits.
    
    

    C trades training error against margin width; large C fits the
    training data more closely.
    

    2. tree ensembles
    """
    if algorithm == 1:
        grid = {'C': np.logspace(-5, 5, 2),
                        'gamma': np.logspace(-5, 5, 2), }
        # 'kernel': ['poly', 'rbf', 'sigmoid']}

    if algorithm == 2:
        grid = {'n_estimators': np.arange(50, 150, 50)}

    return grid


def cal_metrics(y_predict, y_valid):
    """Per-pixel scores of a gridded prediction.
    Arrays are laid out as (time, Nlat, Nlon).
    NOTE: the set of scores follows common land-model benchmarking
    practice.

    Returns:
        dict of score maps
    """
    # score maps
    evs = np.full((y_predict.shape[-1], y_predict.shape[-1]), np.nan)
    mae = np.full((y_predict.shape[-1], y_predict.shape[-1]), np.nan)
    mdae = np.full((y_predict.shape[-1], y_predict.shape[-1]), np.nan)

    mse = np.full((y_predict.shape[-1], y_predict.shape[-1]), np.nan)
    r2 = np.full((y_predict.shape[-1], y_predict.shape[-1]), np.nan)

    print(evs.shape)

    for a in range(y_predict.shape[-1]):
        for b in range(y_predict.shape[-1]):

            # scores of one pixel
            evs[a, b] = explained_variance_score(
                y_valid[:, a, b], y_predict[:, a, b])
            mae[a, b] = mean_absolute_error(
                y_valid[:, a, b], y_predict[:, a, b])
            mse[a, b] = mean_squared_error(
                y_valid[:, a, b], y_predict[:, a, b])
            mdae[a, b] = median_absolute_error(
                y_valid[:, a, b], y_predict[:, a, b])
            r2[a, b] = r2_score(y_valid[:, a, b], y_predict[:, a, b])

    scores = {'evs': evs, 'mae': mae, 'mse': mse,
               'mdae': mdae, 'r2': r2}

    return scores


def gen_callbacks(self):
    # TensorBoard, checkpointing, early stopping
    if not os.path.exists(self.logdir):
        os.mkdir(self.logdir)

    ckpt_file = os.path.join(self.logdir, self.output_model)

    self.callbacks = [
        tf.keras.callbacks.TensorBoard(self.logdir),
        tf.keras.callbacks.ModelCheckpoint(
            ckpt_file, save_best_only=True),
        tf.keras.callbacks.EarlyStopping(patience=5, min_delta=1e-3)]


def plot_learning_curves(self):

    pd.DataFrame((self.history.history)).plot(figsize=(8, 5))
    plt.grid(True)
    plt.gca().set_ylim(0, 0.1)
    plt.show()




def reverse_schedule_sampling_exp(itr):
    #TODO: expose the constants.
    """scheduled-sampling mask, after a public PredRNN port."""

    if itr < 25000:
        r_eta, eta = 0.5, 0.5

    elif itr < 50000:
        r_eta = 1.0 - 0.5 * math.exp(-float((itr-25000)/5000))
        eta = 0.5 - (0.5/(25000)*(itr-25000))
    else:
        r_eta, eta = 1.0, 0.0

    r_flip = np.random.random_sample((2, 7))
    r_keep = (r_flip < r_eta)

    flip = np.random.random_sample((2, 7))
    keep = (flip < eta)

    ones = np.ones((112, 112, 1))
    zeros = np.zeros((112, 112, 1))

    flags = []

    for a in range(2):
        for b in range(14):
            if b < 7:
                if r_keep[a, b]:
                    flags.append(ones)
                else:
                    flags.append(zeros)
                    
            else:
                if keep[a, b - 7]:
                    flags.append(ones)
                else:
                    flags.append(zeros)
    
    flags = np.array(flags)
    flags = np.reshape(flags, (2, 14, 112, 112, 1))
    return flags
