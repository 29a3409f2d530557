import os
SHAPE = (28, 28, 1)
BATCH = 64
N_EPOCHS = 100
OUT_DIR = "results"
SAVE_TO = os.path.sep.join([OUT_DIR, "twin_contrastive_net"])
CURVE_TO = os.path.sep.join([OUT_DIR, "twin_contrastive_curve.png"])
