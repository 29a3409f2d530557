from data.match import pair_bert_vectors, load_interactions, load_bert_tables
from models.model1 import fit_two_branch
import pandas as pd
import numpy as np
import logging
import sys

if __name__ == "__main__":
  logging.basicConfig(format="%(message)s", level=logging.INFO)
  log = logging.getLogger(__name__)
  if len(sys.argv) != 5:
    log.error("expected four arguments")
    exit(-1)

user_json = sys.argv[1]
item_json = sys.argv[2]
out_dir = sys.argv[3]
pred_dir = sys.argv[4]

print(user_json)
print(item_json)
print(out_dir)
print(pred_dir)

user_table, item_table = load_bert_tables(user_json, item_json)
uids, iids, labels = load_interactions('datasets/movielens/train2id.tsv')
features, targets, width = pair_bert_vectors(uids,iids,labels,user_table,item_table)

net = fit_two_branch(features, targets, width, epochs=25, batch_size=512)

# write the fitted network as HDF5
net.save(out_dir + 'model.h5')
