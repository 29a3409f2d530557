import os
import numpy as np
import nibabel as nib

# ---------------------------
# read every volume of a folder into numpy arrays
# ---------------------------

def read_folder(folder):
    # returns the scans and their masks stacked as [512, 512, n_slices]

    names = os.listdir(folder)
    n_names = len(names)
    slice_shape = [512, 512]

    scans = np.zeros((slice_shape[0], slice_shape[1], 0))
    masks = np.zeros((slice_shape[0], slice_shape[1], 0))

    print("Reading volumes, progress:")
    done = 0
    for name in names:
        full = folder + "/" + name
        if full.find("normalized") >= 0:
            vol = nib.load(full).get_fdata()
            scans = np.concatenate((scans, vol), axis=2)
        if full.find("label") >= 0:
            vol = nib.load(full).get_fdata()
            masks = np.concatenate((masks, vol), axis=2)
        done = done + 1
        print(done / n_names)

    print("Volumes read, sizes:")
    print(scans.shape)
    print(masks.shape)
    print("Largest label value:")
    print(np.amax(masks))
    masks[masks == 2] = 0 # set to 1 for the bronchus
    return [scans, masks]
