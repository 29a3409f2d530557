import nibabel as nib
import os
from torch.utils.data import Dataset
import numpy as np
import matplotlib.pyplot as plt
from skimage.transform import resize 
from PIL import Image
import random
import torch

AXIS_AX = (1, 2)
AXIS_COR = (0, 2)
AXIS_SAG = (0, 1)


class MRIPatchSampler(Dataset):
    """Draws many small random cubes from each listed scan."""
    
    def __init__(self, scan_dir, list_file):
        """
        Args:
            scan_dir (string): folder holding the scans.
            list_file (string): text file naming one scan (and its label) per line.
        """
        self.scan_dir = scan_dir
        self.list_file = list_file
    
    def __len__(self):
        with open(self.list_file) as fh:
            n = sum(1 for row in fh)
        return n
    
    def __getitem__(self, idx):
        with open(self.list_file) as fh:
            rows = fh.readlines()
            fields = rows[idx].split()
            scan_name = fields[0]
            scan_path = os.path.join(self.scan_dir, scan_name)
            scan = nib.load(scan_path)

            vol = rescale_volume(np.array(scan.get_data()), (110, 110, 110))
            cubes = sample_cubes(vol)
            out = {"patch": cubes}
        return out


def cube_to_tensor(arr):
    if isinstance(arr, np.ndarray):
        t = torch.from_numpy(arr)
        t = torch.unsqueeze(t,0)
        # old-style scaling
        return t.float().div(255)


def rescale_volume(arr, out_shape):
    out = resize(arr, out_shape, mode='reflect', preserve_range=True, anti_aliasing=False)
    # sanity check
    if type(out) != np.ndarray:
        raise "bad type!"
    return out


def sample_cubes(vol):
    cubes = []
    prof_ax = np.ndarray.mean(vol, axis = AXIS_AX)
    prof_cor = np.ndarray.mean(vol, axis = AXIS_COR)
    prof_sag = np.ndarray.mean(vol, axis = AXIS_SAG)

    lo_ax = int(round(list(prof_ax).index(list(filter(lambda v: v>0, prof_ax))[0])))
    hi_ax = int(round(list(prof_ax).index(list(filter(lambda v: v>0, prof_ax))[-1])))
    lo_cor = int(round(list(prof_cor).index(list(filter(lambda v: v>0, prof_cor))[0])))
    hi_cor = int(round(list(prof_cor).index(list(filter(lambda v: v>0, prof_cor))[-1])))
    lo_sag = int(round(list(prof_sag).index(list(filter(lambda v: v>0, prof_sag))[0])))
    hi_sag = int(round(list(prof_sag).index(list(filter(lambda v: v>0, prof_sag))[-1])))

    lo_ax = lo_ax + 5
    hi_ax = hi_ax - 10

    ax_draws = [random.randint(lo_ax - 3, hi_ax - 3) for _ in range(10000)]
    cor_draws = [random.randint(lo_cor - 3, hi_cor - 3) for _ in range(10000)]
    sag_draws = [random.randint(lo_sag - 3, hi_sag - 3) for _ in range(10000)]

    for k in range(1000):
        a = ax_draws[k]
        c = cor_draws[k]
        s = sag_draws[k]
        cube = vol[a-3:a+4, c-3:c+4, s-3:s+4]
        while (np.ndarray.sum(cube) == 0):
            a2 = random.randint(lo_ax - 3, hi_ax - 4)
            c2 = random.randint(lo_cor - 3, hi_cor - 4)
            s2 = random.randint(lo_sag - 3, hi_sag - 4)
            cube = vol[a2-3:a2+4, c2-3:c2+4, s2-3:s2+4]
        cube = cube/1500*255
        cube = cube_to_tensor(cube)
        cubes.append(cube)
    return cubes


# plt.imshow(arr[k][3,:,:], cmap = 'gray')
# plt.savefig('./plane.png', dpi=100)



