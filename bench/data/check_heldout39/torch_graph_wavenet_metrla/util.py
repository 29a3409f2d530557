import pickle
import numpy as np
import os
import scipy.sparse as sp
import torch
from scipy.sparse import linalg


class BatchLoader(object):
    def __init__(self, x_all, y_all, batch_len, pad_last=True):
        """
        x_all, y_all: the whole split's inputs and targets
        batch_len: samples per batch
        pad_last: repeat the final sample until the count divides evenly
        into batches.
        """
        self.batch_len = batch_len
        self.cursor = 0
        if pad_last:
            pad_count = (batch_len - (len(x_all) % batch_len)) % batch_len
            x_pad = np.repeat(x_all[-1:], pad_count, axis=0)
            y_pad = np.repeat(y_all[-1:], pad_count, axis=0)
            x_all = np.concatenate([x_all, x_pad], axis=0)
            y_all = np.concatenate([y_all, y_pad], axis=0)
        self.n_samples = len(x_all)
        self.n_batches = int(self.n_samples // self.batch_len)
        self.x_all = x_all
        self.y_all = y_all

    def shuffle(self):
        perm_idx = np.random.permutation(self.n_samples)
        x_all, y_all = self.x_all[perm_idx], self.y_all[perm_idx]
        self.x_all = x_all
        self.y_all = y_all

    def get_iterator(self):
        self.cursor = 0

        def _gen():
            while self.cursor < self.n_batches:
                lo = self.batch_len * self.cursor
                hi = min(self.n_samples, self.batch_len * (self.cursor + 1))
                x_batch = self.x_all[lo: hi, ...]
                y_batch = self.y_all[lo: hi, ...]
                yield (x_batch, y_batch)
                self.cursor += 1

        return _gen()

class ZScaler():
    """
    z-score scaling with a stored mean and std
    """

    def __init__(self, mu_val, sigma_val):
        self.mean = mu_val
        self.std = sigma_val

    def transform(self, arr):
        return (arr - self.mean) / self.std

    def inverse_transform(self, arr):
        return (arr * self.std) + self.mean



def sym_norm_adj(adj_m):
    """D^-1/2 A D^-1/2 normalisation of an adjacency."""
    adj_m = sp.coo_matrix(adj_m)
    row_sums = np.array(adj_m.sum(1))
    inv_sqrt_deg = np.power(row_sums, -0.5).flatten()
    inv_sqrt_deg[np.isinf(inv_sqrt_deg)] = 0.
    inv_sqrt_deg_mat = sp.diags(inv_sqrt_deg)
    return adj_m.dot(inv_sqrt_deg_mat).transpose().dot(inv_sqrt_deg_mat).astype(np.float32).todense()

def row_norm_adj(adj_m):
    adj_m = sp.coo_matrix(adj_m)
    row_sums = np.array(adj_m.sum(1)).flatten()
    inv_deg = np.power(row_sums, -1).flatten()
    inv_deg[np.isinf(inv_deg)] = 0.
    deg_mat= sp.diags(inv_deg)
    return deg_mat.dot(adj_m).astype(np.float32).todense()

def norm_laplacian(adj_m):
    """
    Normalised graph Laplacian, I minus the
    symmetric degree-normalised adjacency,
    with degrees taken as row sums.
    Returns a sparse matrix.
    """
    adj_m = sp.coo_matrix(adj_m)
    deg = np.array(adj_m.sum(1))
    inv_sqrt_deg = np.power(deg, -0.5).flatten()
    inv_sqrt_deg[np.isinf(inv_sqrt_deg)] = 0.
    inv_sqrt_deg_mat = sp.diags(inv_sqrt_deg)
    lap_norm = sp.eye(adj_m.shape[0]) - adj_m.dot(inv_sqrt_deg_mat).transpose().dot(inv_sqrt_deg_mat).tocoo()
    return lap_norm

def scaled_laplacian(adj_matrix, lam_max=2, symmetric=True):
    if symmetric:
        adj_matrix = np.maximum.reduce([adj_matrix, adj_matrix.T])
    lap = norm_laplacian(adj_matrix)
    if lam_max is None:
        lam_max, _ = linalg.eigsh(lap, 1, which='LM')
        lam_max = lam_max[0]
    lap = sp.csr_matrix(lap)
    n_rows, _ = lap.shape
    eye_m = sp.identity(n_rows, format='csr', dtype=lap.dtype)
    lap = (2 / lam_max * lap) - eye_m
    return lap.astype(np.float32).todense()

def read_pickle(pkl_path):
    try:
        with open(pkl_path, 'rb') as f:
            pkl_obj = pickle.load(f)
    except UnicodeDecodeError as err:
        with open(pkl_path, 'rb') as f:
            pkl_obj = pickle.load(f, encoding='latin1')
    except Exception as err:
        print('could not read pickle', pkl_path, ':', err)
        raise
    return pkl_obj

def read_adj(adj_pkl_path, adj_kind):
    sensor_id_list, sensor_index, adj_matrix = read_pickle(adj_pkl_path)
    if adj_kind == "scalap":
        adj_m = [scaled_laplacian(adj_matrix)]
    elif adj_kind == "normlap":
        adj_m = [norm_laplacian(adj_matrix).astype(np.float32).todense()]
    elif adj_kind == "symnadj":
        adj_m = [sym_norm_adj(adj_matrix)]
    elif adj_kind == "transition":
        adj_m = [row_norm_adj(adj_matrix)]
    elif adj_kind == "doubletransition":
        adj_m = [row_norm_adj(adj_matrix), row_norm_adj(np.transpose(adj_matrix))]
    elif adj_kind == "identity":
        adj_m = [np.diag(np.ones(adj_matrix.shape[0])).astype(np.float32)]
    else:
        bad = 0
        assert bad, "unknown adjacency kind"
    return sensor_id_list, sensor_index, adj_m


def read_dataset_splits(split_data_dir, batch_len, val_batch_len= None, test_batch_len=None):
    arr = {}
    for split_name in ['train', 'val', 'test']:
        split_npz = np.load(os.path.join(split_data_dir, split_name + '.npz'))
        arr['x_' + split_name] = split_npz['x']
        arr['y_' + split_name] = split_npz['y']
    norm_scaler = ZScaler(mu_val=arr['x_train'][..., 0].mean(), sigma_val=arr['x_train'][..., 0].std())
    # scale the first channel of every split
    for split_name in ['train', 'val', 'test']:
        arr['x_' + split_name][..., 0] = norm_scaler.normalize_arr(arr['x_' + split_name][..., 0])
    arr['train_loader'] = BatchLoader(arr['x_train'], arr['y_train'], batch_len)
    arr['val_loader'] = BatchLoader(arr['x_val'], arr['y_val'], val_batch_len)
    arr['test_loader'] = BatchLoader(arr['x_test'], arr['y_test'], test_batch_len)
    arr['scaler'] = norm_scaler
    return arr

def mse_masked(pred_vals, label_vals, null_value=np.nan):
    if np.isnan(null_value):
        mask_w = ~torch.isnan(label_vals)
    else:
        mask_w = (label_vals!=null_value)
    mask_w = mask_w.float()
    mask_w /= torch.mean((mask_w))
    mask_w = torch.where(torch.isnan(mask_w), torch.zeros_like(mask_w), mask_w)
    loss_arr = (pred_vals-label_vals)**2
    loss_arr = loss_arr * mask_w
    loss_arr = torch.where(torch.isnan(loss_arr), torch.zeros_like(loss_arr), loss_arr)
    return torch.mean(loss_arr)

def rmse_masked(pred_vals, label_vals, null_value=np.nan):
    return torch.sqrt(mse_masked(pred_vals=pred_vals, label_vals=label_vals, null_value=null_value))


def mae_masked(pred_vals, label_vals, null_value=np.nan):
    if np.isnan(null_value):
        mask_w = ~torch.isnan(label_vals)
    else:
        mask_w = (label_vals!=null_value)
    mask_w = mask_w.float()
    mask_w /=  torch.mean((mask_w))
    mask_w = torch.where(torch.isnan(mask_w), torch.zeros_like(mask_w), mask_w)
    loss_arr = torch.abs(pred_vals-label_vals)
    loss_arr = loss_arr * mask_w
    loss_arr = torch.where(torch.isnan(loss_arr), torch.zeros_like(loss_arr), loss_arr)
    return torch.mean(loss_arr)


def mape_masked(pred_vals, label_vals, null_value=np.nan):
    if np.isnan(null_value):
        mask_w = ~torch.isnan(label_vals)
    else:
        mask_w = (label_vals!=null_value)
    mask_w = mask_w.float()
    mask_w /=  torch.mean((mask_w))
    mask_w = torch.where(torch.isnan(mask_w), torch.zeros_like(mask_w), mask_w)
    loss_arr = torch.abs(pred_vals-label_vals)/label_vals
    loss_arr = loss_arr * mask_w
    loss_arr = torch.where(torch.isnan(loss_arr), torch.zeros_like(loss_arr), loss_arr)
    return torch.mean(loss_arr)


def score_metrics(pred_y, real_y):
    mae_v = mae_masked(pred_y,real_y,0.0).item()
    mape_v = mape_masked(pred_y,real_y,0.0).item()
    rmse_v = rmse_masked(pred_y,real_y,0.0).item()
    return mae_v,mape_v,rmse_v


