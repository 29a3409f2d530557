import cv2
import glob
import numpy as np
import torch

# def build_volumes(pattern):  # older three-channel variant
#     print("reading volumes")
#     all_vols = []
#     studies = sorted(glob.glob(pattern))
#     depth = 100
#     for study in studies:
#         vol = []
#         slices = sorted(glob.glob(study + "/*.jpg"))
#         n = int(np.ceil(len(slices) / 3))
#         for sl in slices[::3]:
#             im1 = cv2.imread(sl)
#             # shrink
#             im2 = cv2.resize(im1, (96, 96))
#             vol.append(im2)
#         pad = np.zeros(((depth-n), 96, 96, 3))
#         vol_np = np.array(vol)
#         vol = np.append(vol_np, pad, axis=0).tolist()
#         all_vols.append(vol)
#     t_all = torch.tensor(all_vols).permute(0, 4, 1, 2, 3)

#     return t_all.float()

def build_volumes(pattern):
    print("reading volumes")
    all_vols = []
    studies = sorted(glob.glob(pattern))
    depth = 100
    for study in studies:
        vol = []
        slices = sorted(glob.glob(study + "/*.jpg"))
        n = int(np.ceil(len(slices) / 3))
        for sl in slices[::3]:
            im1 = cv2.imread(sl)
            im2 = cv2.cvtColor(im1, cv2.COLOR_BGR2GRAY)
            # shrink
            im3 = cv2.resize(im2, (96, 96))
            im4 = np.array([im3])
            vol.append(im4)
        pad = np.zeros(((depth-n), 1, 96, 96))
        vol_np = np.array(vol)
        vol = np.append(vol_np, pad, axis=0).tolist()
        all_vols.append(vol)
    t_all = torch.tensor(all_vols).permute(0, 2, 1, 3, 4)

    return t_all.float()

# tr = build_volumes("/data/ct_scans/CT200/train/*")
# print(tr.shape)