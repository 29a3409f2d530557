import re
from sklearn.preprocessing import LabelEncoder
import nltk
import time
import torch
import string
import numpy as np
from nltk.stem import PorterStemmer
import pandas as pd
from nltk.corpus import stopwords
from sklearn.utils import resample


class Cleaner:


    """# text cleaning"""

    # normalise one review

    def clean_text(self, s):

        s = s.lower()  # lower case
        s = re.sub(r'\W', ' ', str(s)) # drop non-word characters
        s = s.translate(str.maketrans('', '', string.punctuation)) # drop punctuation
        s = ''.join([c for c in s if not c.isdigit()]).strip() # drop digits
        s = re.sub(r'\s+[a-zA-Z]\s+', ' ', s)   # drop lone letters
        s = re.sub(r'\s+', ' ', s, flags=re.I) # squeeze spaces
        s = re.sub(r"(http\S+|http)", "", s) # drop links
        s = ' '.join([PorterStemmer().stem(word=w) for w in s.split(" ") if w not in stopwords.words('english') ]) # stem, drop stop words
        s = ''.join([c for c in s if not c.isdigit()]).strip() # drop digits again
        return s

    def rebalance(self,table):
        top = table[table['score'] == 5]  # score 5
        low2 = table[table['score'] == 2]  # score 2
        low3 = table[table['score'] == 3]  # score 3
        low1 = table[table['score'] == 1]  # score 1
        low4 = table[table['score'] == 4]  # score 4
        """# shrink the big class, grow the small ones"""
        # fewer 5s
        top_down = resample(top,
                            replace=False,
                            n_samples=600)
        # more 2s
        low2_up = resample(low2,
                           replace=True,
                           n_samples=200)
        # more 3s
        low3_up = resample(low3,
                           replace=True,
                           n_samples=300)
        # more 1s
        low1_up = resample(low1,
                           replace=True,
                           n_samples=225)
        # more 4s
        low4_up = resample(low4,
                           replace=True,
                           n_samples=250)

        # join them back
        balanced = pd.concat([top_down,
                              low2_up,
                              low3_up,
                              low1_up,
                              low4_up])

        return balanced

    def encode_labels(self,balanced):
        enc = LabelEncoder()
        Y = enc.fit_transform(balanced['score'])
        print(Y.shape)
        print(enc.classes_)
        return enc, Y







