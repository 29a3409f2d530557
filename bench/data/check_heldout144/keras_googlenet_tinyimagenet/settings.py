from os import path

# folders with the raw training and validation pictures
TRAIN_IMAGES = '../../datasets/tiny-imagenet-200/train'
VAL_IMAGES = '../../datasets/tiny-imagenet-200/val/images'

# text file that gives the class of every
# validation picture
VAL_MAPPINGS = '../../datasets/tiny-imagenet-200/val/val_annotations.txt'

# WordNet id list and the human-readable names
# used to build readable class names
WORDNET_IDS = '../../datasets/tiny-imagenet-200/wnids.txt'
WORD_LABELS = '../../datasets/tiny-imagenet-200/words.txt'

# no public test split exists, so part of the
# training pictures is held out as a test split
NUM_CLASSES = 200
NUM_TEST_IMAGES = 50 * NUM_CLASSES

# the packed HDF5 files for the three splits
# (written beforehand by the build script)
TRAIN_HDF5 = '../../datasets/tiny-imagenet-200/hdf5/train.hdf5'
VAL_HDF5 = '../../datasets/tiny-imagenet-200/hdf5/val.hdf5'
TEST_HDF5 = '../../datasets/tiny-imagenet-200/hdf5/test.hdf5'

# per-channel means of the training split
DATASET_MEAN = 'output/tiny-image-net-200-mean.json'

# where plots, histories and checkpoints
# are written
OUTPUT_PATH = 'output'
MODEL_PATH = path.sep.join([OUTPUT_PATH,
                            'checkpoints/epoch_70.hdf5'])
FIG_PATH = path.sep.join([OUTPUT_PATH,
                          'deepergooglenet_tinyimagenet.png'])
JSON_PATH = path.sep.join([OUTPUT_PATH,
                           'deepergooglenet_tinyimagenet.json'])
