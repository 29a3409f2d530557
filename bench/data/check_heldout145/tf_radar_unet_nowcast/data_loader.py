# loading helpers for the radar volumes

import os
import numpy as np
import xarray as xr
import pandas as pd
from skimage.transform import resize
import gc
import psutil

def clean_dbz(arr, ceiling=70.0):
    return np.clip(np.nan_to_num(arr, nan=0.0), 0, ceiling)

def clean_wind(arr):
    return np.nan_to_num(arr, nan=0.0)

def wind_speed(w):
    return np.abs(w)

def wind_div(w):
    dx = np.gradient(w, axis=-2)
    dy = np.gradient(w, axis=-1)
    return dx + dy

def wind_angle(w):
    dx = np.gradient(w, axis=-2)
    dy = np.gradient(w, axis=-1)
    return np.arctan2(dy, dx) / np.pi

def wind_curl(w):
    dy = np.gradient(w, axis=-2)
    dx = np.gradient(w, axis=-1)
    return dy - dx

def report_memory(label=""):
    proc = psutil.Process(os.getpid())
    rss_mb = proc.memory_info().rss / (1024 * 1024)
    print(f"[mem] {label} - resident: {rss_mb:.2f} MB")

def build_all_samples(dir_map, out_hw, horizon, seq_len, dbz_ceiling, wind_norm):
    inputs, targets, t_in, t_out = [], [], [], []

    for month_key, folder in dir_map.items():
        for fname in sorted(os.listdir(folder)):
            if fname.endswith("_combined.nc"):
                try:
                    dset = xr.open_dataset(os.path.join(folder, fname))
                    dbz = clean_dbz(dset['Reflectivity_Horizontal'].values, dbz_ceiling)
                    wnd = clean_wind(dset['Horizontal_Velocity'].values)
                    stamps = pd.to_datetime(dset['time'].values)
                    n_windows = dbz.shape[0] - seq_len - horizon + 1
                    n_tilts = dbz.shape[1]

                    for k in range(n_windows):
                        x_one = np.zeros((*out_hw, 6 * n_tilts), dtype=np.float32)
                        y_one = np.zeros((*out_hw, horizon), dtype=np.float32)

                        for tilt in range(n_tilts):
                            dbz_small = resize(dbz[k, tilt], out_hw, preserve_range=True)
                            wnd_small = resize(wnd[k, tilt], out_hw, preserve_range=True)
                            x_one[..., tilt] = dbz_small
                            x_one[..., n_tilts + tilt] = wnd_small
                            x_one[..., 2*n_tilts + tilt] = wind_speed(wnd_small)
                            x_one[..., 3*n_tilts + tilt] = wind_div(wnd_small)
                            x_one[..., 4*n_tilts + tilt] = wind_angle(wnd_small)
                            x_one[..., 5*n_tilts + tilt] = wind_curl(wnd_small)

                        for step in range(horizon):
                            column_max = np.max(dbz[k + seq_len + step], axis=0)
                            y_one[..., step] = resize(column_max, out_hw, preserve_range=True)

                        inputs.append(x_one)
                        targets.append(y_one)
                        t_in.append(stamps[k])
                        t_out.append(stamps[k + seq_len + horizon - 1])

                    dset.close()

                except Exception as err:
                    print(f"Could not read {fname}: {err}")
                finally:
                    gc.collect()
                    report_memory(f"done {fname}")

    X = np.array(inputs)
    Y = np.array(targets)
    t_in = pd.to_datetime(t_in)
    t_out = pd.to_datetime(t_out)

    n_tilts = X.shape[-1] // 6
    X[..., :n_tilts] = (X[..., :n_tilts] - dbz_ceiling/2) / (dbz_ceiling/3)
    X[..., n_tilts:2*n_tilts] /= wind_norm
    X[..., 2*n_tilts:3*n_tilts] /= wind_norm
    X[..., 3*n_tilts:] = np.clip(X[..., 3*n_tilts:], -1, 1)
    Y = (Y - dbz_ceiling/2) / (dbz_ceiling/3)

    return X, Y, t_in, t_out
