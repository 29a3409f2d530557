import gym
import math
import random
import tqdm
import numpy as np
import matplotlib
import matplotlib.pyplot as plt
from collections import namedtuple
from collections import deque
from itertools import count
from copy import deepcopy
from PIL import Image

STACK_DEPTH = 4
FRAME_W = 84
FRAME_H = 84
REPLAY_CAPACITY = 50000

Transition = namedtuple('Transition',
                        ('state', 'action', 'next_state', 'reward'))
class FrameReplay:

    def __init__(self, max_items = REPLAY_CAPACITY):
        self.max_items = max_items
        self.replay = []
        self.write_pos = 0

    def push(self, *args):
        if len(self.replay) < self.max_items:
            self.replay.append(None)
        self.replay[self.write_pos] = Transition(*args)
        self.write_pos = (self.write_pos + 1) % self.max_items

    def draw_batch(self, batch_size):
        return random.sample(self.replay, batch_size)

    def __len__(self):
        return len(self.replay)