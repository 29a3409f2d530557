import torch

DEVICE = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
N_CLASSES = 10
HIDDEN_UNITS = 4192
ACT_NAME = 'selu'
FILTER_PLAN = 'double'
USE_BN = True,
BASE_FILTERS = 64
DROP_P = 0.3
AUGMENT = False
BATCH = 64
LR = 0.0001
WD = 0.00005
N_EPOCHS = 25
USE_WANDB = False
KEEP_BEST = True
PATIENCE = 10
