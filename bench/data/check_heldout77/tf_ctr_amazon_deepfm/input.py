import numpy as np

class BatchFeeder:
  def __init__(self, rows, batch_size):

    self.batch_size = batch_size
    self.rows = rows
    self.n_batches = len(self.rows) // self.batch_size
    if self.n_batches * self.batch_size < len(self.rows):
      self.n_batches += 1
    self.k = 0

  def __iter__(self):
    return self

  def next(self):

    if self.k == self.n_batches:
      raise StopIteration

    part = self.rows[self.k * self.batch_size : min((self.k+1) * self.batch_size,
                                                    len(self.rows))]
    self.k += 1

    users, items, labels, lens = [], [], [], []
    for r in part:
      users.append(r[0])
      items.append(r[2])
      labels.append(r[3])
      lens.append(len(r[1]))
    longest = max(lens)

    hist = np.zeros([len(part), longest], np.int64)

    row = 0
    for r in part:
      for c in range(len(r[1])):
        hist[row][c] = r[1][c]
      row += 1

    return self.k, (users, items, labels, hist, lens)
