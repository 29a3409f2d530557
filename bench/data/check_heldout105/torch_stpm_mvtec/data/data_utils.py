import os
import cv2
import numpy as np

def load_ground_truth(base, cls_name):
    mask_list = []
    mask_root = os.path.join(base, cls_name, 'ground_truth')
    kinds = sorted(os.listdir(mask_root))
    for kd in kinds:
        for fn in sorted(os.listdir(os.path.join(mask_root, kd))):
            m = cv2.imread(os.path.join(mask_root, kd, fn), cv2.IMREAD_GRAYSCALE)
            m = cv2.resize(m, (256, 256)).astype(np.bool)[None, ...]
            mask_list.append(m)
    mask_list = np.concatenate(mask_list, 0)
    return mask_list
