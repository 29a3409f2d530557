import numpy as np


def flat_to_rc(flat_idx, n_rows, n_cols, pad):
    rc = {}
    for n, v in enumerate(flat_idx):
        r = v // n_cols + pad
        c = v % n_cols + pad
        rc[n] = [r, c]
    return rc


def rc_to_flat(r, c, n_cols):
    fi = r * n_cols + c
    return fi


def cut(arr, pr, pc, half):
    rows_ = arr[range(pr-half, pr+half+1)]
    win = rows_[:, range(pc-half, pc+half+1)]
    return win


def gather_cubes(n, pix_idx, scene_cube, half, padded, n_dim):
    cubes = np.zeros((n, 2 * half + 1, 2 * half + 1, n_dim))
    rc_map = flat_to_rc(pix_idx, scene_cube.shape[0], scene_cube.shape[1], half)
    for i in range(len(rc_map)):
        cubes[i] = cut(padded, rc_map[i][0], rc_map[i][1], half)
    return cubes


