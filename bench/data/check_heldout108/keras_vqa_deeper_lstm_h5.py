from keras.models import Sequential
from keras.layers.core import Reshape, Activation, Dropout
from keras.layers import LSTM, Concatenate, Dense, Embedding
from keras.utils import np_utils

import h5py
import importlib
import numpy as np
import json

# the network(s)
def build_net():
    # image branch
    img_branch = Sequential()
    img_branch.add(Reshape((4096,), input_shape=(4096,)))
    img_branch.add(Dense(1024))
    img_branch.add(Activation('tanh'))
    img_branch.add(Dropout(0.5))


    # question branch
    txt_branch = Sequential()
    txt_branch.add(Embedding(12603, 300, input_length=26))
    txt_branch.add(LSTM(512, return_sequences=True, input_shape=(26, 300)))
    txt_branch.add(LSTM(512, return_sequences=True))
    txt_branch.add(LSTM(512, return_sequences=False))
    txt_branch.add(Dense(1024))
    txt_branch.add(Activation('tanh'))
    txt_branch.add(Dropout(0.5))


    # fused head
    net = Sequential()
    net.add(Concatenate([txt_branch, img_branch], axis=1))

    for _ in range(3):
        net.add(Dense(1024))
        net.add(Activation('tanh'))
        net.add(Dropout(0.5))

    net.add(Dense(1000))
    net.add(Activation('softmax'))

    return net

# the most frequent element of a list
def mode_of(items):
    return max(set(items), key=items.count)
    
# training split
def load_train(img_norm = 0):

    meta = {}
    split = {}
    
    print('reading vocab json...')
    with open('DATA/data_prepro.json') as fh:
        js = json.load(fh)
    for k in js.keys():
        meta[k] = js[k]

    print('reading image features...')
    with h5py.File('DATA/data_img.h5','r') as hf:
        ds = hf.get('images_train')
        feats = np.array(ds)
        
    print('reading question h5...')
    with h5py.File('DATA/data_prepro.h5','r') as hf:
        ds = hf.get('ques_train')
        split['question'] = np.array(ds)
        ds = hf.get('ques_length_train')
        split['length_q'] = np.array(ds)
        ds = hf.get('img_pos_train')
        split['img_list'] = np.array(ds)-1
        ds = hf.get('answers')
        split['answers'] = np.array(ds)-1

    print('normalising image features')
    if img_norm:
        ds = np.sqrt(np.sum(np.multiply(feats, feats)))
        feats = np.divide(feats, np.tile(ds,(1,2048)))

    return meta, feats, split

# validation/test split
def load_test():
    meta = {}
    split = {}
    
    print('reading vocab json...')
    with open('DATA/data_prepro.json') as fh:
        js = json.load(fh)
    for k in js.keys():
        meta[k] = js[k]

    print('reading image features...')
    with h5py.File('DATA/data_img.h5','r') as hf:
        ds = hf.get('images_test')
        feats = np.array(ds)
    
    print('reading question h5...')
    with h5py.File('DATA/data_prepro.h5','r') as hf:
        ds = hf.get('ques_test')
        split['question'] = np.array(ds)
        ds = hf.get('ques_length_test')
        split['length_q'] = np.array(ds)
        ds = hf.get('img_pos_test')
        split['img_list'] = np.array(ds)-1
        ds = hf.get('question_id_test')
        split['ques_id'] = np.array(ds)
        
    ds = hf.get('MC_ans_test')
    split['MC_ans_test'] = np.array(ds)
    
    print('normalising image features')
    if img_norm:
        ds =  np.sqrt(np.sum(np.multiply(feats, feats)))
        feats = np.divide(feats, np.tile(ds,(1,2048)))

    n_test = len(split[u'question'])
    all_answers = json.load(open('DATA/val_all_answers_dict.json'))
    gold = np.zeros(n_test, dtype=np.int32)

    ans_index = {v: k for k, v in meta[u'ix_to_ans'].items()}
    missing = 0
    for i in xrange(n_test):
        qid = split[u'ques_id'][i]
        try : 
            idx =int(ans_index[mode_of(all_answers[str(qid)])]) -1
        except KeyError:
            missing += 1
            idx = 480
        gold[i] = idx
    print("note: " + str(missing) + " validation answers were not in the answer list")

    return meta, feats, split

# read both splits
meta, tr_feats, tr_split = load_train()

tr_X = [tr_split[u'question'], tr_feats]
tr_Y = np_utils.to_categorical(tr_split[u'answers'], 1000)

meta, te_feats,  te_split, gold = load_test()

te_X = [te_split[u'question'], te_feats]
te_Y = np_utils.to_categorical(gold, args.nb_classes)

# build
net = build_net()
net.compile(loss='categorical_crossentropy', optimizer='rmsprop', metrics=['accuracy'])
net.summary()

# train
net.fit(tr_X, tr_Y, batch_size = 128, nb_epoch=300, validation_data=(te_X, te_Y))

# evaluate
res = net.evaluate(te_X, te_Y, verbose=0)
print("%s: %.2f%%" % (net.metrics_names[1], res[1]*100))
 
# save architecture
arch = net.to_json()
with open("VQA/vqa_net.json", "w") as fh:
    fh.write(arch)
# save weights
net.save_weights("VQA/vqa_net_weights.hdf5")
print("saved")
