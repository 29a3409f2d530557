# src/config.py

import os
import torch
from pathlib import Path

# --- RUN SETTINGS ---
BATCH_SIZE = 32
IMG_SIZE = 300
EPOCHS = 20

# --- WHERE TO COMPUTE ---
# the GPU when present, otherwise the processor
DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# --- INPUT LOCATIONS ---
BASE_DIR = Path(__file__).resolve().parent.parent

DATASET_FOLDER_NAME = 'Leaf Disease Photos (augmented)' 
DATA_PATH = BASE_DIR / 'data' / DATASET_FOLDER_NAME

TRAIN_PATH = DATA_PATH / 'train'
VALID_PATH = DATA_PATH / 'valid'

# --- OUTPUT LOCATIONS ---
MODELS_DIR = BASE_DIR / 'models'
MODELS_DIR.mkdir(exist_ok=True) 

CHECKPOINT_PATH = MODELS_DIR / 'best_model.pth' 
LABELS_PATH = MODELS_DIR / 'labels.txt'

# Stop early when the folders are missing
if not TRAIN_PATH.is_dir() or not VALID_PATH.is_dir():
    raise FileNotFoundError(f"Expected the image folders under: {DATA_PATH}")

# --- print the settings in the parent process only ---
# loader worker processes import this module again and stay quiet.
if __name__ == '__main__':
    print(f"Device: {DEVICE}")
    print(f"Project root: {BASE_DIR}")
    print(f"Images: {DATA_PATH}")

# --- FOR THE HEATMAPS ---
# last convolution block of the EfficientNet-B3 feature stack
LAST_CONV_LAYER_NAME = 'features.8'
