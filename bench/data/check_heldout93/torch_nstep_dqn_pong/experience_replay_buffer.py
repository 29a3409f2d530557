from collections import deque, namedtuple
import numpy as np
import random

class PrioritizedStore:

  # note
  def __init__(self, capacity):
    self.buffer = deque(maxlen= capacity)
    self.prio = deque(maxlen=capacity)
    self.capacity = capacity
    """Doc.

    """
    self.alpha = 1.0

    """Doc.
    """
    self.beta = 0.5
    # note
    self.top_prio = 0.0


  # note
  def __len__(self):
    return len(self.buffer)

  # note
  def append(self, experience):
    self.buffer.append(experience)
    self.prio.append(self.top_prio)

  # note
  def update(self, index, priority):
    if priority > self.top_prio:
      self.top_prio = priority
    self.prio[index] = priority

  # note
  # note
  def sample(self, batch_size):
    p = np.array(self.prio, dtype=np.float64) + 1e-4
    p = p ** self.alpha # note
    probs = p / p.sum() # note

    weights = (self.__len__()* probs) ** -self.beta
    weights = weights/ weights.max() # note

    """Doc."""
    chosen = random.choices(range(self.__len__()), weights = probs, k=batch_size)

    """Doc.
    """
    sample = [(i, weights[i], *self.buffer[i]) for i in chosen]
    return sample