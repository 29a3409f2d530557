Image_Width=384
Image_Height=96
Image_Channels=3

SYMBOLS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
NUM_CLASSES = len(SYMBOLS) + 1

Batch_Size=32
Epochs=150
Learning_Rate=3e-4
Num_Workers=4

TRAIN_DIR = "train-data"
VAL_DIR   = "valid-data"
TEST_DIR  = "test-data"

MIN_CONFIDENCE = 0.2
ENTROPY_COEF = 0.005
Seed = 42
Patience = 10
Weight_Decay = 1e-4
