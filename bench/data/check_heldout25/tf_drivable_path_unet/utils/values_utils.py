"""Every tunable setting of the project, kept in one module"""

"""fitting settings"""
NUM_EPOCHS = 40
VAL_SUBSPLITS = 5
SHUFFLE_BUF = 500
BATCH_LEN = 32
VAL_FRACTION = 0.2

"""network settings"""
BASE_FILTERS = 32
NUM_CLASSES = 23
TRAIN_INPUT_SHAPE = ([32, 96, 128, 3])
INFER_INPUT_SHAPE = (1, 96, 128, 3)

"callback settings"
# Set RUN_TAG to a new value for a trial run so the main output folders stay untouched.
RUN_TAG = "DEC162021"  # RUN_TAG = "DEC162021"
CHECKPOINT_DIR = "./saved_model/"+RUN_TAG
RESUME_CKPT_DIR = "./saved_model_dir/saved_model/"
TB_LOG_DIR = "./tensorboard_logs_dir/logs"+RUN_TAG
CSV_LOG_PATH = "./csv_logger_dir/training"+RUN_TAG+".log"
ONLY_WEIGHTS = False

"data locations"
IMAGES_DIR = "./data/carla/images"
MASKS_DIR = "./data/carla/masks"
