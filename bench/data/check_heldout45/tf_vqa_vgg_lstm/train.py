import numpy as np
from keras.models import model_from_json#load_model
from keras.callbacks import ModelCheckpoint
import os
import argparse
from models import *
from prepare_data import *
from constants import *

def make_answerer(drop_p, weights_path):
    print("Building the network...")
    meta = load_meta()
    answer_count = len(meta['ix_to_ans'].keys())
    vocab_count = len(meta['ix_to_word'].keys())

    glove_weights = build_glove_matrix(vocab_count, glove_dim, meta)
    net = build_answerer(glove_weights, vocab_count, glove_dim, question_len, drop_p, answer_count)
    if os.path.exists(weights_path):
        print("Restoring saved weights...")
        net.load_weights(weights_path)

    return net

def run_training(opts):
    drop_p = 0.5
    inputs_tr, targets_tr = load_train_split(opts.data_limit)    
    net = make_answerer(drop_p, final_weights_path)
    saver = ModelCheckpoint(filepath=ckpt_weights_path,verbose=1)
    net.fit(inputs_tr, targets_tr, nb_epoch=opts.epoch, batch_size=opts.batch_size, callbacks=[saver], shuffle="batch")
    net.save_weights(final_weights_path, overwrite=True)

def run_validation():
    inputs_va, targets_va, choices_va = load_val_split() 
    net = make_answerer(0.0, final_weights_path)
    print("Scoring on the validation split:")
    scores = net.evaluate(inputs_va, targets_va)
    print("")
    for score_name, score_val in zip(net.metrics_names, scores):
        print(score_name, " = ", score_val)

    # check each prediction against the set of accepted answers
    hits = 0
    probs = net.predict(inputs_va)
    guessed = [np.argmax(_) for _ in probs]
    for k, _ in enumerate(guessed):
        if _ in choices_va[k]:
            hits += 1
    print("hit rate: ", np.float(hits)/len(guessed))

if __name__ == "__main__":
    cli = argparse.ArgumentParser()
    cli.add_argument('--type', type=str, default='train')
    cli.add_argument('--epoch', type=int, default=10)
    cli.add_argument('--batch_size', type=int, default=256)
    cli.add_argument('--data_limit', type=int, default=215359, help='How many training questions to use')
    opts = cli.parse_args()

    if opts.type == 'train':
        run_training(opts)
    elif opts.type == 'val':
        run_validation()
