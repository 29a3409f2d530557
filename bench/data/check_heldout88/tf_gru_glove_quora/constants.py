# Settings
# shared by the other modules

NUM_EPOCHS = 10
BATCH_SIZE = 256
WORD_EMBED_SIZE = 300           # word vector size
SENT_EMBED_SIZE = 300           # sentence vector size
SENT_LEN = 50                   # padded question length
SENT_INCLUSION_MIN = 3          # shorter questions are dropped
SENT_INCLUSION_MAX = SENT_LEN   # longer questions are dropped
NUM_FOLDS = 5

# GloVe
# GLOVE_FILEPATH = '../lang_models/glove.twitter.27B.'+str(WORD_EMBED_SIZE)+'d.txt'
GLOVE_FILEPATH = '../lang_models/glove.6B.'+str(WORD_EMBED_SIZE)+'d.txt'

# Word2Vec
UNKNOWN_MIN_COUNT = 50          # min count for words trained by the w2v model
MIN_COUNT = 100                 # min count below which a word becomes !UNK!
WORD2VEC_FILEPATH = '../lang_models/word2vecmodel-'+str(WORD_EMBED_SIZE)+'d_val_included'
