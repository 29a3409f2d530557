import numpy as np

from sklearn.preprocessing import LabelEncoder
from typing import List


class LabelEncoderExt(object):
    def __init__(self):
        self.label_encoder = LabelEncoder()

    def fit(self, words: List[str]):
        """
        """
        self.label_encoder = self.label_encoder.fit(words)
        self.lookup = dict(zip(self.label_encoder.classes_, self.label_encoder.transform(self.label_encoder.classes_)))
        return self


    def transform(self, words: List[str]):
        """
        Map words to ids, dropping words that were not seen in fit.
        :param words:
        :return:
        """
        # seen = [w for w in words if w in self.lookup]
        # return self.label_encoder.transform(seen)
        ids = [self.lookup[w] for w in words if w in self.lookup]
        return ids

    def inverse_transform(self, y):
        return self.label_encoder.inverse_transform(y)
