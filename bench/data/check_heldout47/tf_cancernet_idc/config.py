import os

# unpack the raw IDC patches into RAW_DIR first
RAW_DIR = "dataset/orig"
SPLIT_ROOT = "dataset/split"

TRAIN_DIR = os.path.sep.join([SPLIT_ROOT, "training"])
VAL_DIR = os.path.sep.join([SPLIT_ROOT, "validation"])
TEST_DIR = os.path.sep.join([SPLIT_ROOT, "testing"])

TRAIN_FRAC = 0.8
VAL_FRAC = 0.1
