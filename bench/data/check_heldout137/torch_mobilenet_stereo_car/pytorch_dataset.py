import os
import sys
import pdb
import pickle

import numpy as np
import torch
from torch.utils.data import Dataset
from PIL import Image
import json

class AutonomousCarDataset(Dataset):
  """
  args:
    all_files - the pickled sample files to read
    transform_sample - what to do to each sample
  """
  def __init__(self, all_files, transform_sample=None):
    self.all_files = all_files
    self.transform_sample = transform_sample
    if not self.transform_sample:
        self.transform_sample = lambda s: s
    all_files.sort()

  """
  How many samples there are
  """
  def __len__(self):
    return len(self.all_files)

  """
  Read one sample from its file
  """
  def __getitem__(self, i):
    file_path = self.all_files[i]
    with open(file_path, "rb") as fh:
      stored = pickle.load(fh)
    sample = { "image"      : Image.fromarray(stored["image"].astype(np.uint8)),
               "throttle"   : stored["throttle"],
               "steer"      : stored["steer"],
               "path"       : file_path}
    sample = self.transform_sample(sample)
    return sample
