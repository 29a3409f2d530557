#!/usr/bin/env python
# coding: utf-8

# # Phoneme tagging of speech frames (course exercise 2-1)

# ## Corpus: TIMIT read speech
# Read English sentences with phone-level transcriptions, widely used to study acoustic-phonetic modelling and speech recognisers.
#
# Task: many-way classification,
# a network predicts which phoneme each speech frame belongs to.
#
# corpus mirror: https://academictorrents.com/details/34e2b78745138186976cbc27939b1b34d18bd5b3

# ## Getting the files
# Fetch and extract the archive first.
#
# Three arrays are expected afterwards, all inside `timit_11/`.<br><br>
# directory contents
# - `train_11.npy`: frame features for fitting<br>
# - `train_label_11.npy`: phoneme id per frame<br>
# - `test_11.npy`:  frames to predict<br><br>

# ## Reading the arrays
# Both feature matrices come from plain NumPy `.npy` files.

# cell 1

run_id = 1

import numpy as np

print('Reading the feature arrays ...')

timit_dir='./timit_11/'
train_data = np.load(timit_dir + 'train_11.npy')
train_labels = np.load(timit_dir + 'train_label_11.npy')
test_data = np.load(timit_dir + 'test_11.npy')

print('train frames array: {}'.format(train_data.shape))
print('test frames array: {}'.format(test_data.shape))


# ## A torch Dataset wrapper

# cell 2


import torch
from torch.utils.data import Dataset

class FrameDataset(Dataset):
    def __init__(self, feats_x, labels_y=None):
        self.frames = torch.from_numpy(feats_x).float()
        if labels_y is not None:
            labels_y = labels_y.astype(np.int)
            self.targets = torch.LongTensor(labels_y)
        else:
            self.targets = None

    def __getitem__(self, k):
        if self.targets is not None:
            return self.frames[k], self.targets[k]
        else:
            return self.frames[k]

    def __len__(self):
        return len(self.frames)


# Hold out the tail of the labelled frames for validation; VALID_FRACTION sets how much.

# cell 3


VALID_FRACTION = 0.2

cut_at = int(train_data.shape[0] * (1 - VALID_FRACTION))
train_part_x, train_part_y, val_part_x, val_part_y = train_data[:cut_at], train_labels[:cut_at], train_data[cut_at:], train_labels[cut_at:]
print('frames kept for fitting: {}'.format(train_part_x.shape))
print('frames held out: {}'.format(val_part_x.shape))


# ## Search for a model

# cell 4


import numpy as np
import pandas as pd
import tensorflow as tf

import autokeras as ak


# cell 5


# AutoKeras searcher over tabular inputs.
searcher = ak.StructuredDataClassifier(
    overwrite=False,
    max_trials=100,
    tuner='bayesian',
    project_name='structured_data_classifier_{}'.format(run_id),
    seed=133
)
# Run the search on the fitting split.
searcher.fit(
    train_part_x,
    train_part_y,
    epochs=20,
    batch_size=320,
    validation_data=(val_part_x, val_part_y),
)


top_model = searcher.export_model()

# alternative: take it from searcher.tuner directly
top_model.save("autokeras_model0321_{}.h5".format(run_id))
print(top_model)

import keras
from keras.utils.vis_utils import plot_model
plot_model(top_model, to_file='model_plot_{}.png'.format(run_id), show_shapes=True, show_layer_names=True)

# Score the exported model.
train_guess = top_model.predict(train_part_x.astype(np.unicode))
val_guess = top_model.predict(val_part_x.astype(np.unicode))


print('fit-split accuracy', (train_guess==train_part_y).sum() / train_part_y.shape[0])
print('held-out accuracy', (val_guess==val_part_y).sum() / val_part_y.shape[0])

test_guess = top_model.predict(test_data.astype(np.unicode))


# Save the test predictions as CSV.
#
# The resulting `prediction_auto.csv` is what gets uploaded for scoring.

# cell 6


with open('prediction_auto.csv', 'w') as out:
    out.write('Id,Class\n')
    for i, label_y in enumerate(test_guess):
        out.write('{},{}\n'.format(i, label_y))
