import torch
import os
import cv2

# where the tiles and their labels live
DATA_ROOT = os.path.join('ice_seg_dataset')
TILE_DIR = os.path.join(DATA_ROOT, 'Images')
LABEL_DIR = os.path.join(DATA_ROOT, 'Masks')
HOLDOUT_FRACTION = 0.08
VAL_FRACTION = 0.2

# the device tensors go to
DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# pinned memory only makes sense with a GPU
PIN = True if DEVICE == torch.device("cuda") else False

# input channels, classes and depth of the U-Net
IN_CHANNELS = 1
OUT_CLASSES = 1
DEPTH = 3
# step size, epochs and
# batch size
LR = 0.001
EPOCHS = 40
BATCH = 16 # TODO: a bigger batch for longer runs on the cluster?
# tile size
TILE_W = 306
TILE_H = 357
# cut-off for a positive pixel
CUTOFF = 0.5
# output folder
OUT_DIR = "output"
# make it when missing
os.makedirs(os.path.join("..", OUT_DIR), exist_ok=True)
# weights file, loss plot
# and held-out list
WEIGHTS_FILE = os.path.join(OUT_DIR, "unet_water_bodies.pth")
PLOT_FILE = os.path.sep.join([OUT_DIR, "plot.png"])
HOLDOUT_LIST = os.path.sep.join([OUT_DIR, "test_paths.txt"])
