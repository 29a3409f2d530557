IMAGE_DIR = 'Flicker8k_Dataset'
TRAIN_IDS = 'Flickr8k_text/Flickr_8k.trainImages.txt'
VAL_IDS = 'Flickr8k_text/Flickr_8k.devImages.txt'
TEST_IDS = 'Flickr8k_text/Flickr_8k.testImages.txt'
RAW_TOKENS = 'Flickr8k_text/Flickr8k.token.txt'
WORD_INDEX_PKL = 'word_index.pkl'
SEQ_CAP_TXT = 'seq_cap.txt'
CAPTIONS_TXT = 'captions_clean.txt'
VECTORS_PKL = 'image_vectors.pkl'

WEIGHTS_FILE = 'caption-ep005-loss3.550-val_loss3.847.h5'

SAMPLE_IMAGE = 'sample.jpg'
