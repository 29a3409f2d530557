from pickle import load
from utils.model import *
from utils.load_data import read_train_split, read_val_split, batch_stream
from tensorflow.keras.callbacks import ModelCheckpoint
from config import config, rnnConfig
import random
# fixed seed so runs repeat
random.seed(config['random_seed'])

"""
    *Sanity checks on the settings
"""
assert type(config['num_of_epochs']) is int, 'num_of_epochs in config.py must be an int'
assert type(config['max_length']) is int, 'max_length in config.py must be an int'
assert type(config['batch_size']) is int, 'batch_size in config.py must be an int'
assert type(config['beam_search_k']) is int, 'beam_search_k in config.py must be an int'
assert type(config['random_seed']) is int, 'random_seed in config.py must be an int'
assert type(rnnConfig['embedding_size']) is int, 'embedding_size in config.py must be an int'
assert type(rnnConfig['LSTM_units']) is int, 'LSTM_units in config.py must be an int'
assert type(rnnConfig['dense_units']) is int, 'dense_units in config.py must be an int'
assert type(rnnConfig['dropout']) is float, 'dropout in config.py must be a float'

"""
    *Read the splits
    *feats : CNN vectors per image
    *caps : captions per image
"""
feats_tr, caps_tr, max_len = read_train_split(config)

feats_va, caps_va = read_val_split(config)

"""
    *Tokenizer saved by the preprocessing step
"""
tok = load(open(config['tokenizer_path'], 'rb'))
n_words = len(tok.word_index) + 1

"""
    *The decoder consumes the precomputed CNN vectors.
    *Build it
"""
# net = RNNModel(n_words, max_len, rnnConfig, config['model_type'])
net = AlternativeRNNModel(n_words, max_len, rnnConfig, config['model_type'])
print('decoder summary : ')
print(net.summary())

"""
    *Train, checkpointing the best epoch
"""
n_epochs = config['num_of_epochs']
bs = config['batch_size']
steps_tr = len(caps_tr)//bs
if len(caps_tr)%bs!=0:
    steps_tr = steps_tr+1
steps_va = len(caps_va)//bs
if len(caps_va)%bs!=0:
    steps_va = steps_va+1
ckpt_path = config['model_data_path']+"decoder_"+str(config['model_type'])+"_ep-{epoch:02d}_loss-{loss:.4f}_vloss-{val_loss:.4f}.hdf5"
ckpt = ModelCheckpoint(ckpt_path, monitor='val_loss', verbose=1, save_best_only=True, mode='min')
cbs = [ckpt]

print('train steps: {}, val steps: {}'.format(steps_tr,steps_va))
print('batch: {}'.format(bs))
print('epochs = {}'.format(n_epochs))

# random order of the training images
order = list(caps_tr.keys())
random.shuffle(order)
caps_tr_shuffled = {k: caps_tr[k] for k in order}
caps_tr = caps_tr_shuffled

# training batches
# yields [[img_feats, token_seqs], next_word]
gen_tr = batch_stream(feats_tr, caps_tr, tok, max_len, bs, config['random_seed'])
# validation batches
# yields [[img_feats, token_seqs], next_word]
gen_va = batch_stream(feats_va, caps_va, tok, max_len, bs, config['random_seed'])

# train
net.fit_generator(gen_tr,
            epochs=n_epochs,
            steps_per_epoch=steps_tr,
            validation_data=gen_va,
            validation_steps=steps_va,
            callbacks=cbs,
            verbose=1)

"""
    *BLEU on the validation split with beam search
"""
print('trained. BLEU on validation with beam search, k={}'.format(config['beam_search_k']))
evaluate_model_beam_search(net, feats_va, caps_va, tok, max_len, beam_index=config['beam_search_k'])
