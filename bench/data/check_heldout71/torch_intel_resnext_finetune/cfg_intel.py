import torch


DATA_ROOT = './data/intel/'
BATCH = 32
LR = 1e-3
WIDTH = 224
HEIGHT = 224
WORKERS = 2
DEVICE = 'cuda' if torch.cuda.is_available() else 'cpu'
EPOCHS = 30
PATIENCE = 3
OUT_DIR = 'checkpoints'