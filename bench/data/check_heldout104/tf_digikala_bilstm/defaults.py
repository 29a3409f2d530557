FULL_DATA_PATH = 'data/results.jl'
MODEL_PATH = 'models/model.h5'
PROCESSED_PICKLE_DATA_PATH = 'processed_data.pickle'
COMMENT_MAX_LENGTH = 128
BATCH_SIZE = 20
SEED = 42  # fixed seed
EPOCH = 5
