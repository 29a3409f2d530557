import numpy as np
import torch
from torch.utils.data import Dataset

def review_to_ids(text, vocab, maxlen):
    ids = np.zeros(maxlen)
    text = text.lower()
    text = text.split(' ')
    for pos in range(maxlen):
        while True:
            try:
                w = text.pop()
                idx = vocab[w]
                ids[pos] = (idx)
                break
            except:
                if not text:
                    break
    #ids = torch.tensor(ids, dtype = torch.long)
    return ids

class ReviewTokens(Dataset):
    def __init__(self, data = None, maxlen = None, token_dict = None, stop = None, path = None):
        if path is None:
            ids = np.empty((len(data), maxlen))
            targets = np.empty(len(data))
            for k, rec in enumerate(data):
                
                ids[k] = review_to_ids(rec['text'], token_dict, maxlen)
                targets[k] = rec['label']
                if stop and k > stop:
                    break
            self.tokens = torch.tensor(ids, dtype = torch.long)
            self.labels = torch.tensor(targets, dtype = torch.long)
            self.n = self.labels.shape[0]
        if path is not None:
            self.tokens = torch.load('./' + path + '_tokens.pt')
            self.labels = torch.load('./' + path + '_labels.pt')
            self.n = self.labels.shape[0]

    def __getitem__(self, k):
        return self.tokens[k], self.labels[k]

    def __len__(self):
        return self.n
    
    def save(self, prefix):
        torch.save(self.tokens, prefix + '_tokens')
        torch.save(self.labels, prefix + '_labels')
