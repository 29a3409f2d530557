import tensorflow as t
from tensorflow.keras.applications import InceptionV3
from tensorflow.keras.applications.inception_v3 import preprocess_input
from math import floor
from skimage.transform import resize
import numpy as np
from scipy.linalg import sqrtm
from math import ceil

class FeatureScorer(tf.keras.Model):
    def __init__(self):
        super(FeatureScorer, self).__init__()
        self.net = InceptionV3(include_top=False, pooling='avg', input_shape=[150, 150, 3])

    def upscale(self, pictures, target):
        upscaled = list()
        for pic in pictures:
            bigger = resize(pic, target, 0)
            upscaled.append(bigger)
        return np.asarray(upscaled)

    def is_value(self, probs, eps):
        marginal = np.expand_dims(probs.mean(axis=0), 0)
        kl = probs * (np.log(probs + eps) - np.log(marginal + eps))
        kl_sum = kl.sum(axis=1)
        kl_mean = np.mean(kl_sum)
        value = np.exp(kl_mean)
        return ceil(value)

    def prepare(self, X):
        big = self.upscale(X, (150, 150, 3))
        tensor = tf.cast(big, tf.float32)
        return preprocess_input(tensor)

    def frechet(self, a, b):
        m1, c1 = a.mean(axis=0), np.cov(a, rowvar=False)
        m2, c2 = b.mean(axis=0), np.cov(b, rowvar=False)
        sq = np.sum((m1 - m2) ** 2.0)
        root = sqrtm(c1.dot(c2))
        if np.iscomplexobj(root):
            root = root.real
        dist = sq + np.trace(c1 + c2 - 2.0 * root)
        return dist

    def compute_score(self, X, Y):
        feats_X = self.prepare(X)
        feats_Y = self.prepare(Y)
        emb_X = self.net.predict(feats_X)
        emb_Y = self.net.predict(feats_Y)
        dist = self.frechet(emb_X, emb_Y)
        return dist
