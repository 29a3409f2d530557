import numpy as np
import pandas as pd
from collections import Counter
from nltk.tokenize import word_tokenize
import pickle
import json
import os

max_len = 20
word_threshold = 2
counter = None

def coco_to_flickr_layout(path="Dataset/captions_val2014.json"):
    '''
    Rewrite COCO caption json as a flickr-style token file
    '''
    with open(path, 'r') as fh:
        blob = json.load(fh)
    imgs = blob['images']
    anns = blob['annotations']
    head = "COCO_train2014_"

    for a in anns:
        iid = str(a['image_id'])
        n = len(iid)
        pad = '0'*(12-n)
        iid = head+pad+iid
        a['image_id'] = iid
        a['caption'] = a['caption'].replace('\n','')\
                        .replace(',', ' ,').replace('.', '')\
                        .replace('"','" ').replace("'s"," 's")\
                        .replace("'t"," 't")+ " ."

    anns = sorted(anns, key=lambda k: k['image_id'])
    out_path="Dataset/COCOcaptions.txt"
    with open(out_path,'w') as fh:
        for j, a in enumerate(anns):
            fh.write(a['image_id']+'#'+str(j%5)+'\t'+a['caption']+'\n')

    return out_path

def clean_coco(names, texts):
    frame = pd.DataFrame()
    frame['FileNames'] = names
    frame['caption'] = texts
    frame.caption = frame.caption.str.decode('utf')
    frame['caption'] = frame['caption'].apply(word_tokenize).apply(lambda x: x[:20]).apply(" ".join).str.lower()

    extra = frame.FileNames.value_counts()[(frame.FileNames.value_counts() > 5)].index.tolist()

    for nm in extra:
        drop_at = frame[frame.FileNames==nm].index[5:]
        frame = frame.drop(drop_at)
        frame = frame.reset_index(drop=True)

    with open("Dataset/COCOcaptions.txt",'w') as fh:
        for j, r in frame.iterrows():
            fh.write(r['FileNames']+'#'+str(j%5)+'\t'+r['caption']+'\n')

    return frame

def clean_flickr(names, texts):
    global max_len
    print("Cleaning the captions")
    frame = pd.DataFrame()
    frame['FileNames'] = names
    frame['caption'] = texts
    frame.caption = frame.caption.str.decode('utf')
    frame['caption'] = frame['caption'].apply(word_tokenize).apply(
        lambda x: x[:max_len]).apply(" ".join).str.lower()
    #frame = frame[:158900] # flickr only
    return frame


def build_vocab(frame):
    global max_len, word_threshold, counter
    print("Counting words")

    words = dict([w for w in counter.items() if w[1] >= word_threshold])
    words["<UNK>"] = len(counter) - len(words)
    words["<PAD>"] = frame.caption.str.count("<PAD>").sum()
    words["<S>"] = frame.caption.str.count("<S>").sum()
    words["</S>"] = frame.caption.str.count("</S>").sum()
    ids = {}
    ids["<S>"] = 1
    ids["</S>"] = 2
    ids["<PAD>"] = 0
    ids["<UNK>"] = 3
    print("Numbering the words")
    n = 4
    for w in words.keys():
        if w not in ["<S>", "</S>", "<PAD>", "<UNK>"]:
            ids[w] = n
            n += 1
    print("Vocabulary size", len(words))
    return words, ids


def pad_all(frame):
    global max_len
    print("Padding every caption to", max_len, "plus the two boundary tokens")
    padded = frame.copy()
    padded['caption'] = "<S> " + padded['caption'] + " </S>"
    max_len = max_len + 2
    for j, r in padded.iterrows():
        text = r['caption']
        n_words = len(text.split())
        if(n_words < max_len):
            gap = max_len - n_words
            filler = "<PAD> " * gap
            filler = filler.strip()
            padded.set_value(j, 'caption', text + " " + filler)
    return padded


def read_features(path):
    feats = np.load(path)
    feats = np.repeat(feats, 5, axis=0)
    print("Read features from", path)
    return feats


def hold_out(frame, feats, ratio=0.8):
    cut = int(frame.shape[0] * ratio)
    print("Split sizes:")
    print("all rows: ", frame.shape[0])
    print("training rows: ", cut)
    print("held-out rows: ", frame.shape[0] - cut)
    print("train : held-out = ", ratio * 100, ":", 100 - (ratio * 100))
    held_feats = feats[cut:]
    held_caps = np.array(frame.caption)[cut:]
    np.save("Dataset/Validation_Data", zip(held_feats, held_caps))
    return frame[:cut], feats[:cut]


def read_cached(names):
    out = []
    for nm in names:
        out.append(np.load("Dataset/" + nm + ".npy"))
    return out


def generate_captions(
        wt=2,
        ml=20,
        cap_path='Dataset/results_20130124.token',# flickr30k captions by default
        feat_path='Dataset/features.npy',
        data_is_coco=False):
    needed = ["vocab", "wordmap", "Training_Data"]
    rebuild = False
    for nm in needed:
        if not os.path.isfile('Dataset/' + nm + ".npy"):
            rebuild = True
            print("Cached files missing; building them again.")
            break
    if not rebuild:
        print("Using the cached files.")
        return read_cached(needed)
    global max_len, word_threshold, counter
    max_len = ml
    word_threshold = wt
    print("Reading captions from", cap_path)
    if data_is_coco:
        # rewrite COCO captions in the flickr layout
        cap_path = coco_to_flickr_layout(cap_path)
        # and read them back
        with open(cap_path, 'r') as fh:
            lines = fh.readlines()
        names = [ln.split('\t')[0].split('#')[0] for ln in lines]
        texts = [ln.split('\t')[1] for ln in lines]
        frame = clean_coco(names, texts)
    else:
        with open(cap_path, 'r') as fh:
            lines = fh.readlines()
        names = [ln.split('\t')[0].split('#')[0] for ln in lines]
        texts = [ln.replace('\n', '').split('\t')[1] for ln in lines]
        frame = clean_flickr(names, texts)

    feats = read_features(feat_path)
    print(feats.shape, frame.shape)
    order = np.random.permutation(feats.shape[0])
    frame = frame.iloc[order]
    feats = feats[order]
    # frame, feats = hold_out(frame, feats) # flickr8k would serve as validation
    counter = Counter()
    for j, r in frame.iterrows():
        counter.update(r["caption"].lower().split())
    frame = pad_all(frame)
    words, ids = build_vocab(frame)
    texts = np.array(frame.caption)
    np.save("Dataset/Training_Data", zip(feats, texts))
    np.save("Dataset/wordmap", ids)
    np.save("Dataset/vocab", words)

    print("Done preparing the data")
    return read_cached(needed)
