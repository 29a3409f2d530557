# data loading and accuracy helper

import torch
from torchtext import data
from torchtext.vocab import Vectors
import spacy
import pandas as pd
import numpy as np
from sklearn.metrics import accuracy_score

class NewsData(object):
    def __init__(self, cfg):
        self.config = cfg
        self.train_iter = None
        self.test_iter = None
        self.val_iter = None
        self.vocab = []
        self.embedding_matrix = {}
    
    def label_to_int(self, label_str):
        '''
        Turn a fastText-style tag into its class number
        In:
            label_str: e.g. '__label__2'
        Out:
            the trailing digit as an int
        '''
        return int(label_str.strip()[-1])

    def read_frame(self, file_path):
        '''
        Read 'tag,text' lines into a two-column DataFrame
        (converted to torchtext examples afterwards)
        '''
        with open(file_path, 'r') as fh:     
            data = [line.strip().split(',', maxsplit=1) for line in fh]
            texts = list(map(lambda x: x[1], data))
            labels = list(map(lambda x: self.label_to_int(x[0]), data))

        frame = pd.DataFrame({"text":texts, "label":labels})
        return frame
    
    def read_splits(self, embedding_file, train_path, test_path, val_path=None):
        '''
        Read the splits, build the vocabulary with pretrained vectors,
        and create bucketed iterators for train, validation and test
        
        Args:
            embedding_file: text file of pretrained vectors (GloVe/word2vec)
            train_path: training split
            test_path: test split
            val_path: optional validation split

        '''

        nlp = spacy.load('en')
        tokenize_fn = lambda sentence: [x.text for x in nlp.tokenizer(sentence) if x.text != " "]
        
        # torchtext fields
        TEXT_FIELD = data.Field(sequential=True, tokenize=tokenize_fn, lower=True, fix_length=self.config.max_sen_len)
        LABEL_FIELD = data.Field(sequential=False, use_vocab=False)
        fields = [("text",TEXT_FIELD),("label",LABEL_FIELD)]
        
        # DataFrame rows -> torchtext examples
        train_frame = self.read_frame(train_path)
        train_examples = [data.Example.fromlist(i, fields) for i in train_frame.values.tolist()]
        train_set = data.Dataset(train_examples, fields)
        
        test_frame = self.read_frame(test_path)
        test_examples = [data.Example.fromlist(i, fields) for i in test_frame.values.tolist()]
        test_set = data.Dataset(test_examples, fields)
        
        # a given validation split, or 20% of train
        if val_path:
            val_frame = self.read_frame(val_path)
            val_examples = [data.Example.fromlist(i, fields) for i in val_frame.values.tolist()]
            val_set = data.Dataset(val_examples, fields)
        else:
            train_set, val_set = train_set.split(split_ratio=0.8)
        
        TEXT_FIELD.build_vocab(train_set, vectors=Vectors(embedding_file))
        self.embedding_matrix = TEXT_FIELD.vocab.vectors
        self.vocab = TEXT_FIELD.vocab
        
        self.train_iter = data.BucketIterator(
            (train_set),
            batch_size=self.config.batch_size,
            sort_key=lambda x: len(x.text),
            repeat=False,
            shuffle=True)
        
        self.val_iter, self.test_iter = data.BucketIterator.splits(
            (val_set, test_set),
            batch_size=self.config.batch_size,
            sort_key=lambda x: len(x.text),
            repeat=False,
            shuffle=False)
        
        print ("{} train examples".format(len(train_set)))
        print ("{} test examples".format(len(test_set)))
        print ("{} validation examples".format(len(val_set)))


def evaluate_accuracy(model, batches):
    pred_labels = []
    true_labels = []
    for step,batch in enumerate(batches):
        if torch.cuda.is_available():
            x = batch.text.cuda()
        else:
            x = batch.text
        y_pred = model(x)
        pred_ids = torch.max(y_pred.cpu().data, 1)[1] + 1
        pred_labels.extend(pred_ids.numpy())
        true_labels.extend(batch.label.numpy())
    acc = accuracy_score(true_labels, np.array(pred_labels).flatten())
    return acc