import numpy as np
import os
from glob import glob
import scipy.misc
import pandas as pd
import ast

class FaceDataset(object):
  def __init__(self, per_batch=64, source_data_dir='', labels_file_name=None, label_columns=None, file_glob='*.jpg', resize_to=None):
    image_files = glob(os.path.join(source_data_dir, file_glob))

    if resize_to:
      decoded_images = np.array([scipy.misc.imresize(scipy.misc.imread(image_file), resize_to).astype(np.float) for image_file in image_files]).astype(np.float32)
    else:
      decoded_images = np.array([scipy.misc.imread(image_file).astype(np.float) for image_file in image_files]).astype(np.float32)
    self.all_images = (decoded_images - 127.5) / 127.5

    label_rows = None
    if labels_file_name is not None:
      label_table = pd.read_csv(source_data_dir + "/" + labels_file_name, index_col=0, delim_whitespace=True)
      label_table[label_table == -1] = 0
      if label_columns:
        label_table = label_table[ast.literal_eval(label_columns)]
      label_rows = np.array([label_table.loc[os.path.basename(img_path)].tolist() for img_path in image_files], np.float)
    self.all_labels = label_rows

    self.per_batch = per_batch
    self.sample_total = len(self.all_images)
    self.rewind()

  def rewind(self):
    self.permute_rows()
    self.batch_cursor = 0

  def permute_rows(self):
    perm_idx = np.random.permutation(np.arange(self.sample_total))
    self.all_images = self.all_images[perm_idx]
    if self.all_labels is not None:
      self.all_labels = self.all_labels[perm_idx]

  def batch_available(self):
    rows_left = self.sample_total - self.batch_cursor
    return rows_left >= self.per_batch

  def take_batch(self):
    if not self.batch_available():
      self.rewind()
    image_batch = self.all_images[self.batch_cursor:self.batch_cursor + self.per_batch]
    if self.all_labels is not None:
      label_rows = self.all_labels[self.batch_cursor:self.batch_cursor + self.per_batch]
    self.batch_cursor += self.per_batch
    if self.all_labels is not None:
      return image_batch, label_rows
    else:
      return image_batch

  def all_data(self):
    if self.all_labels is not None:
      return self.all_images, self.all_labels
    else:
      return self.all_images
