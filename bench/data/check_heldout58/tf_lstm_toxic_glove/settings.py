'''
Shared sizes and training
options for the comment models
'''
# -----------------------
MAX_SEQUENCE_LENGTH = 100
MAX_VOCAB_SIZE = 20000
EMBEDDIN_DIM = 100
VALIDATION_SPLIT = 0.2
BATCH_SIZE = 128
EPOCH = 8
# -----------------------
# These values were picked by hand;
# a length histogram could justify them
# more carefully
