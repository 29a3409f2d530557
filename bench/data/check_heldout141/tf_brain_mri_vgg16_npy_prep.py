import os
import numpy as np
from tensorflow.keras.preprocessing.image import load_img, img_to_array
from tensorflow.keras.applications.vgg16 import preprocess_input  # caffe-style mean subtraction for VGG16
from sklearn.model_selection import train_test_split
from tensorflow.keras.utils import to_categorical

# where the MRI folders live
FIT_DIR = 'D:/mri_project/brain-mri/Training'
HOLDOUT_DIR = 'D:/mri_project/brain-mri/Testing'
EDGE = 224  # VGG16 input edge

# folder names double as class names
tumour_kinds = ['glioma', 'meningioma', 'notumor', 'pituitary']

# read every scan of a split into memory
def read_split(split_dir):
    scans = []
    kinds = []

    for kind in tumour_kinds:
        kind_dir = os.path.join(split_dir, kind)
        for fname in os.listdir(kind_dir):
            fpath = os.path.join(kind_dir, fname)
            pic = load_img(fpath, target_size=(EDGE, EDGE))  # scale to 224 x 224
            arr = img_to_array(pic)
            arr = preprocess_input(arr)  # VGG16 channel means
            scans.append(arr)
            kinds.append(tumour_kinds.index(kind))

    scans = np.array(scans, dtype='float32')
    kinds = np.array(kinds, dtype='int32')
    return scans, kinds

# both splits
Xtr, ytr = read_split(FIT_DIR)
Xte, yte = read_split(HOLDOUT_DIR)

# integer labels to one-hot
ytr = to_categorical(ytr, num_classes=len(tumour_kinds))
yte = to_categorical(yte, num_classes=len(tumour_kinds))

# carve a validation part out of the training split
Xtr, Xva, ytr, yva = train_test_split(Xtr, ytr, test_size=0.2, random_state=42)

print(f"train array: {Xtr.shape}")
print(f"val array: {Xva.shape}")
print(f"test array: {Xte.shape}")

# write everything to .npy files for the training step
np.save('X_train.npy', Xtr)
np.save('X_val.npy', Xva)
np.save('X_test.npy', Xte)
np.save('y_train.npy', ytr)
np.save('y_val.npy', yva)
np.save('y_test.npy', yte)

print("arrays written")
