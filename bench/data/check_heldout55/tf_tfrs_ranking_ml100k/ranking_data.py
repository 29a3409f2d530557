import os
import pprint
import tempfile

from typing import Dict, Text

import numpy as np
import tensorflow as tf
import tensorflow_datasets as tfds
import tensorflow_recommenders as tfrs

rating_ds = tfds.load("movielens/100k-ratings", split="train")

rating_ds = rating_ds.map(lambda ex: {
    "movie_title": ex["movie_title"],
    "user_id": ex["user_id"],
    "user_rating": ex["user_rating"]
})

tf.random.set_seed(42)
mixed = rating_ds.shuffle(100_000, seed=42, reshuffle_each_iteration=False)

fit_ds = mixed.take(80_000)
eval_ds = mixed.skip(80_000).take(20_000)
title_batches = rating_ds.batch(1_000_000).map(lambda ex: ex["movie_title"])
user_batches = rating_ds.batch(1_000_000).map(lambda ex: ex["user_id"])

title_vocab = np.unique(np.concatenate(list(title_batches)))
user_vocab = np.unique(np.concatenate(list(user_batches)))