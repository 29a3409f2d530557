import os

class RunConfig:
    TILE_PATCH = 256
    BATCH_N = 1
    EPOCHS_N = 10
    LR_START = 1e-4
    RUN_DEVICE = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"