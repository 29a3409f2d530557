import os
import pickle
import pydicom
from pydicom.data import get_testdata_files
import numpy as np
import matplotlib.pyplot as plt
import imageio

SRC_DIR = 'D:\CT\CHAOS\Train_Sets\CT_combined\CT_batch1'
ROWS = 512
COLUMS = 512


def build_arrays():
    print('Building arrays .....')
    # n_series = len(os.listdir(SRC_DIR))
    ct_slices = []
    seg_slices = []

    for sub in os.listdir(SRC_DIR)[:5]:
        if os.path.isdir(os.path.join(SRC_DIR, sub)):
            dcm_dir = os.path.join(SRC_DIR, sub, 'DICOM_anon')
            seg_dir = os.path.join(SRC_DIR, sub, 'Ground')

            print('Series', sub, '>')

            assert len(os.listdir(seg_dir)) == len(os.listdir(dcm_dir))

            for fname in os.listdir(dcm_dir):
                if ".dcm" in fname.lower():
                    fpath = os.path.join(dcm_dir, fname)
                    dcm = pydicom.dcmread(fpath)
                    px = dcm.pixel_array.astype(np.int16)

                    # to Hounsfield units
                    icpt = dcm.RescaleIntercept
                    slp = dcm.RescaleSlope
                    if slp != 1:
                        px = slp * px.astype(np.float64)
                        px = px.astype(np.int16)

                    px += np.int16(icpt)
                    px = np.array(px, dtype=np.int16)

                    # pixels outside the scan
                    px[px < -2000] = icpt

                    # keep the soft-tissue window
                    px = np.clip(px, -200, 500)

                    # print('DCM slice', sub, '| min:', np.min(px), 'max:', np.max(px))

                    ct_slices.append(px)
                    # plt.imshow(dcm.pixel_array, cmap=plt.cm.bone)
                    # plt.show()

            for sname in os.listdir(seg_dir):
                if ".png" in sname:
                    spath = os.path.join(seg_dir, sname)
                    px = imageio.imread(spath)
                    px = px // 255
                    seg_slices.append(px)
                    # print('Mask slice', sub, '| shape:', px.shape)

    print('Writing pickles (slices, masks)')
    pickle.dump(np.stack(ct_slices), open("inputs.np", "wb"))
    pickle.dump(np.stack(seg_slices), open("labels.np", "wb"))


def read_arrays(x_file='inputs.np', y_file='labels.np'):
    print('Reading pickles', x_file, ',', y_file, '...............')
    x = pickle.load(open(x_file, 'rb'))
    y = pickle.load(open(y_file, 'rb'))
    return x, y


def scale_minmax(arr):
    # min-max scaling
    lo, hi = float(np.min(arr)), float(np.max(arr))
    return (arr - lo) / (hi - lo)
