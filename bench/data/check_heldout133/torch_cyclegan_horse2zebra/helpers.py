import random
import time
import datetime
import sys

from torch.autograd import Variable
import torch
from visdom import Visdom
import numpy as np

def to_uint8_image(t):
    arr = 127.5*(t[0].cpu().float().numpy() + 1.0)
    if arr.shape[0] == 1:
        arr = np.tile(arr, (3,1,1))
    return arr.astype(np.uint8)

class ProgressBoard():
    def __init__(self, n_epochs, steps_per_epoch):
        self.viz = Visdom()
        self.n_epochs = n_epochs
        self.steps_per_epoch = steps_per_epoch
        self.epoch = 1
        self.batch = 1
        self.last_t = time.time()
        self.elapsed = 0
        self.sums = {}
        self.curve_wins = {}
        self.picture_wins = {}


    def log(self, losses=None, images=None):
        self.elapsed += (time.time() - self.last_t)
        self.last_t = time.time()

        sys.stdout.write('\rEpoch %03d/%03d [%04d/%04d] -- ' % (self.epoch, self.n_epochs, self.batch, self.steps_per_epoch))

        for j, key in enumerate(losses.keys()):
            if key not in self.sums:
                self.sums[key] = losses[key].data[0]
            else:
                self.sums[key] += losses[key].data[0]

            if (j+1) == len(losses.keys()):
                sys.stdout.write('%s: %.4f -- ' % (key, self.sums[key]/self.batch))
            else:
                sys.stdout.write('%s: %.4f | ' % (key, self.sums[key]/self.batch))

        done = self.steps_per_epoch*(self.epoch - 1) + self.batch
        left = self.steps_per_epoch*(self.n_epochs - self.epoch) + self.steps_per_epoch - self.batch 
        sys.stdout.write('ETA: %s' % (datetime.timedelta(seconds=left*self.elapsed/done)))

        # pictures
        for key, t in images.items():
            if key not in self.picture_wins:
                self.picture_wins[key] = self.viz.image(to_uint8_image(t.data), opts={'title':key})
            else:
                self.viz.image(to_uint8_image(t.data), win=self.picture_wins[key], opts={'title':key})

        # epoch boundary
        if (self.batch % self.steps_per_epoch) == 0:
            # curves
            for key, total in self.sums.items():
                if key not in self.curve_wins:
                    self.curve_wins[key] = self.viz.line(X=np.array([self.epoch]), Y=np.array([total/self.batch]), 
                                                                    opts={'xlabel': 'epochs', 'ylabel': key, 'title': key})
                else:
                    self.viz.line(X=np.array([self.epoch]), Y=np.array([total/self.batch]), win=self.curve_wins[key], update='append')
                # restart the sums
                self.sums[key] = 0.0

            self.epoch += 1
            self.batch = 1
            sys.stdout.write('\n')
        else:
            self.batch += 1

        

class FakePool():
    def __init__(self, max_size=50):
        assert (max_size > 0), 'pool size must be positive'
        self.max_size = max_size
        self.items = []

    def swap(self, batch):
        out = []
        for item in batch.data:
            item = torch.unsqueeze(item, 0)
            if len(self.items) < self.max_size:
                self.items.append(item)
                out.append(item)
            else:
                if random.uniform(0,1) > 0.5:
                    j = random.randint(0, self.max_size-1)
                    out.append(self.items[j].clone())
                    self.items[j] = item
                else:
                    out.append(item)
        return Variable(torch.cat(out))

class LinearDecay():
    def __init__(self, n_epochs, offset, decay_start_epoch):
        assert ((n_epochs - decay_start_epoch) > 0), "the decay has to begin before the last epoch"
        self.n_epochs = n_epochs
        self.offset = offset
        self.decay_start_epoch = decay_start_epoch

    def step(self, epoch):
        return 1.0 - max(0, epoch + self.offset - self.decay_start_epoch)/(self.n_epochs - self.decay_start_epoch)

def init_gaussian(m):
    name = m.__class__.__name__
    if name.find('Conv') != -1:
        torch.nn.init.normal(m.weight.data, 0.0, 0.02)
    elif name.find('BatchNorm2d') != -1:
        torch.nn.init.normal(m.weight.data, 1.0, 0.02)
        torch.nn.init.constant(m.bias.data, 0.0)
