import numpy as np
import torch


class Averager:
    """
    Running sum, count and mean of a scalar
    """
    def __init__(self):
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


class StopEarly:
    def __init__(self, patience=7, mode="max", delta=0.001):
        self.patience = patience
        self.counter = 0
        self.mode = mode
        self.best = None
        self.stop = False
        self.delta = delta
        if self.mode == "min":
            self.last = np.Inf
        else:
            self.last = -np.Inf

    def __call__(self, value, model, path):

        if self.mode == "min":
            s = -1.0 * value
        else:
            s = np.copy(value)

        if self.best is None:
            self.best = s
            self.save(value, model, path)
        elif s < self.best + self.delta:
            self.counter += 1
            print('no improvement: {} of {}'.format(self.counter, self.patience))
            if self.counter >= self.patience:
                self.stop = True
        else:
            self.best = s
            self.save(value, model, path)
            self.counter = 0

    def save(self, value, model, path):
        if value not in [-np.inf, np.inf, -np.nan, np.nan]:
            print('score improved ({} -> {}); writing weights'.format(self.last, value))
            torch.save(model.state_dict(), path)
        self.last = value


def jaccard(a, b): 
    sa = set(a.lower().split()) 
    sb = set(b.lower().split())
    both = sa.intersection(sb)
    return float(len(both)) / (len(sa) + len(sb) - len(both))
    
