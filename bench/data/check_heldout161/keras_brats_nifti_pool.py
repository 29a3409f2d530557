# Notebook cells joined in order (Colab drive-mount cells and plotting cells left out).

import nibabel as nb
import os 
from multiprocessing.dummy import Pool as ThreadPool
import numpy as np
from time import time
import matplotlib.pyplot as plt
from skimage.transform import rescale, resize, downscale_local_mean

from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Flatten, Dense, Conv3D, MaxPooling3D, AveragePooling3D

training_parent = 'sample_data' # full set: '/data/BraTS2020_TrainingData/MICCAI_BraTS2020_TrainingData'

def load_img(path):
    this_ext = nb.load(path).get_fdata()
    this_ext = np.expand_dims(this_ext, axis=-1)
    return this_ext

def subfolder_load(subfolder):
    """
    Read the four modalities and the label map of one BraTS20 subject.
    Args:
        subfolder (str): subject folder path plus the "BraTS20_Training_XXX" stem that the suffixes are appended to
    Returns:
        np.ndarray
    """
    pool = ThreadPool(5)
    paths = [subfolder + ext for ext in ['_t1.nii', '_flair.nii', '_t1ce.nii', '_t2.nii', '_seg.nii']]
    loaded_data = pool.map(load_img, paths)
    return np.transpose(loaded_data, [4, 1, 2, 3, 0])



# Subjects are read one after the other here; the list-to-array step of a
# threaded version was found to use a lot of memory.

t = time()
images = None
subfolders = [os.path.join(training_parent, child, child)  for child in os.listdir(training_parent)][:10]
for file_target in subfolders:
    if images is None:
        images = subfolder_load(file_target)
    else:
        images = np.concatenate([images, subfolder_load(file_target)], axis=0)

print('Loading time: ' + str(np.round(time()-t)))


model = Sequential()
model.add(AveragePooling3D(input_shape = (images.shape[1], images.shape[2], images.shape[3], images.shape[4])))

pooled_images = model.predict(images)
