from voxset import VoxPhotoSet, train_test_split
from train import train_vae
from test import test_vae


# settings
side = 28

# split the folder, then fit and evaluate
if __name__ == '__main__':
    train_test_split("../data/", "../data/train_files", "../data/test_files")
    tr_set = VoxPhotoSet("../data/train_files")
    te_set = VoxPhotoSet("../data/test_files")
    train_vae(tr_set, epochs=2, batch_size=2)
    test_vae(te_set, batch_size=2)
