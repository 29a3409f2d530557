import torch
import numpy as np
from typing import Tuple

from sklearn.decomposition import PCA
from sklearn.model_selection import train_test_split
import scipy.io as sio

from torch.utils.data import Dataset

np.random.seed(1)

class PinesPatchDataset(Dataset):
    def __init__(self, img, label) -> None:
        super(PinesPatchDataset, self).__init__()
        self.img = img
        self.label = label

    def __getitem__(self, index):
        return {"img" : self.img[index],
                "label" : self.label[index],
                "index" : index}
    
    def __len__(self):
        return self.img.shape[0]

class PatchPreparer():
    def __init__(self, patch_size=15, n_components=30, test_ratio=0.7) -> None:
        self.patch_size = patch_size
        self.n_components = n_components
        self.test_ratio = test_ratio

    def read_scene(self)->Tuple[np.ndarray, np.ndarray]:
        img = sio.loadmat("datasets/Indian_pines_corrected.mat")["indian_pines_corrected"]
        label = sio.loadmat("datasets/Indian_pines_gt.mat")["indian_pines_gt"]
        
        return img, label

    def split_per_class(self, X, y, test_ratio, seed=345):
        # a stratified train_test_split call was used before:
        # it split X and y with the same test ratio and seed,
        # stratified by the class label
        
        # X holds 10249 patches of 15 x 15 x 30, y their labels
        train_X = np.zeros((1, self.n_components, self.patch_size, self.patch_size))
        test_X  = np.zeros((1, self.n_components, self.patch_size, self.patch_size))
        train_y = np.zeros((1, ))
        test_y  = np.zeros((1, ))
        
        class_counts = {"train":np.zeros((16,)), "test":np.zeros((16,))}
        # take test_ratio of every class for testing
        for k in range(16):
            class_X = X[y==k]
            class_y = y[y==k]
            
            n_in_class = class_X.shape[0]
            n_test_in_class = int(n_in_class*test_ratio)
            class_counts["train"][k]= n_in_class - n_test_in_class
            class_counts["test"][k] = n_test_in_class
            
            all_idx = np.random.choice(n_in_class, n_in_class, replace=False)
            test_idx = np.random.choice(n_in_class, n_test_in_class, replace=False)
            train_idx = np.setdiff1d(all_idx, test_idx)
            
            class_train_X, class_train_y = class_X[train_idx], class_y[train_idx]
            class_test_X, class_test_y  = class_X[test_idx], class_y[test_idx]
            
            train_X = np.vstack((train_X, class_train_X))
            test_X  = np.vstack((test_X, class_test_X))
            train_y = np.hstack((train_y, class_train_y))
            test_y  = np.hstack((test_y, class_test_y))
        
        # debug output of the shapes of
        # the patches, the labels,
        # the training patches,
        # the test patches,
        # the training labels,
        # the test labels
        # and the per-class counts
        
        return train_X[1:], test_X[1:], train_y[1:], test_y[1:], class_counts

    def reduce_bands(self, X, n_comp=75):
        flat_X = np.reshape(X, (-1, X.shape[2]))
        pca = PCA(n_components=n_comp, whiten=True)
        flat_X = pca.fit_transform(flat_X)
        flat_X = np.reshape(flat_X, (X.shape[0],X.shape[1], n_comp))
        return flat_X, pca

    def pad_scene(self, X, margin=2):
        padded = np.zeros((X.shape[0] + 2 * margin, X.shape[1] + 2* margin, X.shape[2]))
        row_off = margin
        col_off = margin
        padded[row_off:X.shape[0] + row_off, col_off:X.shape[1] + col_off, :] = X
        return padded

    def cut_patches(self, X, y, patch_size=5, drop_unlabelled = True):
        margin = int((patch_size - 1) / 2)
        padded_X = self.pad_scene(X, margin=margin)
        # one patch around every pixel of the scene
        patches = np.zeros((X.shape[0] * X.shape[1], patch_size, patch_size, X.shape[2]))
        patch_labels = np.zeros((X.shape[0] * X.shape[1]))
        n = 0
        for r in range(margin, padded_X.shape[0] - margin):
            for c in range(margin, padded_X.shape[1] - margin):
                patch = padded_X[r - margin:r + margin + 1, c - margin:c + margin + 1]   
                patches[n, :, :, :] = patch
                patch_labels[n] = y[r-margin, c-margin]
                n = n + 1
        if drop_unlabelled:
            patches = patches[patch_labels>0,:,:,:]
            patch_labels = patch_labels[patch_labels>0]
            patch_labels -= 1
        return patches, patch_labels

    def build_splits(self):

        X, y = self.read_scene()
        X,pca = self.reduce_bands(X,n_comp=self.n_components)
        X, y = self.cut_patches(X, y, patch_size=self.patch_size)
        # now X is (10249, 15, 15, 30) and y is (10249,)
        X = X.swapaxes(2, 3)
        X = X.swapaxes(1, 2)
        train_X, test_X, train_y, test_y, class_counts = self.split_per_class(X, y, self.test_ratio)
        train_X = train_X.reshape(-1, 1, self.n_components, self.patch_size, self.patch_size)
        test_X = test_X.reshape(-1, 1, self.n_components, self.patch_size, self.patch_size)

        train_X = torch.tensor(train_X, dtype=torch.float32)
        train_y = torch.tensor(train_y, dtype=torch.long)
        test_X  = torch.tensor(test_X , dtype=torch.float32)
        test_y  = torch.tensor(test_y , dtype=torch.long)

        return train_X, train_y, test_X, test_y, class_counts

if __name__ == "__main__":
    preparer = PatchPreparer(patch_size=15, n_components=30, test_ratio=0.7)
    train_X, train_y, test_X, test_y, class_counts = preparer.build_splits()
    print(train_X.shape)
    print(train_y.shape)
    print(test_X.shape)
    print(test_y.shape)
    print(class_counts)
