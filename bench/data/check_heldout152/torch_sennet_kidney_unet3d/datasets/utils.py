from tqdm import tqdm
import numpy as np

def grid_corners(vol, patch_size=(128, 128, 128), stride=(64, 64, 64)):
    """
    Lists the lowest corner of every patch on a regular grid.
    """
    corners = []

    for x0 in range(0, vol.shape[0] - patch_size[0], stride[0]):
        for y0 in range(0, vol.shape[1] - patch_size[1], stride[1]):
            for z0 in range(0, vol.shape[2] - patch_size[2], stride[2]):
                # the corner
                corner = (x0,y0,z0)
                corners.append(corner)
                
    return corners

def crop_at_corner(vol, corner, patch_size=(128, 128, 128)):
    """
    Slices one patch starting at a corner.
    """
    x1 = corner[0] + patch_size[0] 
    y1 = corner[1] + patch_size[1]
    z1 = corner[2] + patch_size[2]

    out = vol[corner[0]:x1,
                     corner[1]:y1,
                     corner[2]:z1]

    return out



def keep_nonempty_corners(corners, mask, patch_size, threshold = 0):
    """
    Drops corners whose mask patch has at most threshold positive voxels
    """
    kept = []

    for corner in tqdm(corners):
        # the mask patch
        m = mask[corner[0]:corner[0]  + patch_size[0],
                         corner[1]:corner[1]  + patch_size[1],
                         corner[2]:corner[2]  + patch_size[2]]

        if np.count_nonzero(m) > threshold:
            kept.append(corner)


    return kept
