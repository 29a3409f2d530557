from .datasets import (TEST_CSV, TRAIN_CSV, X_TEST_NPY,
                       X_TRAIN_NPY, Y_TEST_NPY, Y_TRAIN_NPY)
from .folders import DATA_DIR, MODELS_DIR, RESULTS_DIR, make_dir
