from word_index import WordIndex
import random
from word_prep import WordPrep
import numpy as np

class BatchFeed():
    def __init__(self, pairs, width=128, height=64, batch_size=64, input_length=30, max_text_length=19):
        self.width = width
        self.height = height
        self.batch_size = batch_size
        self.max_text_length = max_text_length
        self.input_length = input_length
        self.pairs = pairs # [[png path, text], ...]
        # fit pairs: 42334
        # held-out pairs: 2229
        self.n = len(self.pairs)
        self.pos = 0
        self.order = list(range(self.n))
        self.samples = []

    def build_data(self):
        for k, [png_path, text] in enumerate(self.pairs):
            # if k == 2:
            #     break
            pic = WordPrep().load(png_path)
            ids = WordPrep().text_to_ids(text) # unpadded
            self.samples.append([pic, ids])

    def take_one(self):
        self.pos += 1
        if self.pos >= self.n:
            self.pos = 0
            random.shuffle(self.order) # reshuffle every pass
        return self.samples[self.order[self.pos]]

    def batches(self):
        while True:
            X = np.ones([self.batch_size, self.height, self.width, 1])
            Y = np.zeros([self.batch_size, self.max_text_length])
            in_len = np.ones((self.batch_size, 1)) * self.input_length
            lab_len = np.zeros((self.batch_size, 1))

            for j in range(self.batch_size):
                pic, ids = self.take_one()
                X[j] = pic
                Y[j, :len(ids)] = ids
                lab_len[j] = len(ids)

            ins = [X, Y, in_len, lab_len]
            outs = np.zeros([self.batch_size])
            yield ins, outs








