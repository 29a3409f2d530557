import numpy as np
from keras.utils.np_utils import to_categorical
import json
import h5py
import os
from constants import *

def pad_to_right(tokens,lens):
    out = np.zeros(np.shape(tokens))
    width = np.shape(tokens)[1]
    for r in range(np.shape(tokens)[0]):
        out[r][width-lens[r]:width]=tokens[r][0:lens[r]]
    return out

def load_train_split(limit):
    print("Loading the training split...")
    feat_file = h5py.File(features_h5)
    q_file = h5py.File(questions_h5)
  
    feat_file = np.array(feat_file['images_train'])
    pic_index = q_file['img_pos_train'][:limit]
    pic_feats = np.array([feat_file[_-1,:] for _ in pic_index])
    # scale every feature row to unit length
    norms = np.sqrt(np.sum(np.multiply(pic_feats, pic_feats), axis=1))
    pic_feats = np.divide(pic_feats, np.transpose(np.tile(norms,(4096,1))))

    # move the padding of each question to the left
    q_tokens = np.array(q_file['ques_train'])[:limit, :]
    q_lens = np.array(q_file['ques_length_train'])[:limit]
    q_tokens = pad_to_right(q_tokens, q_lens)

    inputs = [pic_feats, q_tokens]
    # the one-hot width comes from the answers present here, not from the full answer list
    # answers missing from the list are mapped to index 1 in the validation split below
    targets = to_categorical(q_file['answers'])[:limit, :]

    return inputs, targets

def load_val_split():
    feat_file = h5py.File(features_h5)
    q_file = h5py.File(questions_h5)
    meta = load_meta()
    with open(val_ann_json, 'r') as fh:
        ann = json.loads(fh.read())

    feat_file = np.array(feat_file['images_test'])
    pic_index = q_file['img_pos_test']
    pic_feats = np.array([feat_file[_-1,:] for _ in pic_index])
    norms = np.sqrt(np.sum(np.multiply(pic_feats, pic_feats), axis=1))
    pic_feats = np.divide(pic_feats, np.transpose(np.tile(norms,(4096,1))))

    q_tokens = np.array(q_file['ques_test'])
    q_lens = np.array(q_file['ques_length_test'])
    q_tokens = pad_to_right(q_tokens, q_lens)

    # the last word index must become 0 to match the embedding table
    for _ in q_tokens:
        if 12602 in _:
            _[_==12602] = 0

    inputs = [pic_feats, q_tokens]

    answer_ids = {str(a):int(k) for k,a in meta['ix_to_ans'].items()}
    ann_by_q = {}
    for _ in ann['annotations']:
        aid = answer_ids.get(_['multiple_choice_answer'].lower())
        _['multiple_choice_answer_idx'] = 1 if aid in [None, 1000] else aid
        ann_by_q[_['question_id']] = _

    top_answer = [ann_by_q[qid]['multiple_choice_answer_idx'] for qid in q_file['question_id_test']]
    top_answer = to_categorical(np.array(top_answer))

    accepted = [list(set([answer_ids.get(_['answer'].lower()) for _ in ann_by_q[qid]['answers']])) for qid in q_file['question_id_test']]
    for k,_ in enumerate(accepted):
        accepted[k] = [1 if a in [None, 1000] else a for a in _]

    return inputs, top_answer, accepted


def load_meta():
    meta = json.load(open(questions_meta_json, 'r'))
    meta['ix_to_word'] = {str(w):int(k) for k,w in meta['ix_to_word'].items()}
    return meta

def build_glove_matrix(vocab_count, glove_dim, meta):
    if os.path.exists(embed_cache_path):
        with h5py.File(embed_cache_path) as f:
            return np.array(f['embedding_matrix'])

    print("Building the embedding table...")
    with open(train_q_json, 'r') as fh:
        q_json = json.loads(fh.read())
        q_texts = [str(_['question']) for _ in q_json['questions']]
    
    glove = {}
    with open(glove_txt, 'r') as gf:
        for row in gf:
            parts = row.split()
            token = parts[0]
            vec = np.asarray(parts[1:], dtype='float32')
            glove[token] = vec

    table = np.zeros((vocab_count, glove_dim))
    word_ids = meta['ix_to_word']

    for token, k in word_ids.items():
        vec = glove.get(token)
        if vec is not None:
            table[k] = vec
   
    with h5py.File(embed_cache_path, 'w') as f:
        f.create_dataset('embedding_matrix', data=table)

    return table
