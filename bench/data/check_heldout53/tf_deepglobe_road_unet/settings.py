# Network input size (a saved model must be evaluated at the size it was trained at)
img_width = 224   #224 at most
img_height = 224  #224 at most
# Folders of the fitting and held-out tiles (only unpacked, nothing else done to them)
TRAIN_PATH = "../data/train/"
TEST_PATH = "../data/test/"
# How many samples to read
TRAIN_LENGTH = 3000 # 5292 at most
TEST_LENGTH = 934   # 934 at most
BATCH_SIZE = 16
# Shuffle buffer; advice is to make it at least the size of the data
BUFFER_SIZE = TRAIN_LENGTH
EPOCHS = 30
# STEPS_PER_EPOCH = int(round(TRAIN_LENGTH / BATCH_SIZE))
STEPS_PER_EPOCH = int(TRAIN_LENGTH / BATCH_SIZE)
# Per-class weights: background and road
BACKGROUND_WEIGHT = 1 
ROAD_WEIGHT = 3

# weights 1:3 with 15 epochs worked best; later epochs overfit


# Shared state
model = None
sample_image = None
sample_mask = None
sample_weight = list()
