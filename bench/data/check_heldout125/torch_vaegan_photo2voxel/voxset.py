import os
from torch.utils.data import Dataset
from PIL import Image
import numpy as np
from torchvision import transforms
import torch
import random
import shutil


# photo / voxel pairs read from one folder
class VoxPhotoSet(Dataset):
    def __init__(self, root_dir, side=28):
        self.root = root_dir
        self.dir = os.listdir(self.root)
        self.image_size = side
        self.resize = transforms.Compose([transforms.Resize((self.image_size, self.image_size))])

    def __getitem__(self, index):
        # the index-th .npy grid in the folder
        npy_name = [name for name in self.dir if name.endswith('.' + "npy")][index]
        grid = np.load(os.path.join(self.root, npy_name)).astype(np.bool_)
        # matching photo name
        jpg_name = npy_name.replace("_mesh.npy", ".jpg")
        photo = Image.open(self.root + "/" + jpg_name)
        # resize to a small square
        photo = np.asarray(self.resize(photo))
        print(photo.shape, grid.shape)
        print(npy_name, jpg_name)
        # hand back tensors
        return torch.FloatTensor(photo.copy()), torch.BoolTensor(grid)

    def __len__(self):
        return len([name for name in self.dir if name.endswith('.' + "npy")])


# group the four files of each sample by stem name
def split_files_to_sets(path):
    # stem name -> its files
    groups = {}
    for file in os.listdir(path):
        if file.endswith(".jpg"):
            stem = os.path.splitext(file)[0]
            bv_name = file.replace(".jpg", "_mesh.binvox")
            obj_name = file.replace(".jpg", "_mesh.obj")
            npy_file = file.replace(".jpg", "_mesh.npy")
            # remember the group
            groups[stem] = {'jpg': file, 'binvox': bv_name, 'obj': obj_name, 'npy': npy_file}
    group_list = list(groups.values())
    return group_list


# copy groups into a train and a test folder
def train_test_split(root, train_path, test_path, frac=0.8, seed=None):
    # collect groups
    all_groups = split_files_to_sets(root)

    if seed is not None:
        np.random.seed(seed)

    # random order
    random.shuffle(all_groups)

    # cut point
    cut = int(len(all_groups) * frac)
    tr_groups = all_groups[:cut]
    te_groups = all_groups[cut:]

    # make target folders
    if not os.path.exists(train_path):
        os.makedirs(train_path)

    if not os.path.exists(test_path):
        os.makedirs(test_path)

    # copy train groups
    for grp in tr_groups:
        for kind, fname in grp.items():
            src = os.path.join(root, fname)
            dst = os.path.join(train_path, fname)
            shutil.copyfile(src, dst)

    # copy test groups
    for grp in te_groups:
        for kind, fname in grp.items():
            src = os.path.join(root, fname)
            dst = os.path.join(test_path, fname)
            shutil.copyfile(src, dst)


if __name__ == '__main__':
    train_test_split('../data/', '../data/train_files', '../data/test_files', 0.8)
