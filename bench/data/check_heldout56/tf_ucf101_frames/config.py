"""
Settings shared by the 2D models.
Per-model settings live next to each model.
Models to pick from:
cnn2d
cnn2d_small
dummy
"""

VIDEO_PATH = 'videos'
IMAGE_PATH = 'images'
RESULT_PATH = 'results'
MODEL_NAME = 'saved'
DATASET='ucf101'
############### 2D CNN ##############
MODEL = 'cnn2d'
EXTRACT = False
CHANCE = .05
TEST_TRAIN_SPLIT = .2
SIZE = (64, 64)
CHANNELS = 1
BATCH_SIZE = 128
EPOCHS = 30
############### end ##############
