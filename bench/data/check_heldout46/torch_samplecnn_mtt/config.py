
ROOT = './data/'
SPLIT_DIR = './data/sampleCNN-data/' # splits for this network 
MP3_DIR = './data/MaganatagatuePub/mp3/' # raw MagnaTagATune clips 
NPY_DIR = './data/pubMagnatagatune_mp3s_to_npy/'
TAG_FILE = './data/annotations_final.csv'
TAGS_TXT = './data/sampleCNN-data/50_tags.txt'

GPU_IDS=[0,1]

# audio 
SR = 22050
SEG_LEN = 59049
N_TAGS = 50

# optimisation 
BATCH = 64 
LR = 0.008
DROP = 0.5
EPOCHS = 100
