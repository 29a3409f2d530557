# learning-rate schedule
BASE_LR = 0.001
EPOCH_DECAY = 30 # epochs between two exponential decays of the rate.
DECAY_WEIGHT = 0.1 # multiplier applied at each decay.


# what the data is
NUM_CLASSES = 2 # how many classes the folders hold
DATA_DIR = 'hymenoptera_data/' # the small ants/bees sample set by default

# loader settings
BATCH_SIZE = 10 # raise it until memory runs out.


### device
CUDA_DEVICE = 0 # which gpu to use when GPU_MODE is on.
GPU_MODE = 0 # 1 trains on the gpu.


# optional remote dashboard
USE_TENSORBOARD = 0 # 1 sends curves to a crayon server.
TENSORBOARD_SERVER = "PUT THE CRAYON HOST HERE" # only read when enabled.
EXP_NAME = "fine_tuning_experiment" # run name shown on the dashboard.
