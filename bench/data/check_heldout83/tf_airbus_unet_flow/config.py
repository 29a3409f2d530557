import os

batch_size = 8
val_size = 0.2
IMG_SIZE = 768

steps_per_epoch=20
epochs=100

ships_train_folder = 'data/train_v2_small/'
ships_test_folder = 'data/test_v2/'

n_files = len(os.listdir(ships_train_folder))
n_holdout = round(n_files*val_size)
