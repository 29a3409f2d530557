"""Shared settings: paths, debug switch, training hyper-parameters, output files."""

from pathlib import Path

# project root = folder of this file
ROOT = Path(__file__).resolve().parent

# Kaggle IDC patches unpacked here
DATA_DIR = ROOT / "data" / "IDC_regular_ps50_idx5"

# outputs: figures, weights, misclassified samples
OUTPUT_DIR = ROOT / "outputs"
FIGURE_DIR = OUTPUT_DIR / "figures"
MODEL_DIR = OUTPUT_DIR / "models"
ERROR_SAMPLE_DIR = OUTPUT_DIR / "error_samples"

for folder in [OUTPUT_DIR, FIGURE_DIR, MODEL_DIR, ERROR_SAMPLE_DIR]:
    folder.mkdir(parents=True, exist_ok=True)

# fixed seed for the split and the debug subsample
SEED = 42

# True: small subsample to check the pipeline only
# False: full data set for the reported runs
DEBUG_MODE = True

# images kept per class in debug mode
SAMPLE_PER_CLASS = 1000

# epochs for stage 2 / 3 in debug mode
DEBUG_EPOCHS = 1

# patient-level test share
# patient-level validation share
TEST_PATIENT_RATIO = 0.20
VAL_PATIENT_RATIO = 0.10

# separate split files for debug and full runs
# debug split file
# full split file
SPLIT_CSV = OUTPUT_DIR / (
    "split_patient_level_debug.csv" if DEBUG_MODE else "split_patient_level_full.csv"
)

# input size, batch size, loader workers
IMG_SIZE = 224
BATCH_SIZE = 32
NUM_WORKERS = 0

# ResNet18 pooled feature size
FEATURE_DIM = 512

# stage 2 trains the head on a frozen backbone; stage 3 fine-tunes everything
# epochs per mode
NUM_EPOCHS_FROZEN = DEBUG_EPOCHS if DEBUG_MODE else 10
NUM_EPOCHS_FINETUNE = DEBUG_EPOCHS if DEBUG_MODE else 5

# learning rates and weight decay
LEARNING_RATE_FC = 1e-3
LEARNING_RATE_FINETUNE = 1e-4
WEIGHT_DECAY = 1e-4

# classical baselines
XGB_PARAMS = {
    "n_estimators": 200,
    "max_depth": 6,
    "learning_rate": 0.1,
    "subsample": 0.8,
    "colsample_bytree": 0.8,
    "random_state": SEED,
    "eval_metric": "logloss",
}

RF_PARAMS = {
    "n_estimators": 200,
    "max_depth": 15,
    "min_samples_split": 10,
    "min_samples_leaf": 5,
    "random_state": SEED,
    "n_jobs": -1,
    "class_weight": "balanced",
}

LR_PARAMS = {
    "C": 1.0,
    "max_iter": 1000,
    "random_state": SEED,
    "n_jobs": -1,
    "class_weight": "balanced",
}

# weight files
BEST_MODEL_STAGE2 = MODEL_DIR / "best_resnet18_frozen.pth"
BEST_MODEL_STAGE3 = MODEL_DIR / "best_resnet18_finetune.pth"
BEST_ML_MODELS = MODEL_DIR / "best_ml_models.pkl"

# scaler fitted in stage 1
STAGE1_SCALER = MODEL_DIR / "stage1_standard_scaler.pkl"

# cached ResNet18 features per mode
FEATURE_CACHE = OUTPUT_DIR / ("extracted_features_debug.pt" if DEBUG_MODE else "extracted_features.pt")

# result tables
RESULTS_CSV = OUTPUT_DIR / "results_summary.csv"
HISTORY_STAGE2_CSV = OUTPUT_DIR / "training_history_stage2.csv"
HISTORY_STAGE3_CSV = OUTPUT_DIR / "training_history_stage3.csv"
