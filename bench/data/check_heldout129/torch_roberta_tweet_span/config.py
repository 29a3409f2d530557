import tokenizers

SEQ_LEN = 128
TRAIN_BS = 64
VALID_BS = 64
N_EPOCHS = 3
CSV_PATH = "../input/tweet-sentiment-extraction/train.csv"

ENCODER_DIR = "../input/roberta-base"
BPE = tokenizers.ByteLevelBPETokenizer(
    vocab_file=f"{ENCODER_DIR}/vocab.json", 
    merges_file=f"{ENCODER_DIR}/merges.txt", 
    lowercase=True,
    add_prefix_space=True
)
