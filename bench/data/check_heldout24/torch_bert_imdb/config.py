import transformers

DEVICE = "cuda"
MAX_TOKENS = 64
TRAIN_BATCH = 8
VALID_BATCH = 4
N_EPOCHS = 10
PRETRAINED_NAME = "bert-base-uncased"
MODEL_OUT_PATH = "/root/docker_data/model.bin"
TRAIN_CSV_PATH = "/root/docker_data/train.csv"
BERT_TOKENIZER = transformers.BertTokenizer.from_pretrained(PRETRAINED_NAME, do_lower_case=True)
