import sys
import os
import numpy as np
import trax
import pandas as pd

sys.path.append(os.path.join(os.path.dirname(sys.path[0]), 'shared'))
from tokenization.tokenization import convert_tokens_to_ids

def make_streams():
  train_rows = rows_from_csv('groundup/slogan/data/train_data_tokens.csv')
  test_rows = rows_from_csv('groundup/slogan/data/test_data_tokens.csv')

  train_examples = to_examples(train_rows)
  test_examples = to_examples(test_rows)

  first_in, first_tgt, first_mask = next(train_examples)

  assert sum((first_in - first_tgt)**2) == 0 

  edges =  [128, 256,  512, 1024]
  sizes = [16,    8,    4,    2, 1]

  train_batches = trax.data.BucketByLength(
      edges, sizes)(train_examples)
  
  test_batches = trax.data.BucketByLength(
      edges, sizes)(test_examples)
  
  return (train_batches, test_batches)

def rows_from_csv(csv_path):
  table = pd.read_csv(csv_path)
  for i, r in table.iterrows():
    yield r['company'], r['description'], r['slogan']

def to_examples(rows):
  pipe = trax.data.Serial(
    as_ids,
    join_and_mask,
    trax.data.FilterByLength(2048)
  )

  return pipe(rows)

def as_ids(rows):
  for (name, about, line) in rows:
    name_ids = convert_tokens_to_ids(name.split())
    about_ids = convert_tokens_to_ids(about.split())
    line_ids = convert_tokens_to_ids(line.split())
    yield name_ids, about_ids, line_ids

def join_and_mask(rows):
  END = 50260
  FILL = 50257
  
  for (name, about, line) in rows:
    seq = np.array(list(name) + list(about) + [END, FILL] + list(line) + [END])
    loss_mask = [0] * (len(list(name)) + len(list(about)) + 2) + [1] * (len(list(line)) + 1)
    yield seq, seq, np.array(loss_mask)
