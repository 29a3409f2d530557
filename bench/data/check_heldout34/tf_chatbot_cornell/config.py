SEQ_LEN = 30
BOT_TITLE = "Rexbot"

# word list
UNK_TOKEN = "UNKN"
PAD_TOKEN = "<>"
VOCAB_SIZE = 8000
BOS_ID = 1
EOS_ID = 2

# network sizes
LSTM_DIM = 256
EMBED_DIM = 50
LR = 0.001

# where files live

## the Cornell corpus
MOVIE_LINES_PATH = "cornell-corpus/movie_lines.txt"
CONVERSATIONS_PATH = "cornell-corpus/movie_conversations.txt"

## pretrained GloVe vectors
GLOVE_PATH = "glove.6B.50d.txt" 

## files written by the preprocessing step
VOCAB_PATH = "processed-data/vocabulary.txt"
CONTEXT_TEXT_PATH = "processed-data/context.txt"
ANSWER_TEXT_PATH = "processed-data/answers.txt"
CONTEXT_IDS_PATH = "processed-data/context_sequences.txt"
ANSWER_IDS_PATH = "processed-data/answers_sequences.txt"