SKIP_IDS = [16250, 24867, 25546] # clips that fail to decode

# spectrogram builder settings
DATA_DIR = "data/"
RAW_ANNOTATIONS = DATA_DIR + "annotations_final.csv" # tag file as downloaded
SAMPLE_RATE = 11025 # resampling rate
LOG_FLOOR = 1e-20 # floor before the log

# training settings
NUM_TAGS = 50 # tags predicted
CUDA = True
NUM_EPOCHS = 100
WEIGHT_DECAY = 0.0001
LEARNING_RATE = 0.0001 # Adam step size

N_TRAIN = 19775
TRAIN_BATCH = 20
N_VALID = 1520
VALID_BATCH = 20
N_TEST = 4565
TEST_BATCH = 20
