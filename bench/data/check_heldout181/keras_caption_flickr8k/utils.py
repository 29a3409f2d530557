import numpy as np
import re
import csv
import json
from collections import Counter

def preprocess_text(text):
    text = re.sub(r'[^a-z ]+', '', text.lower())
    text = '<start> ' + " ".join([word for word in text.split() if len(word) > 1]) + ' <end>'

    return text


def flatten_features(features):
    return dict((k, np.reshape(v, (1, -1, v.shape[3]))) for k, v in features.items())


def get_freq(captions, vocab):
    counts = Counter(" ".join(captions).split())
    token_freq = np.zeros(len(vocab) + 1)

    for token, count in counts.items():
        index = vocab[token]
        token_freq[index] = count

    token_freq[vocab["<start>"]] = 0
    token_freq[vocab["<unk>"]] = 0

    return token_freq

def labels_to_json(inpath, outpath):
    data = {}
    with open(inpath, encoding='utf-8') as csvf:
        csvReader = csv.DictReader(csvf)

        i = 0
        caption_array = []
        for rows in csvReader:
            if i % 5 == 0:
                caption_array = []
            key = rows['image']
            caption_array.append(rows['caption'])
            data[key] = caption_array
            i += 1

    with open(outpath, 'w', encoding='utf-8') as jsonf:
        jsonf.write(json.dumps(data, indent=4))

def output_to_json(inpath, outpath):
    data = {}
    with open(inpath) as fh:
        for line in fh:
            image, caption = line.strip().split(",")
            data[image] = [caption]

    del data['image']

    with open(outpath, 'w', encoding='utf-8') as jsonf:
        jsonf.write(json.dumps(data, indent=4))