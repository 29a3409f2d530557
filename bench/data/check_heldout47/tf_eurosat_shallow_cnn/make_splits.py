from PIL import Image
import os
import pickle
import numpy as np
from path import get_path


# read every EuroSAT jpg into fixed train / val / test arrays (60/20/20 per class)
# and hand back [(X, y), (X, y), (X, y)]
def build_splits(root, side):
    # running counters
    total = 0
    n_tr = 0
    n_va = 0
    n_te = 0
    # one folder per class
    classes = os.listdir(path=root)
    classes.sort()
    # count all images
    for c in classes:
        total += len(os.listdir(path=os.path.join(root, c)))

    # preallocate the split arrays
    # (images and one-hot targets)
    xs_tr = np.zeros(shape=[int(total * 0.6), side, side, 3])
    ys_tr = np.zeros(shape=[int(total * 0.6), len(classes)])
    xs_va = np.zeros(shape=[int(total * 0.2), side, side, 3])
    ys_va = np.zeros(shape=[int(total * 0.2), len(classes)])
    xs_te = np.zeros(shape=[int(total * 0.2), side, side, 3])
    ys_te = np.zeros(shape=[int(total * 0.2), len(classes)])

    # walk the class folders
    for k, cname in enumerate(classes):
        folder = os.path.join(root, cname)
        n_files = len(os.listdir(path=folder))

        # decode each image and drop it into its split
        for j in range(1, n_files + 1):
            # first 60% of the class -> train
            if j <= int(n_files * 0.6):
                # next train slot
                n_tr += 1
                pic = Image.open(os.path.join(folder, classes[k] + '_{}.jpg'.format(j)))
                arr = np.array(pic)
                onehot = np.zeros(len(classes))
                np.put(onehot, k, 1)
                xs_tr[n_tr - 1][:side][:side][:side] = arr
                ys_tr[n_tr - 1] = onehot

                # next 20% -> validation
            elif j <= int(n_files * 0.8):
                # next val slot
                n_va += 1
                pic = Image.open(os.path.join(folder, classes[k] + '_{}.jpg'.format(j)))
                arr = np.array(pic)
                onehot = np.zeros(len(classes))
                np.put(onehot, k, 1)
                xs_va[n_va - 1][:side][:side][:side] = arr
                ys_va[n_va - 1] = onehot

                # the rest -> test
            else:
                # next test slot
                n_te += 1
                pic = Image.open(os.path.join(folder, classes[k] + '_{}.jpg'.format(j)))
                arr = np.array(pic)
                onehot = np.zeros(len(classes))
                np.put(onehot, k, 1)
                xs_te[n_te - 1][:side][:side][:side] = arr
                ys_te[n_te - 1] = onehot

                # 
    return [(xs_tr, ys_tr), (xs_va, ys_va), (xs_te, ys_te)]


# raw image folder
raw_dir = os.path.join(get_path(), 'data', 'raw')

# build all three splits
splits = build_splits(raw_dir, 64)

# output folder
os.mkdir(os.path.join(get_path(), 'data', 'interim'))

# work inside it
os.chdir(os.path.join(get_path(), 'data', 'interim'))

# pickle the image arrays
for idx, fname in enumerate(['X_train.pickle', 'X_val.pickle', 'X_test.pickle']):
    with open(fname, 'wb') as fh:
        pickle.dump(splits[idx][0], fh)

for idx, fname in enumerate(['y_train.pickle', 'y_val.pickle', 'y_test.pickle']):
    with open(fname, 'wb') as fh:
        pickle.dump(splits[idx][1], fh)
