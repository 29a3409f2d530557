# every frame is resized to this height and width
IMAGE_HEIGHT, IMAGE_WIDTH = 64, 64

# frames sampled per video, the sequence the model sees
SEQUENCE_LENGTH = 20

# where the raw class folders of videos live
DATASET_DIR = "data/raw"
PREPROCESSED_DIR = "data/preprocessed"

# the classes to train on (any subset of the data set works)
CLASSES_LIST = ["basketball", "golf_swing", "tennis_swing", "walking"]
