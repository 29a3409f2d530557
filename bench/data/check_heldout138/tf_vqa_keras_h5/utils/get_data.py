'''
Readers for the preprocessed VQA files (questions h5, image
feature h5 and the json of vocabularies); the test reader also
returns the most common human answer per question.

'''

from __future__ import print_function
import numpy as np
import h5py  as hf
import json

def top_vote(items):
    return max(set(items), key=items.count)

def get_train_data(cfg):

    meta = {}
    split = {}
    # vocabularies and metadata
    print('reading json...')
    with open(cfg.input_json) as fh:
        blob = json.load(fh)
    for k in blob.keys():
        meta[k] = blob[k]

    # image vectors
    print('reading image vectors...')
    with h5py.File(cfg.input_img_h5,'r') as hf:
        # rows 0..82459
        node = hf.get('images_train')
        feats = np.array(node)
    # question file
    print('reading question h5...')
    with h5py.File(cfg.input_ques_h5,'r') as hf:
        # 215375 training questions
        # each padded to 26 tokens
        node = hf.get('ques_train')
        split['question'] = np.array(node)
        # at most 23 real tokens
        node = hf.get('ques_length_train')
        split['length_q'] = np.array(node)
        # 82460 distinct images
        # stored 1-based
        node = hf.get('img_pos_train')
    # shift to 0-based
        split['img_list'] = np.array(node)-1
        # class ids 1..1000
        node = hf.get('answers')
        split['answers'] = np.array(node)-1

    print('l2 normalising image vectors')
    if img_norm:
        node = np.sqrt(np.sum(np.multiply(feats, feats)))
        feats = np.divide(feats, np.tile(node,(1,cfg.img_vec_dim)))

    return meta, feats, split

def get_data_test(cfg):
    meta = {}
    split = {}
    # vocabularies and metadata
    print('reading json...')
    with open(cfg.input_json) as fh:
        blob = json.load(fh)
    for k in blob.keys():
        meta[k] = blob[k]

    # image vectors
    print('reading image vectors...')
    with h5py.File(cfg.input_img_h5,'r') as hf:
        # rows 0..40503
        node = hf.get('images_test')
        feats = np.array(node)
    # question file
    print('reading question h5...')
    with h5py.File(cfg.input_ques_h5,'r') as hf:
        # test questions
        # each padded to 26 tokens
        node = hf.get('ques_test')
        split['question'] = np.array(node)
        # at most 23 real tokens
        node = hf.get('ques_length_test')
        split['length_q'] = np.array(node)
        # image positions
        # stored 1-based
        node = hf.get('img_pos_test')
        # shift to 0-based
        split['img_list'] = np.array(node)-1
        # question ids
        node = hf.get('question_id_test')
        split['ques_id'] = np.array(node)
    # multiple choice answers
    node = hf.get('MC_ans_test')
    split['MC_ans_test'] = np.array(node)

    print('l2 normalising image vectors')
    if img_norm:
        node =  np.sqrt(np.sum(np.multiply(feats, feats)))
        feats = np.divide(feats, np.tile(node,(1,cfg.img_vec_dim)))


    # needs the answers dict of the val split
    n_test = len(split[u'question'])
    votes = json.load(open(cfg.ans_file))
    gold = np.zeros(n_test, dtype=np.int32)

    ans_index = {v: k for k, v in meta[u'ix_to_ans'].items()}
    n_missing = 0
    for r in xrange(n_test):
        qid = split[u'ques_id'][r]
        try : 
            ans_id =int(ans_index[top_vote(votes[str(qid)])]) -1
        except KeyError:
            n_missing += 1
            ans_id = 480
        gold[r] = ans_id
    print("warning: " + str(n_missing) + " test answers fell back to a default")

    return meta, feats, split
